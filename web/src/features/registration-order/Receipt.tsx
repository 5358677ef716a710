import { useEffect } from 'react'
import type { Organizador } from '../../lib/events/event'
import type { Order } from '../../lib/registration/orders'
import { formatInstant, receiptId, refundable, refundStatusLabels } from '../../lib/registration/receipt'
import { formatMoney } from '../../lib/text/format'

const rowClass = 'flex justify-between gap-3'

/**
 * The receipt of an order once paid, refunded or not (docs/requirements.md REG-165): its number and when it was paid, each
 * athlete's modality, lot, price, discount and total, the total paid, every refund with its status
 * and time, and what stays paid once the refunds are taken off. Instants read as São Paulo reads them.
 * It names the seller (the event's organizador, when given) and the payment method, and prints
 * (REG-270).
 */
export function Receipt({ order, organizador }: { order: Order; organizador?: Organizador }) {
  // A link to #recibo arrives before the order is read; the section exists only now.
  useEffect(() => {
    if (location.hash === `#${receiptId}`) document.getElementById(receiptId)?.scrollIntoView()
  }, [])

  if (!order.pagoEm) return null
  const refunds = order.reembolsos
  return (
    <section
      id={receiptId}
      aria-labelledby={`${receiptId}-titulo`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${receiptId}-titulo`} className="text-lg font-bold text-slate-900">
          Recibo
        </h2>
        <button
          type="button"
          onClick={() => window.print()}
          className="min-h-11 rounded-md border border-slate-300 px-3 font-semibold text-slate-900 hover:bg-slate-50 print:hidden"
        >
          Imprimir recibo
        </button>
      </div>
      <dl className="space-y-1">
        <div className={rowClass}>
          <dt>Pedido</dt>
          <dd className="break-all font-mono text-slate-900">{order.id}</dd>
        </div>
        <div className={rowClass}>
          <dt>Pago em</dt>
          <dd className="text-slate-900">{formatInstant(order.pagoEm)}</dd>
        </div>
        <div className={rowClass}>
          <dt>Forma de pagamento</dt>
          <dd className="text-slate-900">{order.pagamento === 'cartao' ? 'Cartão de crédito' : 'Pix'}</dd>
        </div>
        {organizador?.razaoSocial && (
          <div className={rowClass}>
            <dt>Organizador</dt>
            <dd className="text-right text-slate-900">{organizador.razaoSocial}</dd>
          </div>
        )}
        {organizador?.cnpj && (
          <div className={rowClass}>
            <dt>CNPJ</dt>
            <dd className="font-mono text-slate-900">{organizador.cnpj}</dd>
          </div>
        )}
      </dl>
      <ul aria-label="Inscrições pagas" className="divide-y divide-slate-200 border-y border-slate-200">
        {order.inscricoes.map((r) => (
          <li key={r.id} className="space-y-1 py-3">
            <p className="font-semibold text-slate-900">{r.nome}</p>
            <p className="text-sm">{[r.percurso, r.lote].filter(Boolean).join(' · ')}</p>
            <dl className="space-y-0.5 text-sm">
              <div className={rowClass}>
                <dt>Valor</dt>
                <dd>{formatMoney(r.valor)}</dd>
              </div>
              <div className={rowClass}>
                <dt>{r.descontoGrupo ? `Desconto de grupo ${r.descontoGrupo}%` : 'Desconto'}</dt>
                <dd>{formatMoney(r.desconto)}</dd>
              </div>
              <div className={`${rowClass} font-semibold text-slate-900`}>
                <dt>Total</dt>
                <dd>{formatMoney(r.total)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <dl>
        <div className={`${rowClass} font-bold text-slate-900`}>
          <dt>Total pago</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
      </dl>
      {refunds.length > 0 && (
        <>
          <h3 className="font-bold text-slate-900">Reembolsos</h3>
          <ul aria-label="Reembolsos" className="space-y-2 text-sm">
            {refunds.map((f, i) => (
              <li key={i} className={rowClass}>
                <span>
                  {formatInstant(f.horario)} · {refundStatusLabels[f.status] ?? f.status}
                </span>
                <span
                  className={
                    f.status === 'NAO_REALIZADO' ? 'text-slate-500 line-through' : 'font-semibold text-slate-900'
                  }
                >
                  {formatMoney(f.valor)}
                </span>
              </li>
            ))}
          </ul>
          {refunds.some((f) => f.status === 'NAO_REALIZADO') && (
            <p className="text-sm text-slate-600">Um reembolso não realizado não devolveu nada e não é descontado.</p>
          )}
          <dl>
            <div className={`${rowClass} font-bold text-slate-900`}>
              <dt>Pago, descontados os reembolsos</dt>
              <dd>{formatMoney(refundable(order))}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  )
}
