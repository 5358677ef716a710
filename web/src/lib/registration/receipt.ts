// What an order's receipt says — its instants, its refunds and what of it can still come back —
// for the order page's receipt, "Minhas inscrições" (its cancel window and refund) and the
// organizer's refund. Apart from orders.ts, which the app's shell loads with every page: only the
// signed-in pages that show an order's money load this (one chunk, one entry in the shell's map of
// lazy chunks).
import { centavos, fromCentavos, siteTimeZone, sumReais, toCentavos } from '../text/format'
import { orderPath, type OrderRefund } from './orders'

export const refundStatusLabels: Record<OrderRefund['status'], string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  DEVOLVIDO: 'Devolvido',
  NAO_REALIZADO: 'Não realizado',
}

/**
 * What of the order's total can still come back, in reais: the total less every refund the PSP did
 * not refuse (returned or under way). The server judges by the same rule, per payment received
 * (orders.Refundable): a buyer's cancellation refunds exactly this, and a refund asking more is
 * refused. internal/orders/testdata/refundable_cases.json is the table both run; the cases it marks
 * serverOnly need the payments, which the API does not answer.
 */
export function refundable(order: { total: number; reembolsos: OrderRefund[] }): number {
  const back = toCentavos(sumReais(order.reembolsos.filter((r) => r.status !== 'NAO_REALIZADO').map((r) => r.valor)))
  return fromCentavos(centavos(Math.max(0, toCentavos(order.total) - back)))
}

/** The receipt's section of the order page, which "Minhas inscrições" links each registration to. */
export const receiptId = 'recibo'

export function receiptPath(eventId: string, orderId: string) {
  return `${orderPath(eventId, orderId)}#${receiptId}`
}

let instant: Intl.DateTimeFormat | undefined

/** 03/05/2030, 14:30 — an instant of an order (paid, refunded, the end of a window) as São Paulo reads it. */
export function formatInstant(iso: string): string {
  instant ??= new Intl.DateTimeFormat('pt-BR', { timeZone: siteTimeZone, dateStyle: 'short', timeStyle: 'short' })
  return instant.format(new Date(iso))
}
