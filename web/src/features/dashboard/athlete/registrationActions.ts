// What the athlete or buyer may still do with a registration of "Minhas inscrições", read from what
// GET /api/me/inscricoes says (docs/http-api.md, "Minhas inscrições"), and the calls that do it. The
// server stays the judge: a 409 it answers is shown as it says it.
import { api } from '../../../lib/platform/api'
import type { MyRegistration, Order } from '../../../lib/registration/orders'
import { formatInstant } from '../../../lib/registration/receipt'
import { eventToday } from '../../../lib/text/format'

export type CancelState =
  | { kind: 'none' }
  | { kind: 'refunding' }
  | { kind: 'open'; ate: string }
  | { kind: 'closed'; motivo: string }

/**
 * The buyer's cancellation as the list shows it: nothing for an athlete who did not buy it, an order
 * not paid or a race already run; a refund under way; the window open until `ate`; or closed, with the server's reason (or,
 * when the window ran out while the page was open, the end it had).
 */
export function cancelState(r: MyRegistration, now: Date = new Date()): CancelState {
  if (!r.comprador || !r.cancelamento || r.pedidoStatus !== 'pago' || r.status === 'cancelada') return { kind: 'none' }
  // A race already run has nothing left to cancel, and no reason to keep saying so.
  if (r.evento.dataEvento && r.evento.dataEvento.slice(0, 10) < eventToday(r.evento, now)) return { kind: 'none' }
  if (r.reembolsos.some((f) => f.status === 'EM_PROCESSAMENTO')) return { kind: 'refunding' }
  const { ate, motivo } = r.cancelamento
  if (motivo) return { kind: 'closed', motivo }
  if (now.getTime() >= Date.parse(ate)) {
    return { kind: 'closed', motivo: `O prazo para o próprio atleta cancelar terminou em ${formatInstant(ate)}. Para cancelar agora, fale com a organização do evento.` }
  }
  return { kind: 'open', ate }
}

/** Whether shirt, team and emergency contact may still change: through edicaoAte, on the event's own clock (REG-222). */
export function editOpen(r: MyRegistration, today: string = eventToday(r.evento)): boolean {
  return !r.evento.edicaoAte || today <= r.evento.edicaoAte
}

/** Whether the registration is one that changes at all (not cancelled, its order not ended). */
export function editable(r: MyRegistration): boolean {
  return r.status !== 'cancelada' && (r.pedidoStatus === 'pago' || r.pedidoStatus === 'aguardando_pagamento')
}

export type RegistrationPatch = { camiseta?: string; equipe?: string; contatoEmergencia?: { nome: string; telefone: string } }

export function editRegistration(registrationId: string, patch: RegistrationPatch) {
  return api<Order>(`/api/inscricoes/${encodeURIComponent(registrationId)}`, { method: 'PATCH', body: patch })
}

export function eventPath(eventId: string) {
  return `/event/${encodeURIComponent(eventId)}`
}
