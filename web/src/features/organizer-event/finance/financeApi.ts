// The calls of the Financeiro tab (docs/http-api.md "Registration"): the event's money figures, its
// orders with their refunds, and its coupons. Money is reais, as JSON numbers with two decimals at most.
import constants from '../../../../../internal/registration/constants.json'
import { api } from '../../../lib/platform/api'
import type { Order as SoldOrder, OrderStatus } from '../../../lib/registration/orders'
import { eventBase, queryString } from '../api'

export type { OrderRefund, OrderRegistration, OrderStatus } from '../../../lib/registration/orders'

/**
 * Each order status in the organizer's words, the order's own (internal/registration/constants.json
 * statusPedido, which the orders export writes in "Situação do pedido"); the runner reads where their
 * registration stands instead (runnerOrderStatusLabels of lib/registration/orders.ts).
 */
export const organizerOrderStatusLabels: Record<OrderStatus, string> = constants.statusPedido

/** One entry of an order's history as the server keeps it (created, paid, refund…), when it sends it. */
export type OrderHistoryEntry = {
  tipo:
    | 'criado'
    | 'pago'
    | 'expirado'
    | 'cancelado'
    | 'pagamento_apos_fim'
    | 'reembolso'
    | 'inscricao_editada'
    | 'inscricao_cancelada'
    | 'pagamento_divergente'
  em: string
  detalhe?: unknown
}

/**
 * An order as the event's team reads it: its history when the server sends it; a card order's
 * installments, Mercado Pago's fees and what is left of it once they are paid (reais, CARD-27).
 */
export type Order = Omit<SoldOrder, 'pix'> & {
  historico?: OrderHistoryEntry[]
  parcelas?: number | null
  taxas?: number
  liquido?: number
  /** The buyer contested the card payment at their bank (a chargeback); the order stays paid (CARD-24). */
  contestado?: boolean
}

/** An order's status as the team reads it, saying so when its card payment was contested (CARD-24). */
export function orderStatusLabel(o: Pick<Order, 'status' | 'contestado'>): string {
  const label = organizerOrderStatusLabels[o.status] ?? o.status
  return o.contestado ? `${label} — contestado no cartão` : label
}

/** How an order was paid, as the tab's lists write it: "Pix", "Cartão", "Cartão 3x" (CARD-43). */
export function paymentLabel(o: Pick<Order, 'pagamento' | 'parcelas'>): string {
  if (o.pagamento !== 'cartao') return 'Pix'
  return o.parcelas ? `Cartão ${o.parcelas}x` : 'Cartão'
}

/** What came in by one method, in reais: a card's also pays Mercado Pago's fees (CARD-27). */
export type MethodMoney = { bruto: number; reembolsado: number; taxas?: number; liquido: number }

/** What a group of registrations (a lot, a modality, a day) brought. */
export type Share = { inscricoes: number; valor: number }

export type Finance = {
  bruto: number
  reembolsado: number
  liquido: number
  /** Refunds asked of the PSP and not yet returned (EM_PROCESSAMENTO), not yet taken off liquido (REG-272). */
  reembolsoEmProcessamento: number
  pedidos: { pagos: number; aguardando: number; expirados: number; cancelados: number; reembolsados: number }
  porLote: Record<string, Share>
  porPercurso: Record<string, Share>
  /** Keyed by calendar day, YYYY-MM-DD. */
  porDia: Record<string, Share>
  /** The paid registrations of each group, by its name (docs/requirements.md GRP-23); empty when none. */
  porGrupo: Record<string, Share>
  /** The event's part of the last daily reconciliation of the Pix received; null until one has run. */
  conciliacao: Reconciliation | null
  /** The money by method (CARD-27); absent from a server that sells by Pix only. */
  porMetodo?: { pix: MethodMoney; cartao: MethodMoney & { taxas: number } }
}

/** How many Pix and their value in reais. */
export type PixCount = { quantidade: number; valor: number }

/**
 * The day's reconciliation (docs/http-api.md): the event's Pix in the bank's statement of
 * inicio..fim, split into conferidos (a paid order's), devolvidos (returned in full) and atencao
 * (neither), with those needing attention and why.
 */
export type Reconciliation = {
  dia: string
  inicio: string
  fim: string
  concluidaEm: string
  recebidos: PixCount
  conferidos: PixCount
  devolvidos: PixCount
  atencao: PixCount
  pendencias: { endToEndId: string; valor: number; horario: string; pedidoId: string; motivo: string }[]
}

/** Who an order is for, as the tab names it: its first athlete, and how many more. */
export function orderTitle(o: Pick<Order, 'inscricoes'>): string {
  const first = o.inscricoes[0]?.nome ?? 'Pedido sem atletas'
  const more = o.inscricoes.length - 1
  return more > 0 ? `${first} e mais ${more}` : first
}

export function getFinance(eventId: string, signal?: AbortSignal) {
  return api<Finance>(`${eventBase(eventId)}/financeiro`, { signal })
}

export type OrderQuery = { q?: string; status?: '' | OrderStatus; limit?: number; cursor?: string }

export type OrderListPage = { pedidos: Order[]; total: number; nextCursor?: string | null }

export function listOrders(eventId: string, query: OrderQuery, signal?: AbortSignal) {
  return api<OrderListPage>(`${eventBase(eventId)}/pedidos${queryString(query)}`, { signal })
}

export function getOrder(orderId: string, signal?: AbortSignal) {
  return api<Order>(`/api/pedidos/${encodeURIComponent(orderId)}`, { signal })
}

/** Refunds `valor` reais of a paid order, or all that is left when valor is left out. */
export function refundOrder(eventId: string, orderId: string, valor?: number) {
  return api<Order>(`${eventBase(eventId)}/pedidos/${encodeURIComponent(orderId)}/reembolso`, {
    method: 'POST',
    body: valor === undefined ? {} : { valor },
  })
}

/** The orders export (UTF-8 with BOM, semicolons), downloaded by the browser with the session cookie. */
export const ordersCSVPath = (eventId: string) => `${eventBase(eventId)}/pedidos.csv`

export type CouponType = 'percentual' | 'fixo'

/** valor: a percent for percentual (20 is 20 %), reais for fixo; validoAte inclusive, null for no end. */
export type Coupon = {
  codigo: string
  tipo: CouponType
  valor: number
  maxUsos: number | null
  validoAte: string | null
  modalidades: string[]
  ativo: boolean
  usos: number
}

export type NewCoupon = Omit<Coupon, 'ativo' | 'usos'>

const couponPath = (eventId: string, codigo: string) => `${eventBase(eventId)}/cupons/${encodeURIComponent(codigo)}`

export async function listCoupons(eventId: string, signal?: AbortSignal): Promise<Coupon[]> {
  const answer = await api<{ cupons: Coupon[] }>(`${eventBase(eventId)}/cupons`, { signal })
  return answer.cupons
}

/** 422 with fields named as the body's (codigo, valor, …), 409 for a code the event already has. */
export function createCoupon(eventId: string, coupon: NewCoupon) {
  return api<Coupon>(`${eventBase(eventId)}/cupons`, { method: 'POST', body: coupon })
}

/** Pauses (ativo false) or resumes a coupon. */
export function setCouponActive(eventId: string, codigo: string, ativo: boolean) {
  return api<Coupon>(couponPath(eventId, codigo), { method: 'PATCH', body: { ativo } })
}

/** Deletes a coupon; one already used is refused (409) with the reason. */
export function deleteCoupon(eventId: string, codigo: string) {
  return api<void>(couponPath(eventId, codigo), { method: 'DELETE' })
}
