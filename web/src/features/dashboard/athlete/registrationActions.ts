// What the athlete or buyer may still do with a registration of "Minhas inscrições", read from what
// GET /api/me/inscricoes says (docs/http-api.md, "Minhas inscrições"), and the calls that do it. The
// server stays the judge: a 409 it answers is shown as it says it.
import { api } from '../../../lib/platform/api'
import type { MyRegistration } from '../../../lib/registration/orders'
import { formatInstant } from '../../../lib/registration/receipt'
import { eventToday, sumReais } from '../../../lib/text/format'

export type CancelState =
  | { kind: 'none' }
  | { kind: 'refunding'; valor: number }
  | { kind: 'open'; ate: string; valor: number }
  | { kind: 'closed'; motivo: string }

/**
 * The cancellation of one registration (its buyer's or its athlete's: the server gives either the window) as the list
 * shows it: nothing for an order not paid, a registration cancelled or a race already run; the order's whole refund
 * under way (nothing is left to return: REG-118); the window open until `ate`, returning `valor`; or closed, with the
 * server's reason (or, when the window ran out while the page was open, the end it had).
 */
export function cancelState(r: MyRegistration, now: Date = new Date()): CancelState {
  if (!r.cancelamento || r.pedidoStatus !== 'pago' || r.status === 'cancelada') return { kind: 'none' }
  // A race already run has nothing left to cancel, and no reason to keep saying so.
  if (r.evento.dataEvento && r.evento.dataEvento.slice(0, 10) < eventToday(r.evento, now)) return { kind: 'none' }
  if (refunding(r)) return { kind: 'refunding', valor: inProgress(r) }
  const { ate, valor, motivo } = r.cancelamento
  if (motivo) return { kind: 'closed', motivo }
  if (now.getTime() >= Date.parse(ate)) {
    return {
      kind: 'closed',
      motivo: `O prazo para o próprio atleta cancelar terminou em ${formatInstant(ate)}. Para cancelar agora, fale com a organização do evento.`,
    }
  }
  return { kind: 'open', ate, valor }
}

/**
 * Whether the paid order's whole refund is under way for a registration still confirmed: a refund in progress and
 * nothing left for this registration to return. A sibling registration cancelled alone, its refund in progress,
 * leaves this one's share to return, so it stays cancellable.
 */
export function refunding(r: MyRegistration): boolean {
  return r.reembolsos.some((f) => f.status === 'EM_PROCESSAMENTO') && r.total > 0 && (r.cancelamento?.valor ?? 0) === 0
}

/** What the order's refunds still in progress return (reais): the amount the card says is on its way (REG-280). */
export function inProgress(r: MyRegistration): number {
  return sumReais(r.reembolsos.filter((f) => f.status === 'EM_PROCESSAMENTO').map((f) => f.valor))
}

/**
 * Whether the registration no longer takes its athlete to the race: cancelled, its order ended (cancelled, expired or
 * refunded), or its whole refund under way. Such a card keeps its receipt but shows no QR code — the kit desk would
 * refuse it — and no "Alterar dados" (REG-281).
 */
export function withdrawn(r: MyRegistration): boolean {
  return (
    r.status === 'cancelada' || (r.pedidoStatus !== 'pago' && r.pedidoStatus !== 'aguardando_pagamento') || refunding(r)
  )
}

/** Whether shirt, team and emergency contact may still change: through edicaoAte, on the event's own clock (REG-222). */
export function editOpen(r: MyRegistration, today: string = eventToday(r.evento)): boolean {
  return !r.evento.edicaoAte || today <= r.evento.edicaoAte
}

export type RegistrationPatch = {
  camiseta?: string
  equipe?: string
  contatoEmergencia?: { nome: string; telefone: string }
}

/** Saves an edit; the server answers the registration as "Minhas inscrições" shows it (nothing of the order's other athletes). */
export function editRegistration(registrationId: string, patch: RegistrationPatch) {
  return api<MyRegistration>(`/api/inscricoes/${encodeURIComponent(registrationId)}`, { method: 'PATCH', body: patch })
}

export function eventPath(eventId: string) {
  return `/event/${encodeURIComponent(eventId)}`
}
