// Who the signed-in user is on one event's team, and which tabs of the page that lets them use.
import { useEffect } from 'react'
import { ApiError } from '../../lib/platform/api'
import type { Event } from '../../lib/events/event'
import { getEvent } from '../../lib/events/eventsApi'
import { can, listWorkEvents, type Role } from '../../lib/team/staff'

export type TabId = 'inscritos' | 'retirada' | 'resultados' | 'financeiro' | 'grupos' | 'equipe' | 'configuracoes'

export const tabLabels: Record<TabId, string> = {
  inscritos: 'Inscritos',
  retirada: 'Retirada de kits',
  resultados: 'Resultados',
  financeiro: 'Financeiro',
  grupos: 'Grupos',
  equipe: 'Equipe',
  configuracoes: 'Configurações',
}

const tabIds = Object.keys(tabLabels) as TabId[]

/** The tabs role may use (docs/product.md §10 "Who does what"); the server enforces the same. */
export const tabsOf = (role: Role) => tabIds.filter((id) => can(role, `tab:${id}`))

export type Access =
  { state: 'allowed'; event: Event; role: Role } | { state: 'not-found' } | { state: 'forbidden'; event: Event }

/** The event and the user's role on it: owner by ownerId, else the role of their team membership. */
export async function loadAccess(eventId: string, uid: string, signal?: AbortSignal): Promise<Access> {
  let event: Event
  try {
    event = await getEvent(eventId, signal)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'not-found' }
    throw err
  }
  if (event.ownerId === uid) return { state: 'allowed', event, role: 'owner' }
  const membership = (await listWorkEvents(signal)).find((w) => w.event.id === event.id)
  return membership ? { state: 'allowed', event, role: membership.role } : { state: 'forbidden', event }
}

/** Whether a failed staff-only request means the user is not (or no longer) on the team. */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403

/** Calls onForbidden when a staff-only request of a tab answered 403. */
export function useForbidden(error: unknown, onForbidden: () => void) {
  useEffect(() => {
    if (isForbidden(error)) onForbidden()
  }, [error, onForbidden])
}
