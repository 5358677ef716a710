// An event's team (docs/product.md §10 "Who does what"): the owner, managers (gestao) and kit-desk staff
// (retirada). Shared by the dashboard, which lists the events a member works on, and the
// organizer's page of one event, which shows each role what it may use.
import roles from '../../../../internal/team/roles.json'
import { api } from '../platform/api'
import type { EventSummary } from '../events/event'

export type Role = 'owner' | 'gestao' | 'retirada'
/** A role someone is invited to: every role but the owner's. */
export type StaffRole = Exclude<Role, 'owner'>

/** The roles in the order of internal/team/roles.json. */
export const allRoles = roles.roles as readonly Role[]

/** Something a role may do on its event: the "rights" of internal/team/roles.json, which Go's team.Can reads too. */
export type Action = `invite:${Role}` | `tab:${string}` | 'manage' | 'undoPickup' | 'fullDocument'

const rights: Partial<Record<string, readonly string[]>> = roles.rights

/** Whether role may do action on its event (the server enforces the same table). */
export function can(role: Role, action: Action): boolean {
  return rights[role]?.includes(action) ?? false
}

/** How many days after the event's date its roster is served and kept on the kit desk's devices (LGPD). */
export const rosterDaysAfter = roles.rosterDaysAfter

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
