// An event's team (docs/product.md §10 "Who does what"): the owner, managers (gestao) and kit-desk staff
// (retirada). Shared by the dashboard, which lists the events a member works on, and the
// organizer's page of one event, which shows each role what it may use.
import { api } from './api'
import type { EventSummary } from './event'

export type StaffRole = 'gestao' | 'retirada'
export type Role = 'owner' | StaffRole

export const roleLabels: Record<Role, string> = {
  owner: 'Organizador',
  gestao: 'Gestão',
  retirada: 'Retirada de kits',
}

/** An event the signed-in user is on the team of (its list summary), with the role they have there. */
export type WorkEvent = { role: StaffRole; event: EventSummary }

/** The events the signed-in user works on as gestao or retirada (their own come from ?owner=me). */
export async function listWorkEvents(signal?: AbortSignal): Promise<WorkEvent[]> {
  const answer = await api<{ events: WorkEvent[] }>('/api/me/events-staff', { signal })
  return answer.events
}

/** The organizer's page of an event. */
export const organizerEventPath = (eventId: string) => `/dashboard/eventos/${encodeURIComponent(eventId)}`

/** The kit desk app of an event (the kit-desk feature). */
export const kitDeskPath = (eventId: string) => `/retirada/${encodeURIComponent(eventId)}`
