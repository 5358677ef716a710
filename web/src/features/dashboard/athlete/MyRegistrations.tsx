import { useEffect } from 'react'
import { Link } from '../../../app/routing'
import { useResource } from '../../../lib/platform/resource'
import { RegistrationQRCode } from '../../../components/RegistrationQRCode'
import { myRegistrations, orderPath, orderStatusLabels, type MyRegistration } from '../../../lib/registration/orders'
import { formatDate } from '../../../lib/text/format'

export const myRegistrationsId = 'minhas-inscricoes'

/**
 * "Minhas inscrições": what the account bought and what others bought for its verified e-mail,
 * with status, bib, QR code and the order (docs/requirements.md REG-83). Its own chunk, loaded when
 * the athlete's panel opens.
 */
export function MyRegistrations() {
  const list = useResource('my-registrations', myRegistrations)
  const ready = list.state === 'ready'
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
      ) : list.data.length === 0 ? (
        <p className="text-slate-600">Você ainda não tem inscrições feitas pelo Pelotão.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {list.data.map((r) => (
            <li key={r.id}>
              <RegistrationItem registration={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function RegistrationItem({ registration: r }: { registration: MyRegistration }) {
  const status = r.pedidoStatus === 'pago' && r.status === 'cancelada' ? 'Cancelada' : orderStatusLabels[r.pedidoStatus]
  return (
    <article className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {r.codigo && <RegistrationQRCode codigo={r.codigo} size={96} lazy className="h-24 w-24" />}
      <div className="min-w-0 space-y-1 text-sm text-slate-700">
        <h3 className="break-words text-base font-bold text-slate-900">{r.evento.titulo || 'Evento'}</h3>
        <p>{formatDate(r.evento.dataEvento)}</p>
        <p>
          {r.nome} — {r.percurso}
        </p>
        <p>
          Situação: <strong>{status}</strong>
        </p>
        {r.numeroPeito != null && <p>Número de peito: {r.numeroPeito}</p>}
        {r.codigo && (
          <p>
            Código: <span className="font-mono">{r.codigo}</span>
          </p>
        )}
        {r.comprador && (
          <Link to={orderPath(r.evento.id, r.pedidoId)} className="inline-block font-semibold text-brand-800 hover:underline">
            Ver pedido
          </Link>
        )}
      </div>
    </article>
  )
}
