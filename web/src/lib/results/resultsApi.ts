// The results API of docs/http-api.md ("Race-day routes"), as the public pages and the organizer's
// Resultados tab read it.
import { api } from '../platform/api'
import type { Initial } from '../platform/resource'
import {
  parseAthlete,
  parseResultPage,
  parseResultSets,
  type AthleteResult,
  type Result,
  type ResultPage,
  type ResultSet,
} from './resultSchema'

export type ResultQuery = { q?: string; sexo?: string; categoria?: string; cursor?: string }

/** Rows per request: a phone screen a few times over, and a small first page in the drawn HTML. */
export const resultPageSize = 50

const enc = encodeURIComponent

export function resultSetsPath(eventId: string) {
  return `/api/events/${enc(eventId)}/results`
}

/** The path of one page of a set; the unfiltered first page is also what the server embeds. */
export function resultPagePath(eventId: string, setId: string, query: ResultQuery = {}, limit = resultPageSize) {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
  params.set('limit', String(limit))
  return `${resultSetsPath(eventId)}/${enc(setId)}?${params}`
}

export function athletePath(eventId: string, setId: string, bib: string) {
  return `${resultSetsPath(eventId)}/${enc(setId)}/athletes/${enc(bib)}`
}

// Every answer goes through lib/results/resultSchema, here and in the initial* readers of the same answers
// embedded in a drawn page: the pages only ever see complete sets and lines.

export async function listResultSets(eventId: string, signal?: AbortSignal): Promise<ResultSet[]> {
  return parseResultSets(await api<unknown>(resultSetsPath(eventId), { signal }))
}

/** The embedded answer to GET /api/events/{id}/results. */
export function initialResultSets(eventId: string): Initial<ResultSet[]> {
  return { path: resultSetsPath(eventId), read: parseResultSets }
}

export async function listResults(
  eventId: string,
  setId: string,
  query: ResultQuery,
  signal?: AbortSignal,
): Promise<ResultPage> {
  return parseResultPage(await api<unknown>(resultPagePath(eventId, setId, query), { signal }))
}

/** How many lines of a set a search finds: one line asked, its total read (RESULT-20). */
export async function countResults(eventId: string, setId: string, q: string, signal?: AbortSignal): Promise<number> {
  return parseResultPage(await api<unknown>(resultPagePath(eventId, setId, { q }, 1), { signal })).total
}

/** The embedded first page of a set, unfiltered. */
export function initialResultPage(eventId: string, setId: string): Initial<ResultPage> {
  return { path: resultPagePath(eventId, setId), read: parseResultPage }
}

export async function getAthlete(
  eventId: string,
  setId: string,
  bib: string,
  signal?: AbortSignal,
): Promise<AthleteResult> {
  return parseAthlete(await api<unknown>(athletePath(eventId, setId, bib), { signal }))
}

/** The embedded answer of an athlete's page. */
export function initialAthlete(eventId: string, setId: string, bib: string): Initial<AthleteResult> {
  return { path: athletePath(eventId, setId, bib), read: parseAthlete }
}

export function deleteResultSet(eventId: string, setId: string) {
  return api<void>(`${resultSetsPath(eventId)}/${enc(setId)}`, { method: 'DELETE' })
}

/**
 * What finds a line in its set (the athlete page's {bib}): its key, or the bib of a line stored
 * before lines had keys. The server's results.Result.Key.
 */
export function resultKey(r: Pick<Result, 'chave' | 'numeroPeito'>): string {
  return r.chave !== '' ? r.chave : r.numeroPeito
}

/** The page of one athlete's result, on this site. */
export function athletePagePath(eventId: string, setId: string, bib: string | number) {
  return `/resultado/${enc(eventId)}/atleta/${enc(setId)}/${enc(String(bib))}`
}

/** The athlete's certificate (PDF, A4 landscape), drawn by the server. */
export function certificatePath(eventId: string, setId: string, bib: string | number) {
  return `${athletePath(eventId, setId, String(bib))}/certificado.pdf`
}

/** The athlete's share card (PNG 1200×630), the page's og:image. */
export function shareCardPath(eventId: string, setId: string, bib: string | number) {
  return `${athletePath(eventId, setId, String(bib))}/card.png`
}
