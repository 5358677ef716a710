import { api } from './api'
import type { Event, EventList } from './event'

export type EventQuery = {
  when?: 'upcoming' | 'past'
  order?: 'asc' | 'desc' // dataEvento order; the API's default is desc
  q?: string
  categoria?: string
  uf?: string
  owner?: 'me'
  limit?: number
  cursor?: string
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
