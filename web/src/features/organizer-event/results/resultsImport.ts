// The organizer's side of results (docs/http-api.md "Race-day routes"): a timing company's file
// read without saving (dry run) to preview it, then published as a modality's set.
import type { RowError } from '../../../lib/platform/api'
import { postForm } from '../../../lib/platform/uploads'
import type { Result, ResultSet, ResultSetStatus } from '../../../lib/results/resultSchema'
import { parseResultSet } from '../../../lib/results/resultSchema'
import {
  ignoreField,
  readColumns,
  readGuidance,
  setAnswers,
  type ImportColumn,
  type Mapping,
  type SheetAnswers,
  type SheetQuestion,
} from '../api'

/** A race of a file that holds several, and the modality it is published as ('' for none yet). */
export type PreviewRace = { nome: string; percurso: string; counts: { total: number; finishers: number } }

export type ResultsPreview = {
  columns: ImportColumn[]
  /** The first lines as they will be published (of the first race, when the file has several). */
  rows: Partial<Result>[]
  errors: RowError[]
  questions: SheetQuestion[]
  notes: string[]
  races: PreviewRace[]
}

/** status '' keeps each replaced set's status (preliminar for a new one). */
export type ResultsUpload = {
  file: File
  percurso: string
  status: ResultSetStatus | ''
  mapping: Mapping | null
  answers: SheetAnswers
}

function resultsForm({ file, percurso, status, mapping, answers }: ResultsUpload, dryRun: boolean) {
  const form = new FormData()
  form.set('file', file)
  if (percurso) form.set('percurso', percurso)
  const chosen = answers.status || status
  if (chosen) form.set('status', chosen)
  if (mapping) form.set('mapping', JSON.stringify(mapping))
  setAnswers(form, answers)
  if (dryRun) form.set('dryRun', '1')
  return form
}

const resultsPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/results`

/** The dry run: the guessed columns, the first lines and every row error; nothing is saved. */
export async function previewResults(
  eventId: string,
  upload: ResultsUpload,
  onProgress?: (p: number) => void,
): Promise<ResultsPreview> {
  const answer = (await postForm(resultsPath(eventId), resultsForm(upload, true), onProgress)) as {
    columns?: unknown
    rows?: Partial<Result>[]
    errors?: RowError[]
    questions?: SheetQuestion[]
    notes?: string[]
    races?: PreviewRace[]
  } | null
  return {
    columns: readColumns(answer?.columns),
    rows: answer?.rows ?? [],
    errors: answer?.errors ?? [],
    ...readGuidance(answer),
    races: answer?.races ?? [],
  }
}

/** Publishes the file as the modality's set, replacing the one it had in one step. */
export async function publishResults(
  eventId: string,
  upload: ResultsUpload,
  onProgress?: (p: number) => void,
): Promise<ResultSet> {
  return parseResultSet(await postForm(resultsPath(eventId), resultsForm(upload, false), onProgress))
}

export const splitPrefix = 'parcial:'

/** The fields a column of a results file can be read as, with their pt-BR names. */
export const resultFieldLabels: Record<string, string> = {
  posicao: 'Classificação geral',
  numeroPeito: 'Nº de peito',
  nome: 'Nome',
  sexo: 'Sexo',
  categoria: 'Categoria',
  equipe: 'Equipe',
  posicaoSexo: 'Classificação por sexo',
  posicaoCategoria: 'Classificação na categoria',
  tempoBruto: 'Tempo bruto',
  tempoLiquido: 'Tempo líquido',
  status: 'Status (DNF, DNS, DSQ)',
  prenome: 'Primeiro nome',
  sobrenome: 'Sobrenome',
  prova: 'Prova (modalidade)',
  id: 'Código do atleta',
  documento: 'Documento (CPF ou passaporte)',
  [ignoreField]: 'Ignorar esta coluna',
}

/** The choices for the column `header`: the fields, and a split named after the header. */
export function fieldChoices(header: string, current: string): { value: string; label: string }[] {
  const choices = Object.entries(resultFieldLabels).map(([value, label]) => ({ value, label }))
  const split = `${splitPrefix}${header}`
  choices.splice(choices.length - 1, 0, { value: split, label: `Parcial "${header}"` })
  if (!choices.some((c) => c.value === current))
    choices.splice(choices.length - 1, 0, { value: current, label: fieldLabel(current) })
  return choices
}

/** A field's pt-BR name: a split is "Parcial "<nome>"". */
export function fieldLabel(field: string): string {
  if (field.startsWith(splitPrefix)) return `Parcial "${field.slice(splitPrefix.length)}"`
  return resultFieldLabels[field] ?? field
}
