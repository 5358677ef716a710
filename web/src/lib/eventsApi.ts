import { api } from './api'
import type { Event, EventList } from './event'

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
