import { useEffect, useState } from 'react'
import { Link } from '../../../app/routing'
import { CancelUnpaidOrder } from '../../../components/CancelUnpaidOrder'
import { EmailAddress } from '../../../components/EmailAddress'
import { useAuth } from '../../../lib/auth'
import { useResource } from '../../../lib/platform/resource'
import { RegistrationQRCode } from '../../../components/RegistrationQRCode'
import {
  myRegistrations,
  orderPath,
  runnerOrderStatusLabels,
  type MyRegistration,
} from '../../../lib/registration/orders'
import { receiptPath } from '../../../lib/registration/receipt'
import { formatDate } from '../../../lib/text/format'
import { ResendVerification } from '../../../components/ResendVerification'
import { CancelRegistration } from './CancelRegistration'
import { EditRegistration } from './EditRegistration'
import { RegistrationResult } from './RegistrationResult'
import { refunding, withdrawn } from './registrationActions'

export const myRegistrationsId = 'minhas-inscricoes'

/**
 * "Minhas inscrições": what the account bought and what others bought for its verified e-mail,
 * with status, bib, QR code, the order and its receipt (docs/requirements.md REG-83, REG-166); its
 * edits, the buyer's cancellation and, after the race, the athlete's result (REG-117 to REG-120); the
 * buyer's cancellation of an order awaiting payment (REG-171); the orders that ended unpaid apart (REG-283). Its own chunk, loaded
 * when the athlete's panel opens.
 */
export function MyRegistrations() {
  const list = useResource('my-registrations', myRegistrations)
  // The list as read again after a cancellation or an edit, in place (the open item keeps its focus).
  const [fresh, setFresh] = useState<MyRegistration[] | null>(null)
  const ready = list.state === 'ready'
  const items = fresh ?? list.data
  // A failed re-read leaves the list as it was: what was done is done, and the next visit shows it.
  const reload = () => myRegistrations().then(setFresh, (err: unknown) => console.error(err))
  // A link to #minhas-inscricoes (the order page's) scrolls here once the list has its height.
  useEffect(() => {
    if (ready && location.hash === `#${myRegistrationsId}`) document.getElementById(myRegistrationsId)?.scrollIntoView()
  }, [ready])

  return (
    <section id={myRegistrationsId} aria-labelledby={`${myRegistrationsId}-titulo`} className="space-y-4">
      <h2 id={`${myRegistrationsId}-titulo`} className="text-xl font-bold text-slate-900">
        Minhas inscrições
      </h2>
      {list.state === 'loading' ? (
        <p role="status" className="text-slate-600">
          Carregando suas inscrições...
        </p>
      ) : list.state === 'error' ? (
        <p role="alert" className="text-red-700">
          Não foi possível carregar suas inscrições. Tente novamente mais tarde.
        </p>
      ) : !items || items.length === 0 ? (
        <NoRegistrations />
      ) : (
        <RegistrationGroups items={items} onChanged={reload} />
      )}
    </section>
  )
}

/**
 * The empty list. An account that has not confirmed its e-mail cannot see yet what others bought
 * for that address: it is told so, with the button that sends the link again (REG-263).
 */
function NoRegistrations() {
  const { user } = useAuth()
  if (!user || user.emailVerificado)
    return <p className="text-slate-600">Você ainda não tem inscrições feitas pelo Pelotão.</p>
  return (
    <div className="space-y-3 text-slate-600">
      <p>
        Confirme seu e-mail para ver as inscrições feitas em seu nome: as que outra pessoa fez para{' '}
        <EmailAddress email={user.email} /> aparecem aqui depois da confirmação.
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <ResendVerification buttonClass="rounded-lg border border-brand-700 px-3 py-1.5 font-semibold text-brand-800 hover:bg-brand-50" />
      </div>
    </div>
  )
}

/** An order that ended unpaid: cancelled before paying, or its Pix expired. */
const endedUnpaid = (r: MyRegistration) => r.pedidoStatus === 'cancelado' || r.pedidoStatus === 'expirado'

