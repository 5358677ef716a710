import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Link } from '../../../app/routing'
import { ApiError } from '../../../lib/platform/api'
import { cancelOrder } from '../../../lib/registration/cancelOrder'
import type { MyRegistration } from '../../../lib/registration/orders'
import { formatInstant, refundable } from '../../../lib/registration/receipt'
import { formatMoney } from '../../../lib/text/format'
import { cancelState, eventPath } from './registrationActions'

type Props = {
  registration: MyRegistration
  /** The registrations of the same order in the list: a cancellation takes them all. */
  order: MyRegistration[]
  onCancelled: () => Promise<void>
}

/**
 * The buyer's cancellation of a paid order (REG-117, REG-118): inside the window a button that asks
 * first, saying what comes back (what was paid, less what the organizer already refunded: REG-167)
 * and what leaves the event; outside it, why, and whom to ask.
 */
export function CancelRegistration({ registration: r, order, onCancelled }: Props) {
  const [asking, setAsking] = useState(false)
  const state = cancelState(r)
  if (state.kind === 'none') return null
  if (state.kind === 'refunding') {
    return <p className="text-sm font-medium text-amber-800">Cancelamento pedido: o reembolso está em processamento.</p>
  }
  if (state.kind === 'closed') {
    return (
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p>{state.motivo}</p>
        <p className="mt-1">
          <Link to={eventPath(r.evento.id)} className="font-semibold text-brand-800 hover:underline">
            Ver contatos na página do evento
          </Link>
        </p>
      </div>
    )
  }

  // In centavos first: 89.9 + 79.95 is not 169.85 in floating point.
  const total = order.reduce((sum, item) => sum + Math.round(item.total * 100), 0) / 100
  const back = refundable({ total, reembolsos: r.reembolsos })
  const whole = back === total
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-600">
        {whole ? 'Cancelamento com reembolso integral' : `Cancelamento com reembolso de ${formatMoney(back)}`} até {formatInstant(state.ate)}.
      </p>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="min-h-11 rounded-full border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50"
      >
        Cancelar inscrição
      </button>
      {asking && (
        <ConfirmDialog
          title="Cancelar inscrição?"
          confirmLabel={back > 0 ? 'Cancelar e reembolsar' : 'Cancelar inscrição'}
          dismissLabel="Voltar"
          busyLabel="Cancelando..."
          onConfirm={async () => {
            await cancelOrder(r.pedidoId)
            await onCancelled()
            setAsking(false)
          }}
          failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível cancelar. Tente novamente.')}
          onClose={() => setAsking(false)}
        >
          {order.length > 1
            ? `O pedido inteiro será cancelado: as ${order.length} inscrições dele deixam ${r.evento.titulo} e as vagas são liberadas. `
            : `A inscrição de ${r.nome} em ${r.evento.titulo} será cancelada e a vaga liberada. `}
          {total === 0
            ? 'A inscrição foi gratuita: não há valor a devolver. '
            : whole
              ? `O valor pago, ${formatMoney(total)}, volta integralmente pelo Pix para a conta que pagou, e você recebe um e-mail quando o reembolso for concluído. `
              : back > 0
                ? `Do valor pago, ${formatMoney(total)}, a organização já reembolsou ${formatMoney(total - back)}: os ${formatMoney(back)} restantes voltam pelo Pix para a conta que pagou, e você recebe um e-mail quando o reembolso for concluído. `
                : `O valor pago, ${formatMoney(total)}, já foi todo reembolsado pela organização: não há mais nada a devolver. `}
          Isso não pode ser desfeito.
        </ConfirmDialog>
      )}
    </div>
  )
}
