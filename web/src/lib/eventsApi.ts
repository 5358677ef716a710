import { api } from './api'
import type { Event, EventList, EventSummary } from './event'

/** The query parameters GET /api/events accepts (internal/httpapi/events_handlers.go). */
export type EventQuery = {
  when?: 'upcoming' | 'past' // dataEvento from / before today in PELOTAO_TZ
  order?: 'asc' | 'desc' // dataEvento order (ties by id); the API's default is desc
  q?: string // every word in titulo, local.local, local.cidade or local.estado; case and accents ignored
  categoria?: string
  uf?: string // local.estado
  owner?: 'me' // the signed-in user's events; 401 for visitors
  limit?: number // 1..500, default 100
  cursor?: string // nextCursor of the previous page
}

export function eventQueryString(query: EventQuery): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') params.set(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

export function listEvents(query: EventQuery = {}, signal?: AbortSignal) {
  return api<EventList>(`/api/events${eventQueryString(query)}`, { signal })
}

/** Every event matching the query: the API pages its answer, so follow the cursor to the end. */
export async function listAllEvents(query: Omit<EventQuery, 'cursor'>, signal?: AbortSignal): Promise<EventSummary[]> {
  const events: EventSummary[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await listEvents({ ...query, cursor }, signal)
    events.push(...page.events)
    cursor = page.nextCursor
    // A cursor seen before would loop forever; stop rather than trust it.
    if (cursor !== undefined && seen.has(cursor)) break
    if (cursor !== undefined) seen.add(cursor)
  } while (cursor)
  return events
}

export function getEvent(id: string, signal?: AbortSignal) {
  return api<Event>(`/api/events/${encodeURIComponent(id)}`, { signal })
}

export function createEvent(event: Omit<Event, 'id' | 'ownerId' | 'criadoEm' | 'atualizadoEm'>) {
  return api<Event>('/api/events', { method: 'POST', body: event })
}

export function updateEvent(id: string, event: Omit<Event, 'id' | 'ownerId' | 'criadoEm' | 'atualizadoEm'>) {
  return api<Event>(`/api/events/${encodeURIComponent(id)}`, { method: 'PUT', body: event })
}

export function deleteEvent(id: string) {
  return api<void>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' })
}
