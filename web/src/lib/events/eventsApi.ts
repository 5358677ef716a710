import { api } from '../platform/api'
import type { Event, EventInput, EventSummary } from './event'
import { parseEvent, parseEventList, parseEventListInSlices } from './eventSchema'
import type { Initial } from '../platform/resource'

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

// Every event answer goes through lib/events/eventSchema, here and in initialEventList / initialEvent for
// the same answers embedded in a drawn page: the pages only ever see complete events.

export async function listEvents(query: EventQuery = {}, signal?: AbortSignal) {
  return parseEventListInSlices(await api<unknown>(`/api/events${eventQueryString(query)}`, { signal }))
}

/** The embedded answer to GET /api/events with query, as the cards of its list. */
export function initialEventList(query: EventQuery): Initial<EventSummary[]> {
  return { path: `/api/events${eventQueryString(query)}`, read: (answer) => parseEventList(answer).events }
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

/** The API path of one event; the server also embeds an event page's first data under it. */
function eventPath(id: string) {
  return `/api/events/${encodeURIComponent(id)}`
}

export async function getEvent(id: string, signal?: AbortSignal) {
  return parseEvent(await api<unknown>(eventPath(id), { signal }))
}

/** The embedded answer to GET /api/events/{id}. */
export function initialEvent(id: string): Initial<Event> {
  return { path: eventPath(id), read: parseEvent }
}

export async function createEvent(event: EventInput) {
  return parseEvent(await api<unknown>('/api/events', { method: 'POST', body: event }))
}

export async function updateEvent(id: string, event: EventInput) {
  return parseEvent(await api<unknown>(`/api/events/${encodeURIComponent(id)}`, { method: 'PUT', body: event }))
}

export function deleteEvent(id: string) {
  return api<void>(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' })
}
