// The registration form's requests (docs/http-api.md): the quote and the order.
import { api } from '../../lib/platform/api'
import type { orderBody } from './athleteForm'

export type OrderBody = ReturnType<typeof orderBody>

/** One athlete's price: the lot's (or kit's) price, the larger of coupon and 60+ discount, the total. */
export type QuoteItem = { valor: number; desconto: number; total: number; categoria: string; lote: string; cupom: boolean; meiaEntrada: boolean }
export type Quote = { itens: QuoteItem[]; total: number }

const eventPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`

export function quoteOrder(eventId: string, body: OrderBody, signal?: AbortSignal) {
  return api<Quote>(`${eventPath(eventId)}/inscricao/cotacao`, { method: 'POST', body, signal })
}

/** Creates the order; a retry with the same key answers the order the first attempt made. */
export function createOrder(eventId: string, body: OrderBody, idempotencyKey: string) {
  return api<{ id: string }>(`${eventPath(eventId)}/pedidos`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } })
}

/** The order's page, where the buyer pays and sees the confirmation. */
export function orderPath(eventId: string, orderId: string) {
  return `/inscricao/${encodeURIComponent(eventId)}/pedido/${encodeURIComponent(orderId)}`
}
