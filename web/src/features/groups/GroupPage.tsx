import { useId, useState, type FormEvent } from 'react'
import { Link, useParams } from '../../app/routing'
import { PageLoading } from '../../components/PageLoading'
import { PageMessage } from '../../components/PageMessage'
import { whatsappShareUrl } from '../../components/ShareButtons'
import { useAuth } from '../../lib/auth'
import { getEvent } from '../../lib/events/eventsApi'
import {
  changeGroup,
  getGroup,
  groupQRCode,
  shirtsBySize,
  type GroupWithMembers,
  type Member,
} from '../../lib/groups/groups'
import { ApiError } from '../../lib/platform/api'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { formatDate } from '../../lib/text/format'
import { GroupSheet } from './GroupSheet'

/**
 * /dashboard/grupos/{groupId} (signed in): the coach's page of a group (docs/requirements.md
 * GRP-12 … GRP-14, GRP-58): its link to share (copy, WhatsApp), its totals, shirts by size, its
 * members paid or not, the second coach, and for its coaches the spreadsheet of athletes checked. Its coaches and the event's owner and gestao see it; anyone
 * else reads that there is no such group, as the API answers them.
 */
export function GroupPage() {
  usePageMeta('groupPage')
  const { groupId = '' } = useParams()
  const { user } = useAuth()
  const [version, setVersion] = useState(0)
  const group = useResource(`group:${groupId}:${version}`, (signal) => getGroup(groupId, signal))
  const eventId = group.state === 'ready' ? group.data.eventId : null
  const event = useResource(eventId ? `event:${eventId}` : null, (signal) => getEvent(eventId!, signal))

  if (group.state === 'loading') return <PageLoading text="Carregando o grupo..." />
  if (group.state === 'error') {
    const notFound = group.error instanceof ApiError && group.error.status === 404
    return <PageMessage text={notFound ? 'Grupo não encontrado' : 'Não foi possível abrir o grupo. Tente novamente.'} />
  }
  const g = group.data
  return (
    <section className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-12">
      <header className="space-y-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Grupo</p>
        <h1 className="break-words text-3xl font-extrabold tracking-tight text-slate-900">{g.nome}</h1>
        {event.state === 'ready' && (
          <p className="text-slate-700">
            <Link
              to={`/event/${encodeURIComponent(event.data.id)}`}
              className="font-semibold text-brand-800 hover:underline"
            >
              {event.data.titulo}
            </Link>{' '}
            · {formatDate(event.data.dataEvento)}
          </p>
        )}
      </header>
      <ShareLink group={g} eventTitle={event.state === 'ready' ? event.data.titulo : ''} />
      {g.coaches.some((c) => c.userId === user?.uid) && (
        <GroupSheet
          groupId={g.id}
          regulamento={event.state === 'ready' ? event.data.regulamentoUrl || event.data.regulamento : ''}
        />
      )}
      <Totals members={g.membros} />
      <Members members={g.membros} />
      <KitPickup group={g} />
      <Coaches group={g} onChanged={() => setVersion((v) => v + 1)} />
    </section>
  )
}

/** The group's link with a copy button and a WhatsApp share (GRP-14). */
function ShareLink({ group, eventTitle }: { group: GroupWithMembers; eventTitle: string }) {
  const id = useId()
  const [status, setStatus] = useState('')
  const url = new URL(group.link, location.origin).href
  const message = `Inscreva-se${eventTitle ? ` em ${eventTitle}` : ''} com o grupo ${group.nome}:`

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setStatus('Link copiado! Agora é só colar onde quiser.')
    } catch {
      setStatus('Não foi possível copiar. Selecione o link e copie.')
    }
  }

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Link de inscrição do grupo
      </h2>
      <p className="text-sm text-slate-600">
        Quem se inscreve por este link entra no grupo e paga a própria inscrição.
      </p>
      <label className="block text-sm font-semibold text-slate-800">
        Link
        <input
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-normal text-slate-900"
        />
      </label>
      <p className="text-sm text-slate-700">
        Código do grupo: <strong className="font-mono tracking-wider">{group.codigo}</strong>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void copy()}
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Copiar link
        </button>
        <a
          href={whatsappShareUrl(message, url)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Compartilhar no WhatsApp
        </a>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </section>
  )
}

