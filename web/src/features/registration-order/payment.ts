// The order page's card payments (docs/requirements.md CARD-21, CARD-28, CARD-42): switching an
// order awaiting payment to the other method, and what Mercado Pago said when it sent the buyer back.
import type { PaymentMethod } from '../../lib/events/registrationOffer'
import { api } from '../../lib/platform/api'
import type { Order } from '../../lib/registration/orders'

/**
 * Switches an order awaiting payment to the other method (CARD-21): the card declined, the buyer
 * pays by Pix, or the other way; the answer is the order with its new charge or checkout.
 */
export function switchPayment(orderId: string, pagamento: PaymentMethod) {
  return api<Order>(`/api/pedidos/${encodeURIComponent(orderId)}/pagamento`, { method: 'POST', body: { pagamento } })
}

/** What the buyer's return from Mercado Pago says of the card payment; the order itself is the only word believed. */
export type CardReturn = 'aprovado' | 'recusado' | 'em-analise' | null

/**
 * Mercado Pago's back_urls carry `collection_status` and `status`: approved, rejected, pending or
 * in_process, or null when the buyer came back without paying (CARD-42).
 */
export function cardReturn(search: URLSearchParams): CardReturn {
  switch (search.get('collection_status') ?? search.get('status')) {
    case 'approved':
      return 'aprovado'
    case 'rejected':
      return 'recusado'
    case 'pending':
    case 'in_process':
      return 'em-analise'
    default:
      return null
  }
}
