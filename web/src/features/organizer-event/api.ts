// The calls of the organizer's event page (docs/http-api.md "Race-day routes"): participants
// import, list, totals and exports, and the event's team.
import { api, apiFile, type RowError } from '../../lib/platform/api'
import type { StaffRole } from '../../lib/team/staff'

export const eventBase = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`

export type Documento = { tipo: 'cpf' | 'passaporte'; numero: string }

export type KitRetirado = {
  at: string
  balcao: string
  por: string
  retiradoPor: { nome: string; documento: string } | null
  camisetaEntregue: string
}

export type Participant = {
  id: string
  inscricao: string
  nome: string
  email: string
  telefone: string
  documento: Documento | null
  nascimento: string | null
  sexo: string
  percurso: string
  camiseta: string
  equipe: string
  numeroPeito: number | null
  pago: boolean
  valor: number | null
  kitRetirado: KitRetirado | null
  /** A minor's guardian, from a registration sold in Pelotão (REG-253); the document masked as the athlete's. */
  responsavel?: { nome: string; documento: Documento }
  /** The name of the group (assessoria) of a registration sold in Pelotão, '' when none (GRP-47). */
  grupo?: string
}

/** One line of a participant's history: importado, atualizado, retirado or desfeito, when and by whom. */
export type HistoryEntry = { tipo: string; em: string; por: string; detalhe?: unknown }

export type ParticipantDetail = Participant & { historico?: HistoryEntry[] }

export type ImportCounts = { added: number; updated: number; unchanged: number; missing: number }

/** A committed import: its counts and the rows left out as registrations sold in Pelotão. */
export type CommittedImport = ImportCounts & { jaInscritos: RowError[] }

/** The field of a column that is not read. */
export const ignoreField = 'ignorar'

/** A header of the file and the field it is read as ('ignorar' for none). */
export type ImportColumn = { header: string; field: string }

/**
 * What a preview asks, only about what the file leaves open (docs/http-api.md "Imports"): which
 * column is a field, which sheet, which modality a race is, whether to take official results back.
 */
export type SheetQuestion = {
  kind: 'column' | 'sheet' | 'race' | 'status'
  /** The field asked about (column), or the race as the file writes it (race). */
  field?: string
  message: string
  options: string[]
  /** What is used until the organizer answers ('' for nothing). */
  guess: string
}

/** The organizer's answers that are not a column's field (those go in the mapping). */
export type SheetAnswers = {
  sheet?: string
  /** Race as the file writes it → the modality it is published as ('' leaves it out). */
  percursos?: Record<string, string>
  confirmarRebaixamento?: boolean
  status?: string
}

/** Reads the questions and notes of a preview, whatever the server left out. */
export function readGuidance(answer: { questions?: SheetQuestion[]; notes?: string[] } | null | undefined) {
  return { questions: answer?.questions ?? [], notes: answer?.notes ?? [] }
}

/** Sets the answers on an import's form. */
export function setAnswers(form: FormData, answers: SheetAnswers) {
  if (answers.sheet) form.set('sheet', answers.sheet)
  if (answers.percursos && Object.keys(answers.percursos).length > 0)
    form.set('percursos', JSON.stringify(answers.percursos))
  if (answers.confirmarRebaixamento) form.set('confirmarRebaixamento', '1')
}

export type ImportPreview = {
  columns: ImportColumn[]
  rows: Record<string, unknown>[]
  errors: RowError[]
  questions: SheetQuestion[]
  notes: string[]
  counts: ImportCounts
  /** The first (at most 100, by name) of the event's participants the file leaves out. */
  missingParticipants: Participant[]
  /** The rows whose document is of a registration sold in Pelotão: left out, and the registration as it is. */
  jaInscritos: RowError[]
}

/** Header → field, as the form field `mapping` of the import (docs/product.md §10). */
export type Mapping = Record<string, string>

function importForm(file: File, mapping: Mapping | null, answers: SheetAnswers, dryRun: boolean) {
  const form = new FormData()
  form.set('file', file)
  if (mapping) form.set('mapping', JSON.stringify(mapping))
  setAnswers(form, answers)
  if (dryRun) form.set('dryRun', '1')
  return form
}

/** The columns of a dry run ([{header, field}], docs/http-api.md); a missing list is none. */
export function readColumns(columns: unknown): ImportColumn[] {
  if (!Array.isArray(columns)) return []
  return columns.map((c: { header?: string; field?: string }) => ({
    header: c.header ?? '',
    // A header the server did not recognise comes with no field: it is left out.
    field: c.field || ignoreField,
  }))
}

/** The dry run: what the file would do, with its row errors; nothing is saved. */
export async function previewImport(
  eventId: string,
  file: File,
  mapping: Mapping | null,
  answers: SheetAnswers = {},
): Promise<ImportPreview> {
  const answer = await api<Omit<ImportPreview, 'columns'> & { columns: unknown }>(
    `${eventBase(eventId)}/participants`,
    {
      method: 'POST',
      body: importForm(file, mapping, answers, true),
    },
  )
  return {
    ...answer,
    ...readGuidance(answer),
    columns: readColumns(answer.columns),
    rows: answer.rows ?? [],
    errors: answer.errors ?? [],
    missingParticipants: answer.missingParticipants ?? [],
    jaInscritos: answer.jaInscritos ?? [],
  }
}

/** Saves the file's participants; a file with row errors answers 422 with error.rows. */
export async function commitImport(
  eventId: string,
  file: File,
  mapping: Mapping | null,
  answers: SheetAnswers = {},
): Promise<CommittedImport> {
  const answer = await api<CommittedImport>(`${eventBase(eventId)}/participants`, {
    method: 'POST',
    body: importForm(file, mapping, answers, false),
  })
  return { ...answer, jaInscritos: answer.jaInscritos ?? [] }
}

export type ParticipantQuery = {
  q?: string
  percurso?: string
  pago?: '' | 'true' | 'false'
  kitRetirado?: '' | 'true' | 'false'
  /** A group's id: its participants only (GRP-47). */
  grupo?: string
  limit?: number
  cursor?: string
}

export type ParticipantPage = { participants: Participant[]; total: number; nextCursor?: string | null }

/** A list's query (participants, orders) as ?a=1&b=2, leaving out what is unset or blank. */
export function queryString(query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') params.set(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

export function listParticipants(eventId: string, query: ParticipantQuery, signal?: AbortSignal) {
  return api<ParticipantPage>(`${eventBase(eventId)}/participants${queryString(query)}`, { signal })
}

export function getParticipant(eventId: string, participantId: string, signal?: AbortSignal) {
  return api<ParticipantDetail>(`${eventBase(eventId)}/participants/${encodeURIComponent(participantId)}`, { signal })
}

export { getSummary, type Summary } from '../../lib/events/participantSummary'

/** The CSV export (UTF-8 with BOM), downloaded by the browser with the session cookie. */
export const participantsCSVPath = (eventId: string) => `${eventBase(eventId)}/participants.csv`

/** The printable list (PDF) of the bibs from `de` to `ate`, both optional. */
export function participantsPDFPath(eventId: string, range: BibRange = {}) {
  const params = new URLSearchParams()
  if (range.de) params.set('de', String(range.de))
  if (range.ate) params.set('ate', String(range.ate))
  const s = params.toString()
  return `${eventBase(eventId)}/participants.pdf${s ? `?${s}` : ''}`
}

export type BibRange = { de?: number; ate?: number }

/** The printable list as a file; a range too long to print is refused (422) with its reason. */
export function fetchParticipantsPDF(eventId: string, range: BibRange) {
  return apiFile(participantsPDFPath(eventId, range))
}

/** The bib numbers an import gives, by modality, to participants the file leaves without one. */
export type FaixaPeito = { percurso: string; inicio: number; fim: number }
/** bloquearKitSemPagamento: the kit desks may not hand the kits of unpaid registrations. */
export type ParticipantSettings = { faixasPeito: FaixaPeito[]; bloquearKitSemPagamento: boolean }

export function getParticipantSettings(eventId: string, signal?: AbortSignal) {
  return api<ParticipantSettings>(`${eventBase(eventId)}/participants/settings`, { signal })
}

/**
 * Saves the fields given, the others kept as they are; 422 with fields named faixasPeito.{i}.inicio
 * / .fim / .percurso.
 */
export function putParticipantSettings(eventId: string, settings: Partial<ParticipantSettings>) {
  return api<ParticipantSettings>(`${eventBase(eventId)}/participants/settings`, { method: 'PUT', body: settings })
}

/**
 * A member of the team, or an invitation that gives no role yet (pendente, nome null): its e-mail
 * has no account, or an account that has not confirmed the address (aguardandoConfirmacao, TEAM-6).
 */
export type StaffMember = {
  id: string
  email: string
  nome: string | null
  role: StaffRole
  pendente: boolean
  aguardandoConfirmacao: boolean
}

/** The event's owner (e-mail and name null for an event of no account, as the demo's) and team. */
export type Team = { owner: { id: string; email: string | null; nome: string | null }; staff: StaffMember[] }

export function listStaff(eventId: string, signal?: AbortSignal) {
  return api<Team>(`${eventBase(eventId)}/staff`, { signal })
}

/** Invites by e-mail; emailEnviado false: the invitation stands but its e-mail did not go. */
export function inviteStaff(eventId: string, email: string, role: StaffRole) {
  return api<{ member: StaffMember; emailEnviado: boolean }>(`${eventBase(eventId)}/staff`, {
    method: 'POST',
    body: { email, role },
  })
}

export function removeStaff(eventId: string, staffId: string) {
  return api<void>(`${eventBase(eventId)}/staff/${encodeURIComponent(staffId)}`, { method: 'DELETE' })
}
