// The boundary where the results API's answers enter the app (lib/resultsApi, and the same answers
// embedded in a drawn page, lib/initialData), as lib/eventSchema is for events: a missing or wrong
// field takes its empty value, so a partial answer draws what it has instead of crashing the page.
import { z } from 'zod/mini'
import type { AthleteResult, ResultPage, ResultSet } from './resultsApi'
import { amount, count, list, oneOf, record, text } from './schema'

const resultSet = record({
  id: text,
  percurso: text,
  // Preliminary unless the answer says official: a set is never shown as final by mistake.
  status: oneOf(['preliminar', 'oficial'], 'preliminar'),
  finishers: count,
  total: count,
  importedAt: text,
  categorias: list(text),
})

const resultFields = {
  // The server sends text; a number (a hand-made answer) is read as its digits.
  numeroPeito: z.transform((v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')),
  // Absent from lines stored before lines had keys: resultKey then falls back to the bib.
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
  status: oneOf(['ok', 'DNF', 'DNS', 'DSQ'], 'ok'),
  parciais: list(record({ nome: text, tempo: text })),
}

const resultPage = record({
  results: list(record(resultFields)),
  total: count,
  nextCursor: z.transform((v: unknown) => (typeof v === 'string' && v !== '' ? v : null)),
})

const athlete = record({
  ...resultFields,
  total: count,
  concluintes: count,
  maisRapidoQue: amount,
  totalSexo: count,
  totalCategoria: count,
  // Absent when the answer has no set: the page then names no modality.
  resultSet: z.transform((v: unknown) => (typeof v === 'object' && v !== null ? resultSet.parse(v) : undefined)),
})

const resultSetList = record({ resultSets: list(resultSet) })

/** GET /api/events/{id}/results's sets, each complete; no usable data gives none. */
export function parseResultSets(answer: unknown): ResultSet[] {
  // A set without an id has no results to ask for: it is left out rather than drawn empty.
  return resultSetList.parse(answer).resultSets.filter((s) => s.id !== '')
}

/** One set as the organizer's publish answers it. */
export function parseResultSet(answer: unknown): ResultSet {
  return resultSet.parse(answer)
}

/** One page of a set's results, each line complete; no usable data gives an empty last page. */
export function parseResultPage(answer: unknown): ResultPage {
  return resultPage.parse(answer)
}

/** One athlete's answer; no usable data gives a line whose chave and numeroPeito are ''. */
export function parseAthlete(answer: unknown): AthleteResult {
  return athlete.parse(answer)
}
