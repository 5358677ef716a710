// Apart from orders.ts, which the app's shell loads: only the order page and "Minhas inscrições" cancel.
import { api } from '../platform/api'
import type { Order } from './orders'

/** POST /api/pedidos/{orderId}/cancelar: an unpaid order is cancelled, a paid one refunded (the server judges who may). */
export function cancelOrder(orderId: string) {
  return api<Order>(`/api/pedidos/${encodeURIComponent(orderId)}/cancelar`, { method: 'POST' })
}

/** POST /api/inscricoes/{id}/cancelar: one registration of a paid order, its share refunded (the buyer or its athlete). */
export function cancelRegistration(registrationId: string) {
  return api<Order>(`/api/inscricoes/${encodeURIComponent(registrationId)}/cancelar`, { method: 'POST' })
}
