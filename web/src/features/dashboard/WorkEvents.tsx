import { Link } from '../../app/routing'
import { fallbacks, titleOf } from '../../lib/eventText'
import { formatDate } from '../../lib/format'
import { useResource } from '../../lib/resource'
import { kitDeskPath, listWorkEvents, organizerEventPath, roleLabels } from '../../lib/staff'
import { eventLocation } from './eventText'

/**
 * 'Eventos em que trabalho': the events the user was invited to work on, with their role, above
 * both panels so that a volunteer finds the kit desk at once. Nothing shows for someone on no team.
 */
export function WorkEvents() {
  const work = useResource('work-events', listWorkEvents)
  if (work.state !== 'ready' || work.data.length === 0) return null
  return (
    <section aria-labelledby="trabalho-titulo" className="space-y-3">
      <h2 id="trabalho-titulo" className="text-xl font-bold text-slate-900">
        Eventos em que trabalho
      </h2>
      <ul aria-labelledby="trabalho-titulo" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {work.data.map(({ role, event }) => {
          const titulo = titleOf(event)
          return (
            <li key={event.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h3 className="break-words font-bold text-slate-900">{titulo}</h3>
                <p className="text-sm text-slate-600">
                  {formatDate(event.dataEvento)} · {eventLocation(event.local) || fallbacks.local} · {roleLabels[role]}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {role === 'retirada' && (
                  <a
                    href={kitDeskPath(event.id)}
                    aria-label={`Balcão de retirada de ${titulo}`}
                    className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    Balcão de retirada
                  </a>
                )}
                <Link
                  to={organizerEventPath(event.id)}
                  aria-label={`Abrir ${titulo}`}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  Abrir
                </Link>
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
