// An order of registrations sold by Pelotão and its registrations as the API answers them
// (docs/http-api.md, "Registration"), for the order page, "Minhas inscrições" and /i/{codigo}.
import constants from '../../../../internal/registration/constants.json'
import type { PaymentMethod } from '../events/registrationOffer'
import { api } from '../platform/api'
import type { AthleteResult, ResultSet } from '../results/resultSchema'

export type OrderStatus = 'aguardando_pagamento' | 'pago' | 'expirado' | 'cancelado' | 'reembolsado'

export type OrderRegistration = {
  id: string
  codigo?: string
  nome: string
  percurso: string
  categoria: string
  camiseta: string
  lote: string
  valor: number
  desconto: number
  /** The group tier's percent that gave the discount ("Desconto de grupo 10%", GRP-21); absent: none. */
  descontoGrupo?: number
  total: number
  status: 'pendente' | 'confirmada' | 'cancelada'
}

export type Order = {
  id: string
  eventId: string
  status: OrderStatus
  total: number
  criadoEm: string
  expiraEm: string
  pagoEm: string | null
  inscricoes: OrderRegistration[]
  reembolsos: OrderRefund[]
  /** How it is paid (CARD-20); absent from a server that sells by Pix only. */
  pagamento?: PaymentMethod
  /** A Pix order's charge, while awaiting payment; `simular` only when the server runs the Pix sandbox. */
  pix?: { txid: string; copiaECola: string; qrCode: string; simular?: string }
  /** A card order's Mercado Pago checkout, where the buyer pays, while awaiting payment. */
  checkoutUrl?: string
}

/** A refund of an order: `EM_PROCESSAMENTO` until the PSP says `DEVOLVIDO` or `NAO_REALIZADO`. */
export type OrderRefund = { valor: number; status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'; horario: string }

/** One registration of "Minhas inscrições", with its order and event (docs/http-api.md, "Minhas inscrições"). */
export type MyRegistration = OrderRegistration & {
  pedidoId: string
  pedidoStatus: OrderStatus
  /** The account bought it, and may open its order. */
  comprador: boolean
  numeroPeito: number | null
  equipe: string
  contatoEmergencia: { nome: string; telefone: string }
  /** edicaoAte: the last day (YYYY-MM-DD, inclusive) the athlete or buyer changes shirt, team and emergency contact. */
  evento: {
    id: string
    titulo: string
    dataEvento: string
    edicaoAte: string | null
    fusoHorario?: string
    tamanhosCamiseta: string[]
  }
  /**
   * The window of the buyer and of the athlete to cancel this registration of a paid order (null for any other status):
   * its end, what cancelling it returns by Pix (reais, the server's figure: its share, never more than the order has
   * left), and the server's reason once past.
   */
  cancelamento: { ate: string; valor: number; motivo: string | null } | null
  reembolsos: OrderRefund[]
  /** The athlete's result once a set of the modality lists the bib: the athlete page's answer, its page and certificate. */
  resultado: MyResult | null
}

/** GET …/results/{setId}/athletes/{bib}'s answer, with where its page and (for a finisher) its certificate are. */
export type MyResult = Omit<AthleteResult, 'resultSet'> & {
  resultSet: ResultSet
  url: string
  certificado: string | null
}

export function getOrder(orderId: string, signal?: AbortSignal) {
  return api<Order>(`/api/pedidos/${encodeURIComponent(orderId)}`, { signal })
}

/** "Simular pagamento": the sandbox pays the charge and posts the webhook, as a bank would. */
export function simulatePayment(order: Order) {
  return api<unknown>(order.pix!.simular!, { method: 'POST' })
}

export async function myRegistrations(signal?: AbortSignal) {
  return (await api<{ inscricoes: MyRegistration[] }>('/api/me/inscricoes', { signal })).inscricoes
}

/** Where a registration code leads whoever opened it (GET /api/i/{codigo}). */
export type CodeDestination = { role: 'equipe' | 'atleta'; eventId: string; codigo: string; pedidoId?: string }

export function codeDestination(codigo: string, signal?: AbortSignal) {
  return api<CodeDestination>(`/api/i/${encodeURIComponent(codigo)}`, { signal })
}

/** Where a code leads its opener: the team to the kit desk, the buyer to the order, the athlete to "Minhas inscrições". */
export function codePath(d: CodeDestination): string {
  if (d.role === 'equipe')
    return `/retirada/${encodeURIComponent(d.eventId)}?${new URLSearchParams({ codigo: d.codigo })}`
  return d.pedidoId ? orderPath(d.eventId, d.pedidoId) : myRegistrationsPath
}

/** The PNG of the QR code a registration shows at the kit desk ({base}/i/{codigo}). */
export function registrationQRCode(codigo: string) {
  return `/api/i/${encodeURIComponent(codigo)}/qrcode.png`
}

/** The order's page, where the buyer pays and sees the confirmation. */
export function orderPath(eventId: string, orderId: string) {
  return `/inscricao/${encodeURIComponent(eventId)}/pedido/${encodeURIComponent(orderId)}`
}

/** "Minhas inscrições" in the athlete's panel. */
export const myRegistrationsPath = '/dashboard?painel=atleta#minhas-inscricoes'

const { statusInscricao, statusPedido } = constants

/**
 * Where a runner's registration stands, by its order's status, in the runner's words ("Minhas
 * inscrições"): once the order is paid, cancelled or refunded, a registration's words
 * (internal/registration/constants.json statusInscricao, which the orders export writes in "Situação
 * da inscrição", REG-212). The organizer reads the order's own words: organizerOrderStatusLabels.
 */
export const runnerOrderStatusLabels: Record<OrderStatus, string> = {
  aguardando_pagamento: statusPedido.aguardando_pagamento,
  pago: statusInscricao.confirmada,
  expirado: 'Pedido expirado',
  cancelado: statusInscricao.cancelada,
  reembolsado: statusInscricao.reembolsada,
}