/**
 * The list in the server's order (newest order first), the orders that ended unpaid set apart below the others in a
 * closed "Pedidos cancelados ou expirados (N)", N their orders (REG-283).
 */
function RegistrationGroups({ items, onChanged }: { items: MyRegistration[]; onChanged: () => Promise<void> }) {
  const ended = items.filter(endedUnpaid)
  const current = items.filter((r) => !endedUnpaid(r))
  const list = (group: MyRegistration[]) => (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {group.map((r) => (
        <li key={r.id}>
          <RegistrationItem
            registration={r}
            order={items.filter((o) => o.pedidoId === r.pedidoId)}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ul>
  )
  return (
    <>
      {current.length > 0 && list(current)}
      {ended.length > 0 && (
        <details className="space-y-4">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-800">
            Pedidos cancelados ou expirados ({new Set(ended.map((r) => r.pedidoId)).size})
          </summary>
          {list(ended)}
        </details>
      )}
    </>
  )
}

type ItemProps = { registration: MyRegistration; order: MyRegistration[]; onChanged: () => Promise<void> }

function RegistrationItem({ registration: r, order, onChanged }: ItemProps) {
  return (
    <article className="h-full space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
      <RegistrationSummary registration={r} />
      {r.resultado && <RegistrationResult result={r.resultado} titulo={r.evento.titulo} />}
      {!withdrawn(r) && <EditRegistration registration={r} onSaved={onChanged} />}
      <CancelRegistration registration={r} order={order} onCancelled={onChanged} />
      {r.comprador && r.pedidoStatus === 'aguardando_pagamento' && (
        <CancelUnpaidOrder
          orderId={r.pedidoId}
          athletes={order.length}
          onCancelled={onChanged}
          onRefused={() => void onChanged()}
        />
      )}
    </article>
  )
}

function statusOf(r: MyRegistration): string {
  if (r.pedidoStatus === 'pago' && r.status === 'cancelada') return runnerOrderStatusLabels.cancelado
  if (r.pedidoStatus === 'pago' && refunding(r)) return 'Reembolso em processamento'
  return runnerOrderStatusLabels[r.pedidoStatus]
}

function RegistrationSummary({ registration: r }: { registration: MyRegistration }) {
  return (
    <div className="flex gap-4">
      {r.codigo && !withdrawn(r) && <RegistrationQRCode codigo={r.codigo} size={96} lazy className="h-24 w-24" />}
      <div className="min-w-0 space-y-1">
        <h3 className="break-words text-base font-bold text-slate-900">{r.evento.titulo || 'Evento'}</h3>
        <p>{formatDate(r.evento.dataEvento)}</p>
        <p>
          {r.nome} — {r.percurso}
        </p>
        <p>
          Situação: <strong>{statusOf(r)}</strong>
        </p>
        {r.numeroPeito != null && <p>Número de peito: {r.numeroPeito}</p>}
        <p>Camiseta: {r.camiseta}</p>
        {r.equipe && <p>Equipe: {r.equipe}</p>}
        {r.codigo && (
          <p>
            Código: <span className="font-mono">{r.codigo}</span>
          </p>
        )}
        {r.comprador && (
          <p className="flex flex-wrap gap-x-4">
            <Link
              to={orderPath(r.evento.id, r.pedidoId)}
              className="inline-block font-semibold text-brand-800 hover:underline"
            >
              Ver pedido
            </Link>
            {(r.pedidoStatus === 'pago' || r.pedidoStatus === 'reembolsado') && (
              <Link
                to={receiptPath(r.evento.id, r.pedidoId)}
                aria-label={`Recibo da inscrição de ${r.nome} em ${r.evento.titulo || 'Evento'}`}
                className="inline-block font-semibold text-brand-800 hover:underline"
              >
                Recibo
              </Link>
            )}
          </p>
        )}
      </div>
    </div>
  )
}
