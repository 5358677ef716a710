import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Link } from '../../../app/routing'
import { ApiError } from '../../../lib/platform/api'
import { cancelRegistration } from '../../../lib/registration/cancelOrder'
import type { MyRegistration } from '../../../lib/registration/orders'
import { formatInstant } from '../../../lib/registration/receipt'
import { formatMoney } from '../../../lib/text/format'
import { cancelState, eventPath } from './registrationActions'

type Props = {
  registration: MyRegistration
  /** The registrations of the same order in the list: the others stay when this one is cancelled. */
  order: MyRegistration[]
  onCancelled: () => Promise<void>
}

/**
 * The cancellation of one registration of a paid order, by its buyer or its athlete (REG-117, REG-118, REG-244):
 * inside the window a button that asks first, naming the athlete and what comes back — the server's figure for this
 * registration (its share, less what the organizer already refunded: REG-167) — and that the order's other
 * registrations stay; outside it, why, and whom to ask.
 */
export function CancelRegistration({ registration: r, order, onCancelled }: Props) {
  const [asking, setAsking] = useState(false)
  const state = cancelState(r)
  if (state.kind === 'none') return null
  if (state.kind === 'refunding') {
    // The order's cancellation and an organizer's refund read alike here: say what is on its way, not who asked (REG-280).
    return (
      <p className="text-sm font-medium text-amber-800">
        Reembolso de {formatMoney(state.valor)} em processamento: o valor volta pelo Pix para a conta que pagou o
        pedido.
      </p>
    )
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

  const back = state.valor
  const whole = back === r.total
  const others = order.filter((o) => o.id !== r.id && o.status === 'confirmada').length
  const payer = r.comprador
    ? 'para a conta que pagou, e você recebe um e-mail'
    : 'para a conta de quem pagou o pedido, que recebe um e-mail'
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-600">
        {back === 0
          ? 'Cancelamento'
          : whole
            ? `Cancelamento com reembolso integral (${formatMoney(back)})`
            : `Cancelamento com reembolso de ${formatMoney(back)}`}{' '}
        até {formatInstant(state.ate)}.
      </p>
      <button
        type="button"
        onClick={() => setAsking(true)}
        aria-label={`Cancelar a inscrição de ${r.nome}`}
        className="min-h-11 rounded-full border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50"
      >
        Cancelar inscrição
      </button>
      {asking && (
        <ConfirmDialog
          title={`Cancelar a inscrição de ${r.nome}?`}
          confirmLabel={back > 0 ? 'Cancelar e reembolsar' : 'Cancelar inscrição'}
          dismissLabel="Voltar"
          busyLabel="Cancelando..."
          onConfirm={async () => {
            await cancelRegistration(r.id)
            await onCancelled()
            setAsking(false)
          }}
          failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível cancelar. Tente novamente.')}
          onClose={() => setAsking(false)}
        >
          {r.total === 0
            ? 'A inscrição foi gratuita: não há valor a devolver. '
            : whole
              ? `${formatMoney(back)} serão devolvidos pelo Pix ${payer} quando o reembolso for concluído. `
              : back > 0
                ? `Do valor desta inscrição, ${formatMoney(r.total)}, a organização já reembolsou parte do pedido: ${formatMoney(back)} serão devolvidos pelo Pix ${payer} quando o reembolso for concluído. `
                : `O valor desta inscrição, ${formatMoney(r.total)}, já foi reembolsado pela organização: não há mais nada a devolver. `}
          {`${r.nome} deixa ${r.evento.titulo} e a vaga é liberada. `}
          {others > 0 && `As outras inscrições do pedido continuam valendo. `}
          Isso não pode ser desfeito.
        </ConfirmDialog>
      )}
    </div>
  )
}
