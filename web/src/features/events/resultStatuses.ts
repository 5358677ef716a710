// What a past event's page needs of its result sets: only whether each is official or preliminary
// (EVT-33). Read here without the results parser, which the event page would otherwise carry.
import { api } from '../../lib/platform/api'
import type { Initial } from '../../lib/platform/resource'

export type SetStatus = 'oficial' | 'preliminar'

const path = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/results`

/** The statuses of GET /api/events/{id}/results's sets; an answer of another shape gives none. */
export function readSetStatuses(answer: unknown): SetStatus[] {
  const sets = (answer as { resultSets?: unknown } | null)?.resultSets
  if (!Array.isArray(sets)) return []
  return sets.flatMap((s: unknown) => {
    const { id, status } = (s ?? {}) as { id?: unknown; status?: unknown }
    if (typeof id !== 'string' || id === '') return []
    // As the results parser reads it: a status it does not know is preliminary.
    return [status === 'oficial' ? 'oficial' : 'preliminar']
  })
}

export async function listSetStatuses(eventId: string, signal?: AbortSignal): Promise<SetStatus[]> {
  return readSetStatuses(await api<unknown>(path(eventId), { signal }))
}

/** The statuses in the answer the server embeds in a past event's drawn page. */
export function initialSetStatuses(eventId: string): Initial<SetStatus[]> {
  return { path: path(eventId), read: readSetStatuses }
}

/**
 * What a past event's link to its results says (EVT-33): 'oficiais' only when every published set
 * is official — one preliminary set and they are 'preliminares'; with no set, the result files
 * (PDFs) the organizer attached are the official ones; while the sets are unknown (they could not be
 * read), 'Ver resultados'. With neither sets nor files there is nothing to link to: null (EVT-34).
 */
export function resultsLinkLabel(sets: readonly SetStatus[] | undefined, hasFiles: boolean): string | null {
  if (sets === undefined) return 'Ver resultados'
  if (sets.includes('preliminar')) return 'Ver resultados preliminares'
  if (sets.length > 0 || hasFiles) return 'Ver resultados oficiais'
  return null
}

/** What a past event's page says instead of a link when it has no results yet (EVT-34). */
export const noResultsYet = 'Resultados ainda não publicados'

