import { useRef, useState } from 'react'
import { Link } from '../../../app/routing'
import type { EventSummary } from '../../../lib/events/event'
import { deleteEvent } from '../../../lib/events/eventsApi'
import type { Resource } from '../../../lib/platform/resource'
import { organizerEventPath } from '../../../lib/team/staff'
import { titleOf } from '../../../lib/events/eventText'
import { actionClass, EventItem, eventListClass, mainActionClass } from '../EventItem'
import { DeleteEventDialog } from './DeleteEventDialog'

type Props = {
  /** GET /api/events?owner=me, loaded by the dashboard, which also picks the panel by it. */
  mine: Resource<EventSummary[]>
  onDeleted?: (id: string) => void
}

/** 'Meus eventos': the signed-in user's real events, to manage, view, edit or delete. */
export function MyEvents({ mine, onDeleted: tell }: Props) {
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set())
  const [confirming, setConfirming] = useState<EventSummary | null>(null)
  const [notice, setNotice] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const events = mine.state === 'ready' ? mine.data.filter((e) => !deleted.has(e.id)) : []

  function onDeleted(event: EventSummary) {
    setDeleted((before) => new Set(before).add(event.id))
    setConfirming(null)
    setNotice(`Evento "${titleOf(event)}" excluído.`)
    tell?.(event.id)
    // The button that opened the dialog is gone with its event; keep the keyboard in this section.
    heading.current?.focus()
  }

  return (
    <section aria-labelledby="meus-eventos-titulo" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} id="meus-eventos-titulo" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Meus eventos
        </h2>
        <Link
          to="/cadastro"
          className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Novo evento
        </Link>
      </div>
      <p role="status" className="text-sm font-semibold text-brand-800">
        {notice}
      </p>

      {mine.state === 'loading' ? (
        <p role="status" className="text-slate-600">
          Carregando eventos...
        </p>
      ) : mine.state === 'error' ? (
        <p role="alert" className="text-red-700">
          Não foi possível carregar seus eventos. Tente novamente mais tarde.
        </p>
      ) : events.length === 0 ? (
        <p className="text-slate-600">Você ainda não cadastrou eventos.</p>
      ) : (
        <ul aria-labelledby="meus-eventos-titulo" className={eventListClass}>
          {events.map((e) => {
            const titulo = titleOf(e)
            return (
              <EventItem key={e.id} event={e} detail={e.status}>
                <Link to={organizerEventPath(e.id)} aria-label={`Gerenciar ${titulo}`} className={mainActionClass}>
                  Gerenciar
                </Link>
                <Link to={`/event/${encodeURIComponent(e.id)}`} aria-label={`Ver ${titulo}`} className={actionClass}>
                  Ver
                </Link>
                <Link
                  to={`/cadastro/${encodeURIComponent(e.id)}`}
                  aria-label={`Editar ${titulo}`}
                  className={actionClass}
                >
                  Editar
                </Link>
                <button
                  type="button"
                  aria-label={`Excluir ${titulo}`}
                  onClick={() => setConfirming(e)}
                  className="rounded-full border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                >
                  Excluir
                </button>
              </EventItem>
            )
          })}
        </ul>
      )}

      {confirming && (
        <DeleteEventDialog
          titulo={titleOf(confirming)}
          onConfirm={() => deleteEvent(confirming.id).then(() => onDeleted(confirming))}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  )
}
