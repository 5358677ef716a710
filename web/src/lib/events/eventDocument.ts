// Loading one event for the event page and the results page, with every outcome the pages name
// (EVT-2/3, RES-2..5).
import { ApiError } from '../platform/api'
import type { Event } from './event'
import { getEvent, initialEvent } from './eventsApi'
import { useResource } from '../platform/resource'

export type EventDocument =
  | { state: 'no-id' }
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' }
  | { state: 'empty' }
  | { state: 'ready'; event: Event }

export const documentMessages = {
  'no-id': 'ID do evento não fornecido.',
  'not-found': 'Evento não encontrado.',
  failed: 'Falha ao carregar os dados do evento.',
  empty: 'Dados do evento não encontrados.',
} as const

/** Reads /api/events/{id}; a blank id reads nothing (RES-2). */
export function useEventDocument(eventId: string | undefined): EventDocument {
  const id = eventId?.trim() ?? ''
  const r = useResource(id ? `event:${id}` : null, (signal) => getEvent(id, signal), initialEvent(id))
  if (!id) return { state: 'no-id' }
  if (r.state === 'loading') return { state: 'loading' }
  if (r.state === 'error') {
    return r.error instanceof ApiError && r.error.status === 404 ? { state: 'not-found' } : { state: 'failed' }
  }
  // An answer counts as event data when it has the event's id (RES-5); lib/events/eventSchema completes the rest.
  return r.data.id !== '' ? { state: 'ready', event: r.data } : { state: 'empty' }
}
