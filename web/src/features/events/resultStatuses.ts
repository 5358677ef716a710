// What a past event's page needs of its result sets: only whether each is official or preliminary
// (EVT-33). Read here without the results parser, which the event page would otherwise carry.
import { api } from '../../lib/platform/api'
import type { ResultadosPublicados } from '../../lib/events/event'
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

/** A modality's result files, as the event page reads them (RES-10). */
type ResultFiles = { resultados: { pdfGeralURL: string; pdfCategoriasURL: string } }

/**
 * What an event has published of its results (EVT-33), given its sets' statuses and its modalities:
 * 'preliminar' when any set is (a status not known reads as preliminary); 'oficial' when every set
 * is or, with none, when the organizer attached result files (PDFs), which are the official ones;
 * 'nenhum' otherwise (EVT-34). Twin of event.PublishedResults, which says it in the list's
 * summaries (HOME-19): internal/event/testdata/published_results_cases.json is the table both run.
 */
export function publishedResults(sets: readonly string[], modalidades: readonly ResultFiles[]): ResultadosPublicados {
  if (sets.some((s) => s !== 'oficial')) return 'preliminar'
  const hasFiles = modalidades.some((m) => m.resultados.pdfGeralURL.trim() || m.resultados.pdfCategoriasURL.trim())
  return sets.length > 0 || hasFiles ? 'oficial' : 'nenhum'
}

/**
 * What a past event's link to its results says (EVT-33, and its card's, HOME-19): named by what
 * they are; while that is unknown (the sets could not be read, an answer that does not say),
 * 'Ver resultados'. With nothing published there is nothing to link to: null (EVT-34).
 */
export function resultsLinkLabel(published: ResultadosPublicados | null | undefined): string | null {
  switch (published) {
    case 'preliminar':
      return 'Ver resultados preliminares'
    case 'oficial':
      return 'Ver resultados oficiais'
    case 'nenhum':
      return null
    default:
      return 'Ver resultados'
  }
}

/** What a past event's page and card say instead of a link when it has no results yet (EVT-34, HOME-19). */
export const noResultsYet = 'Resultados ainda não publicados'
