// What the organizer prototype computes from its sample data (docs/requirements.md ORG-6, ORG-7, ORG-11),
// as pure functions: the tabs only display their answers.
import { isWholeCentavos, parseCalendarDate, sumReais } from '../../../lib/text/format'
import { foldText, matchesWords, searchWords } from '../../../lib/text/textFold'
import { newSampleCourseLimit, type SampleEvent, type SampleParticipant } from './sampleData'

export type Overview = { eventos: number; participantes: number; pagos: number; pendentes: number; receita: number }

/** 'Visão Geral': counts, and the revenue already received (the paid participants' valor). */
export function overview(events: readonly SampleEvent[], participants: readonly SampleParticipant[]): Overview {
  const paid = participants.filter((p) => p.pago)
  return {
    eventos: events.length,
    participantes: participants.length,
    pagos: paid.length,
    pendentes: participants.length - paid.length,
    receita: sumReais(paid.map((p) => p.valor)),
  }
}

export type FinanceRow = {
  eventoId: string
  eventoNome: string
  percursoId: string
  percursoNome: string
  pagos: number
  valorPago: number
  pendentes: number
  valorPendente: number
}

export type Finance = { rows: FinanceRow[]; totalPago: number; totalPendente: number }

/** 'Financeiro': paid and pending registrations and their valor, per course of every event. */
export function financeByPercurso(events: readonly SampleEvent[], participants: readonly SampleParticipant[]): Finance {
  const rows = events.flatMap((e) =>
    e.percursos.map((c) => {
      const inCourse = participants.filter((p) => p.eventoId === e.id && p.percurso === c.id)
      const paid = inCourse.filter((p) => p.pago)
      const pending = inCourse.filter((p) => !p.pago)
      return {
        eventoId: e.id,
        eventoNome: e.nome,
        percursoId: c.id,
        percursoNome: c.nome,
        pagos: paid.length,
        valorPago: sumReais(paid.map((p) => p.valor)),
        pendentes: pending.length,
        valorPendente: sumReais(pending.map((p) => p.valor)),
      }
    }),
  )
  return {
    rows,
    totalPago: sumReais(rows.map((r) => r.valorPago)),
    totalPendente: sumReais(rows.map((r) => r.valorPendente)),
  }
}

/**
 * Participants whose nome, e-mail or documento contains every word of the text, ignoring case and
 * accents ('joao silv' finds 'João da Silva'); a documento also matches by its digits alone ('12345678909').
 */
export function searchParticipants(participants: readonly SampleParticipant[], text: string): SampleParticipant[] {
  const words = searchWords(text)
  if (words.length === 0) return [...participants]
  const wantedDigits = /^[\d.\-/\s]+$/.test(text.trim()) ? text.replace(/\D/g, '') : ''
  return participants.filter(
    (p) =>
      [p.nome, p.email, p.documento].some((field) => matchesWords(foldText(field), words)) ||
      (wantedDigits !== '' && p.documento.replace(/\D/g, '').includes(wantedDigits)),
  )
}

/** 'Check-in': marks one participant's kit as picked up, or not. */
export function setKitRetirado(
  participants: readonly SampleParticipant[],
  id: string,
  kitRetirado: boolean,
): SampleParticipant[] {
  return participants.map((p) => (p.id === id ? { ...p, kitRetirado } : p))
}

/** The course name of a participant, or '' when the sample data does not know it. */
export function percursoNome(events: readonly SampleEvent[], p: SampleParticipant): string {
  return events.find((e) => e.id === p.eventoId)?.percursos.find((c) => c.id === p.percurso)?.nome ?? ''
}

export function eventoNome(events: readonly SampleEvent[], p: SampleParticipant): string {
  return events.find((e) => e.id === p.eventoId)?.nome ?? ''
}

/** What the create-event dialog's inputs hold: strings, as typed. */
export type NewSampleEventInput = { nome: string; data: string; cidade: string; percurso: string; preco: string }
export type NewSampleEventErrors = Partial<Record<keyof NewSampleEventInput, string>>

/**
 * The dialog's rules (docs/product.md §5, ORG-6): every field required; preco a number of at most two
 * decimals (step 0.01), not negative. `precoUnreadable` is the browser's word that the number
 * input holds something it cannot read as a number (its value is then '').
 */
export function validateNewSampleEvent(input: NewSampleEventInput, precoUnreadable = false): NewSampleEventErrors {
  const errors: NewSampleEventErrors = {}
  if (input.nome.trim() === '') errors.nome = 'Informe o nome do evento.'
  if (input.data.trim() === '') errors.data = 'Informe a data do evento.'
  else if (!parseCalendarDate(input.data) || input.data.trim().length !== 10) errors.data = 'Informe uma data válida.'
  if (input.cidade.trim() === '') errors.cidade = 'Informe a cidade.'
  if (input.percurso.trim() === '') errors.percurso = 'Informe o percurso.'

  const preco = input.preco.trim()
  if (precoUnreadable) errors.preco = 'Informe um preço válido.'
  else if (preco === '') errors.preco = 'Informe o preço.'
  else if (!Number.isFinite(Number(preco))) errors.preco = 'Informe um preço válido.'
  else if (Number(preco) < 0) errors.preco = 'O preço não pode ser negativo.'
  else if (!isWholeCentavos(Number(preco))) errors.preco = 'Use no máximo duas casas decimais.'
  return errors
}

/** ORG-7: a new sample event is a draft with one course of limit 1000 (CONST-12). Call after validating. */
export function newSampleEvent(input: NewSampleEventInput, id: string): SampleEvent {
  return {
    id,
    nome: input.nome.trim(),
    data: input.data.trim(),
    cidade: input.cidade.trim(),
    status: 'rascunho',
    percursos: [
      { id: `${id}-percurso-1`, nome: input.percurso.trim(), preco: Number(input.preco), limite: newSampleCourseLimit },
    ],
  }
}
