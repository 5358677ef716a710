// The registration form's requests (docs/http-api.md): the quote and the order.
import { api } from '../../lib/platform/api'
import type { Event } from '../../lib/events/event'
import type { PaymentMethod } from '../../lib/events/registrationOffer'
import type { Order } from '../../lib/registration/orders'
import type { Initial } from '../../lib/platform/resource'
import type { orderBody } from './athleteForm'

const eventPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`

/**
 * What the form shows of its event: the title and the regulation, and its clock (the birth date's
 * "today", REG-221), read from GET /api/events/{id}
 * without the whole event's parser (lib/events/eventSchema), which would put the page's JS over
 * its budget for four strings.
 */
export type EventHead = Pick<Event, 'id' | 'titulo' | 'regulamentoUrl' | 'regulamento' | 'fusoHorario'>

function readHead(answer: unknown): EventHead {
  const o = (answer ?? {}) as Partial<Record<keyof EventHead, unknown>>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    id: text(o.id),
    titulo: text(o.titulo),
    regulamentoUrl: text(o.regulamentoUrl),
    regulamento: text(o.regulamento),
    fusoHorario: text(o.fusoHorario),
  }
}

export async function getEventHead(eventId: string, signal?: AbortSignal) {
  return readHead(await api<unknown>(eventPath(eventId), { signal }))
}

/** The event as the server put it in the page, when it did. */
export function initialEventHead(eventId: string): Initial<EventHead> {
  return { path: eventPath(eventId), read: readHead }
}

/** The order as sent, with the code of the group its athletes join (GRP-17). */
export type OrderBody = ReturnType<typeof orderBody> & { grupo?: string }

/** One athlete's price: the lot's (or kit's) price, the larger of coupon and 60+ discount, the total. */
export type QuoteItem = {
  valor: number
  desconto: number
  total: number
  categoria: string
  lote: string
  cupom: boolean
  meiaEntrada: boolean
  /** The group tier's percent that gave the discount (GRP-21). */
  descontoGrupo?: number
}
export type Quote = { itens: QuoteItem[]; total: number }

export function quoteOrder(eventId: string, body: OrderBody, signal?: AbortSignal) {
  return api<Quote>(`${eventPath(eventId)}/inscricao/cotacao`, { method: 'POST', body, signal })
}

/** The code of 503 when the payment provider (the PSP, Mercado Pago) cannot charge now. */
export const paymentUnavailableCode = 'pagamento-indisponivel'

/**
 * Creates the order, paid by `pagamento` (CARD-20; absent, Pix); a retry with the same key answers
 * the order the first attempt made. A card order comes with its Mercado Pago `checkoutUrl`.
 */
export function createOrder(eventId: string, body: OrderBody & { pagamento?: PaymentMethod }, idempotencyKey: string) {
  return api<Pick<Order, 'id' | 'pagamento' | 'checkoutUrl'>>(`${eventPath(eventId)}/pedidos`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}
