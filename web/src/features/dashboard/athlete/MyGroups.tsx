import { useId, useState, type FormEvent } from 'react'
import { Link } from '../../../app/routing'
import type { EventSummary } from '../../../lib/events/event'
import { createGroup, groupPagePath, myGroups, type MyGroup } from '../../../lib/groups/groups'
import { useAuth } from '../../../lib/auth'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { formatDate } from '../../../lib/text/format'

/**
 * "Meus grupos" on the athlete's panel (docs/requirements.md GRP-13, GRP-15): the groups the
 * account coaches, each with a link to its page, and the form that creates one for an event open
 * for registration. A coach starts here, where the group's page lives, rather than on the
 * registration form, which athletes fill in and whose JavaScript is at its budget. Its own chunk.
 */
export function MyGroups({ events }: { events: EventSummary[] }) {
  const id = useId()
  const [version, setVersion] = useState(0)
  const list = useResource(`my-groups:${version}`, myGroups)
  const [opened, setOpened] = useState(false)

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
          Meus grupos
        </h2>
        {!opened && (
          <button
            type="button"
            onClick={() => setOpened(true)}
            className="min-h-11 rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Criar grupo
          </button>
        )}
      </div>
      {opened && (
        <CreateGroup events={events} onClose={() => setOpened(false)} onCreated={() => setVersion((v) => v + 1)} />
      )}
      {list.state === 'loading' ? (
        <p role="status" className="text-slate-600">
          Carregando seus grupos...
        </p>
      ) : list.state === 'error' ? (
        <p role="alert" className="text-red-700">
          Não foi possível carregar seus grupos. Tente novamente mais tarde.
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">
          Treina uma assessoria? Crie um grupo para o evento e mande o link: quem se inscreve por ele entra no grupo.
        </p>
      ) : (
        <ul
          aria-labelledby={`${id}-titulo`}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {list.data.map((g) => (
            <GroupItem key={g.id} group={g} />
          ))}
        </ul>
      )}
    </section>
  )
}

function GroupItem({ group }: { group: MyGroup }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-4">
      <div className="min-w-0">
        <Link to={groupPagePath(group.id)} className="break-words font-semibold text-brand-800 hover:underline">
          {group.nome}
        </Link>
        <p className="break-words text-sm text-slate-600">
          {group.evento.titulo} · {formatDate(group.evento.dataEvento)}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        {group.inscritos === 1 ? '1 inscrito' : `${group.inscritos} inscritos`} ·{' '}
        {group.confirmados === 1 ? '1 pago' : `${group.confirmados} pagos`}
      </p>
    </li>
  )
}

/** The creation form: the event, the name; the server's refusal at its field (GRP-1, GRP-2). */
function CreateGroup({
  events,
  onClose,
  onCreated,
}: {
  events: EventSummary[]
  onClose: () => void
  onCreated: () => void
}) {
  const id = useId()
  const { user } = useAuth()
  const [picked, setPicked] = useState('')
  // The events arrive with the panel: until one is picked, the first is.
  const eventId = events.some((e) => e.id === picked) ? picked : (events[0]?.id ?? '')
  const [nome, setNome] = useState('')
  const [errors, setErrors] = useState<{ nome?: string; geral?: string }>({})
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<{ id: string; nome: string } | null>(null)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const g = await createGroup(eventId, nome)
      setCreated({ id: g.id, nome: g.nome })
      setNome('')
      onCreated()
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError && err.fields.nome) setErrors({ nome: err.fields.nome })
      else
        setErrors({ geral: err instanceof ApiError ? err.message : 'Não foi possível criar o grupo. Tente novamente.' })
    } finally {
      setBusy(false)
    }
  }

  if (user && !user.emailVerificado) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
        Confirme seu e-mail para criar um grupo.
      </p>
    )
  }
  if (events.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
        Nenhum evento com inscrições abertas no momento.
      </p>
    )
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Novo grupo
      </h3>
      <div>
        <label htmlFor={`${id}-evento`} className="block text-sm font-semibold text-slate-800">
          Evento
        </label>
        <select
          id={`${id}-evento`}
          value={eventId}
          onChange={(e) => setPicked(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
        >
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.titulo} · {formatDate(e.dataEvento)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-nome`} className="block text-sm font-semibold text-slate-800">
          Nome do grupo
        </label>
        <input
          id={`${id}-nome`}
          value={nome}
          maxLength={80}
          placeholder="Ex.: Assessoria Corre Curitiba"
          onChange={(e) => setNome(e.target.value)}
          aria-invalid={errors.nome ? true : undefined}
          aria-describedby={errors.nome ? `${id}-nome-erro` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {errors.nome && (
          <p id={`${id}-nome-erro`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.nome}
          </p>
        )}
      </div>
      {errors.geral && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.geral}
        </p>
      )}
      <p role="status" className="text-sm font-semibold text-brand-800">
        {created && (
          <>
            Grupo {created.nome} criado.{' '}
            <Link to={groupPagePath(created.id)} className="underline">
              Abrir o grupo e copiar o link
            </Link>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Criando...' : 'Criar grupo'}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-full px-5 font-semibold text-slate-700 hover:bg-slate-100"
        >
          Fechar
        </button>
      </div>
    </form>
  )
}