/**
 * "Retirar kits do grupo" (GRP-59): the group's QR code, which the kit desk reads to hand every paid
 * kit of the group to the coach at once; the unpaid ones stay until paid.
 */
function KitPickup({ group }: { group: GroupWithMembers }) {
  const id = useId()
  const paid = group.membros.filter((m) => m.pago).length
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Retirar kits do grupo
      </h2>
      <p className="text-sm text-slate-700">
        Mostre este QR code no balcão de retirada com um documento seu: a equipe entrega de uma vez os kits das
        inscrições pagas do grupo
        {paid > 0 ? ` (${paid} agora)` : ''}, registrando você como quem retirou. Inscrições não pagas não são
        entregues.
      </p>
      <img
        src={groupQRCode(group.id)}
        alt={`QR code do grupo ${group.codigo}`}
        width={200}
        height={200}
        className="h-[200px] w-[200px]"
      />
      <p className="text-sm text-slate-700">
        Sem câmera no balcão? Informe o código <strong className="font-mono tracking-wider">{group.codigo}</strong>.
      </p>
    </section>
  )
}

/** Inscritos, pagos, aguardando pagamento and the shirts by size (GRP-12). */
function Totals({ members }: { members: Member[] }) {
  const id = useId()
  const paid = members.filter((m) => m.pago).length
  const shirts = shirtsBySize(members)
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Totais
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Inscritos', members.length],
          ['Pagos', paid],
          ['Aguardando pagamento', members.length - paid],
        ].map(([label, n]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs font-semibold text-slate-600 sm:text-sm">{label}</dt>
            <dd className="text-2xl font-extrabold text-slate-900">{n}</dd>
          </div>
        ))}
      </dl>
      {shirts.length > 0 && (
        <table className="w-full max-w-sm text-left text-sm">
          <caption className="pb-1 text-left font-semibold text-slate-800">Camisetas por tamanho</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-3">
                Tamanho
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Total
              </th>
              <th scope="col" className="py-1 text-right">
                Pagas
              </th>
            </tr>
          </thead>
          <tbody>
            {shirts.map((s) => (
              <tr key={s.tamanho} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-900">
                  {s.tamanho}
                </th>
                <td className="py-1 pr-3 text-right">{s.total}</td>
                <td className="py-1 text-right">{s.pagas}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** The group's registrations, each paid or awaiting payment (GRP-12). */
function Members({ members }: { members: Member[] }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Inscritos do grupo
      </h2>
      {members.length === 0 ? (
        <p className="text-slate-600">Ninguém se inscreveu pelo link do grupo ainda.</p>
      ) : (
        <ul
          aria-labelledby={`${id}-titulo`}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {members.map((m) => (
            <li key={m.inscricaoId} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900">{m.nome}</p>
                <p className="text-sm text-slate-600">
                  {m.percurso} · Camiseta {m.camiseta || '—'}
                </p>
              </div>
              <span
                className={`rounded-full px-3 py-1 text-sm font-semibold ${m.pago ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
              >
                {m.pago ? 'Pago' : 'Aguardando pagamento'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The coaches, and the form that adds the second (GRP-6). */
function Coaches({ group, onChanged }: { group: GroupWithMembers; onChanged: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function onAdd(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      await changeGroup(group.id, { coachEmail: email.trim() })
      setEmail('')
      onChanged()
    } catch (err) {
      console.error(err)
      setError(
        err instanceof ApiError ? err.fields.coachEmail || err.message : 'Não foi possível adicionar. Tente novamente.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Treinadores
      </h2>
      <ul className="text-slate-800">
        {group.coaches.map((c) => (
          <li key={c.userId}>{c.nome}</li>
        ))}
      </ul>
      {group.coaches.length < 2 && (
        <form onSubmit={onAdd} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
              E-mail do segundo treinador
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-erro` : `${id}-dica`}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            {busy ? 'Adicionando...' : 'Adicionar treinador'}
          </button>
          <p id={`${id}-dica`} className="text-sm text-slate-600 sm:col-span-2">
            A pessoa precisa ter conta no Pelotão com o e-mail confirmado.
          </p>
          {error && (
            <p id={`${id}-erro`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  )
}
