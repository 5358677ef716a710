// The boundary where the results API's answers enter the app (lib/results/resultsApi, and the same answers
// embedded in a drawn page, lib/platform/initialData), as lib/events/eventSchema is for events: a missing or wrong
// field takes its empty value, so a partial answer draws what it has instead of crashing the page.
// The types the app reads results as are what these parsers give (Parsed), so they cannot drift.
import { amount, count, list, oneOf, record, text, type Parsed } from '../platform/schema'

const resultStatuses = ['ok', 'DNF', 'DNS', 'DSQ'] as const

/** One modality's published results (GET /api/events/{id}/results). */
const resultSet = record({
  id: text,
  percurso: text,
  // Preliminary unless the answer says official: a set is never shown as final by mistake.
  status: oneOf(['preliminar', 'oficial'], 'preliminar'),
  finishers: count,
  total: count,
  importedAt: text,
  /** The categories the set has, for the filter; empty from servers that do not send them. */
  categorias: list(text),
})

/** One athlete's line (docs/http-api.md "A result"). */
const resultFields = {
  /** The bib; '' for a line of a file without bibs. The server sends text; a number (a hand-made answer) is read as its digits. */
  numeroPeito: (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''),
  /**
   * The line's key in its set, the {bib} of its athlete page: the bib, else the file's id column, else
   * 'linha-N'. Absent from lines stored before lines had keys: resultKey then falls back to the bib.
   */
  chave: text,
  nome: text,
  sexo: text,
  categoria: text,
  equipe: text,
  posicao: amount,
  posicaoSexo: amount,
  posicaoCategoria: amount,
  tempoBruto: text,
  tempoLiquido: text,
  pace: text,
  status: oneOf(resultStatuses, 'ok'),
  parciais: list(record({ nome: text, tempo: text })),
}

const resultPage = record({
  results: list(record(resultFields)),
  total: count,
  nextCursor: (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null),
})

/** The single-athlete answer: the line, how many took part and finished, and its set. */
const athlete = record({
  ...resultFields,
  total: count,
  concluintes: count,
  /** The percent of finishers slower; null without a place. */
  maisRapidoQue: amount,
  /** Finishers of the athlete's sex and of their category. */
  totalSexo: count,
  totalCategoria: count,
  /** The assessoria the result counts for in the ranking by assessoria, '' for none (GRP-33). */
  grupo: text,
  /** The set the line is in, for its modality and its preliminary label; absent when the answer has none, and the page then names no modality. */
  resultSet: (v: unknown): ResultSet | undefined => (typeof v === 'object' && v !== null ? resultSet(v) : undefined),
})

const resultSetList = record({ resultSets: list(resultSet) })

export type ResultSet = Parsed<typeof resultSet>
export type ResultSetStatus = ResultSet['status']
export type ResultStatus = (typeof resultStatuses)[number]
export type Result = Parsed<typeof resultPage>['results'][number]
export type Parcial = Result['parciais'][number]
export type AthleteResult = Parsed<typeof athlete>
export type ResultPage = Parsed<typeof resultPage>

/** GET /api/events/{id}/results's sets, each complete; no usable data gives none. */
export function parseResultSets(answer: unknown): ResultSet[] {
  // A set without an id has no results to ask for: it is left out rather than drawn empty.
  return resultSetList(answer).resultSets.filter((s) => s.id !== '')
}

/** One set as the organizer's publish answers it. */
export function parseResultSet(answer: unknown): ResultSet {
  return resultSet(answer)
}

/** One page of a set's results, each line complete; no usable data gives an empty last page. */
export function parseResultPage(answer: unknown): ResultPage {
  return resultPage(answer)
}

/** One athlete's answer; no usable data gives a line whose chave and numeroPeito are ''. */
export function parseAthlete(answer: unknown): AthleteResult {
  return athlete(answer)
}
