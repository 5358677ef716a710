import { useState } from 'react'
import { ApiError } from '../lib/platform/api'
import { cancelOrder } from '../lib/registration/cancelOrder'
import type { Order } from '../lib/registration/orders'
import { ConfirmDialog } from './ConfirmDialog'

type Props = {
  orderId: string
  /** How many registrations the order holds: each frees its slot. */
  athletes: number
  /** The order as the server answered, now cancelado. */
  onCancelled: (order: Order) => void | Promise<void>
  /** The server refused (most often: the order was paid or expired meanwhile), so the caller reads it again. */
  onRefused: () => void
  /** A card order's way to pay is its Mercado Pago link, not a Pix code (CARD-28). */
  byCard?: boolean
}

/**
 * The buyer's cancellation of an order awaiting payment, on the order page and in "Minhas inscrições"
 * (docs/requirements.md REG-170, REG-171): a quiet button that asks first, saying the held slots are
 * freed and nothing was charged; a refusal is said beside the button, in the server's words.
 */
export function CancelUnpaidOrder({ orderId, athletes, onCancelled, onRefused, byCard = false }: Props) {
  const [asking, setAsking] = useState(false)
  const payWith = byCard ? 'o link de pagamento do Mercado Pago' : 'o código Pix'
  const [error, setError] = useState('')

  async function cancel() {
    let order: Order
    try {
      order = await cancelOrder(orderId)
    } catch (err) {
      if (!(err instanceof ApiError && err.status < 500)) console.error(err)
      setError(err instanceof ApiError ? err.message : 'Não foi possível cancelar o pedido. Tente novamente.')
      setAsking(false)
      onRefused()
      return
    }
    await onCancelled(order)
    setAsking(false)
  }

  return (
    <div className="space-y-2 text-sm">
      <button
        type="button"
        onClick={() => {
          setError('')
          setAsking(true)
        }}
        className="min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-50"
      >
        Cancelar pedido
      </button>
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title="Cancelar pedido?"
          confirmLabel="Cancelar pedido"
          busyLabel="Cancelando..."
          dismissLabel="Manter pedido"
          onConfirm={cancel}
          failure={() => 'Não foi possível atualizar a página. Recarregue-a para ver o pedido.'}
          onClose={() => setAsking(false)}
        >
          {athletes > 1
            ? `As ${athletes} vagas reservadas para este pedido serão liberadas e ${payWith} deixará de valer. `
            : `A vaga reservada para este pedido será liberada e ${payWith} deixará de valer. `}
          Nada foi cobrado. Isso não pode ser desfeito.
        </ConfirmDialog>
      )}
    </div>
  )
}
