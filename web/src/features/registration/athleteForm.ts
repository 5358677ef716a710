// The registration form's state and rules: the athletes as typed, the checks the server makes
// (internal/registration/athlete.go, with the limits and texts of its constants.json; both run the
// cases of internal/registration/testdata/athlete_cases.json), the order body the server reads, and
// where each field error goes. The server checks everything again.
import constants from '../../../../internal/registration/constants.json'
import type { AuthUser } from '../../lib/auth'
import { eventLimits, eventMessages } from '../../lib/events/event'
import type { Offer, PaymentMethod } from '../../lib/events/registrationOffer'
import type { FieldErrors } from '../../lib/platform/api' // under the server's names: 'atletas.0.documento', 'cupom', 'atletas'
import { parseCalendarDate } from '../../lib/text/format'
import { parseDocumento, type DocumentoTipo } from './documento'

export const limits = constants.limits
export const messages = constants.messages

export type AthleteDraft = {
  nome: string
  documentoTipo: DocumentoTipo
  documento: string
  /**
   * As typed, dd/mm/aaaa: a text field, because a phone's date picker starts at today and a birth
   * date is decades of scrolling away.
   */
  nascimento: string
  sexo: '' | 'F' | 'M'
  email: string
  celular: string
  percurso: string
  kit: string
  camiseta: string
  equipe: string
  contatoNome: string
  contatoTelefone: string
  aceite: boolean
  /** A minor's guardian (REG-252): kept while typed, sent only for an athlete under age on the race day. */
  responsavelNome: string
  responsavelDocumentoTipo: DocumentoTipo
  responsavelDocumento: string
}

/** pagamento: the method chosen (CARD-40); absent, Pix. */
export type Draft = { atletas: AthleteDraft[]; cupom: string; pagamento?: PaymentMethod }

/** An athlete's fields in the order the form shows them, by the name the server gives their errors. */
export const athleteFields = [
  'nome',
  'documento',
  'nascimento',
  'sexo',
  'responsavel.nome',
  'responsavel.documento',
  'email',
  'celular',
  'percurso',
  'kit',
  'camiseta',
  'equipe',
  'contatoEmergencia.nome',
  'contatoEmergencia.telefone',
  'aceiteRegulamento',
] as const
export type AthleteField = (typeof athleteFields)[number]

export function emptyAthlete(): AthleteDraft {
  return {
    nome: '',
    documentoTipo: 'cpf',
    documento: '',
    nascimento: '',
    sexo: '',
    email: '',
    celular: '',
    percurso: '',
    kit: '',
    camiseta: '',
    equipe: '',
    contatoNome: '',
    contatoTelefone: '',
    aceite: false,
    responsavelNome: '',
    responsavelDocumentoTipo: 'cpf',
    responsavelDocumento: '',
  }
}

export function emptyDraft(): Draft {
  return { atletas: [emptyAthlete()], cupom: '' }
}

/**
 * The signed-in buyer's name and e-mail in the first athlete, where nothing was typed yet: a
 * buyer who signs in halfway keeps what they wrote.
 */
export function prefillBuyer(draft: Draft, user: Pick<AuthUser, 'displayName' | 'email'> | null): Draft {
  const [first, ...rest] = draft.atletas
  if (!user || !first) return draft
  const nome = first.nome.trim() ? first.nome : user.displayName.trim()
  const email = first.email.trim() ? first.email : user.email
  if (nome === first.nome && email === first.email) return draft
  return { ...draft, atletas: [{ ...first, nome, email }, ...rest] }
}

/** The field's id in the page: 'atleta-0-contatoEmergencia-nome', 'cupom'. */
export function fieldId(field: string): string {
  return field.replace(/^atletas\.(\d+)\./, 'atleta-$1-').replaceAll('.', '-')
}

/** The key of an athlete's field: 'atletas.1.documento'. */
export const athleteKey = (index: number, field: AthleteField) => `atletas.${index}.${field}`

/**
 * Errors the form has no field for (the order as a whole, or a name it does not know), shown
 * together above the button.
 */
export function orderWideErrors(errors: FieldErrors, athletes: number): string[] {
  const known = new Set(['cupom'])
  for (let i = 0; i < athletes; i++) for (const f of athleteFields) known.add(athleteKey(i, f))
  return Object.entries(errors)
    .filter(([k]) => !known.has(k))
    .map(([, v]) => v)
}

/** The first field with an error, in the order the page shows them (where focus goes). */
export function firstErrorField(errors: FieldErrors, athletes: number): string | null {
  for (let i = 0; i < athletes; i++) {
    for (const f of athleteFields) if (errors[athleteKey(i, f)]) return athleteKey(i, f)
  }
  return errors.cupom ? 'cupom' : null
}

const obrigatorio = eventMessages.obrigatorio
const nomeMax = eventLimits.nomeMax
const caracteresMax = eventMessages.caracteresMax.replace('{max}', String(nomeMax))

/** A date typed as dd/mm/aaaa (or its 8 digits) as YYYY-MM-DD, or '' when it is not a calendar date. */
export function birthDateISO(typed: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed.trim()) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed.trim())
  if (!m) return ''
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  return parseCalendarDate(iso) ? iso : ''
}

/** Years completed on day by someone born on nascimento (both YYYY-MM-DD). */
export function ageOn(nascimento: string, day: string) {
  const years = Number(day.slice(0, 4)) - Number(nascimento.slice(0, 4))
  // MM-DD compares as text.
  return nascimento.slice(5, 10) > day.slice(5, 10) ? years - 1 : years
}

/** A Brazilian phone with its area code: 10 or 11 digits, or 12 to 13 with the country code 55. */
function phoneProblem(value: string): string | null {
  const v = value.trim()
  if (!v) return obrigatorio
  if (/[^0-9 ()\-+.]/.test(v)) return messages.celular
  const digits = v.replace(/\D/g, '').length
  return digits < 10 || digits > 13 ? messages.celular : null
}

/** The day ages are counted on: the event's (the offer's dataProva), today before it is known. */
const raceDay = (offer: Offer, today: string) => offer.dataProva || today

/** DD/MM/YYYY of a YYYY-MM-DD, as text: a calendar date never shifts by time zone. */
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`

/**
 * Whether the athlete as typed is under limits.maioridade on the race day (REG-252): the form then
 * shows the guardian's fields. False while the birth date is not a date.
 */
export function isMinor(a: AthleteDraft, offer: Offer, today: string): boolean {
  const nascimento = birthDateISO(a.nascimento)
  return Boolean(nascimento) && nascimento <= today && ageOn(nascimento, raceDay(offer, today)) < limits.maioridade
}

// The server's rule (account.ValidEmail: net/mail's addr-spec, at most 254 bytes): on each side of
// the one @, words of letters, digits (any script) and !#$%&'*+-/=?^_`{|}~ joined by single dots, or
// a [literal] domain. athlete_cases.json holds the cases both run.
const emailWord = String.raw`[^\x00-\x20\x7f()<>[\]:;@\\,".]+`
const emailPattern = new RegExp(
  String.raw`^${emailWord}(\.${emailWord})*@(${emailWord}(\.${emailWord})*|\[[^[\]\\\s]*\])$`,
  'u',
)
const emailMaxBytes = 254
const validEmail = (email: string) =>
  new TextEncoder().encode(email).length <= emailMaxBytes && emailPattern.test(email)

/** The errors of one athlete (by field), as the server would answer them, without the category. */
export function athleteErrors(a: AthleteDraft, offer: Offer, today: string): Partial<Record<AthleteField, string>> {
  const e: Partial<Record<AthleteField, string>> = {}
  const nome = a.nome.trim()
  if (!nome) e.nome = obrigatorio
  else if ([...nome].length > nomeMax) e.nome = caracteresMax
  else if (nome.split(/\s+/).length < 2) e.nome = messages.nomeCompleto

  if (!a.documento.trim()) e.documento = obrigatorio
  else {
    const doc = parseDocumento(a.documentoTipo, a.documento)
    if ('erro' in doc) e.documento = doc.erro
  }

  const nascimento = birthDateISO(a.nascimento)
  if (!a.nascimento.trim()) e.nascimento = obrigatorio
  else if (!nascimento) e.nascimento = eventMessages.data
  else if (nascimento > today) e.nascimento = messages.nascimentoFuturo
  else if (ageOn(nascimento, today) > limits.idadeMax) e.nascimento = messages.nascimentoIdade
  else {
    // REG-251, REG-252: the ages on the race day; no guardian is asked of an athlete refused.
    const day = raceDay(offer, today)
    const idade = ageOn(nascimento, day)
    const minima = offer.modalidades.find((m) => m.nome === a.percurso)?.idadeMinima
    if (minima != null && idade < minima) {
      e.nascimento = messages.idadeMinima
        .replace('{modalidade}', a.percurso)
        .replace('{idade}', String(minima))
        .replace('{data}', brDate(day))
    } else if (idade < limits.maioridade) {
      const nome = a.responsavelNome.trim()
      if (nome.split(/\s+/).filter(Boolean).length < 2)
        e['responsavel.nome'] = messages.responsavelNome.replace('{maioridade}', String(limits.maioridade))
      else if ([...nome].length > nomeMax) e['responsavel.nome'] = caracteresMax
      if (!a.responsavelDocumento.trim()) e['responsavel.documento'] = messages.responsavelDocumento
      else {
        const doc = parseDocumento(a.responsavelDocumentoTipo, a.responsavelDocumento)
        if ('erro' in doc) e['responsavel.documento'] = doc.erro
      }
    }
  }

  if (a.sexo !== 'F' && a.sexo !== 'M') e.sexo = messages.sexo
  if (a.email.trim() && !validEmail(a.email.trim())) e.email = messages.email
  const celular = phoneProblem(a.celular)
  if (celular) e.celular = celular

  const modality = offer.modalidades.find((m) => m.nome === a.percurso)
  if (!modality) e.percurso = messages.percurso
  else if (modality.kits?.length && !modality.kits.some((k) => k.nome === a.kit)) e.kit = messages.kit
  if (!offer.tamanhosCamiseta.includes(a.camiseta)) e.camiseta = messages.camiseta
  if ([...a.equipe.trim()].length > nomeMax) e.equipe = caracteresMax
  if (!a.contatoNome.trim()) e['contatoEmergencia.nome'] = obrigatorio
  const telefone = phoneProblem(a.contatoTelefone)
  if (telefone) e['contatoEmergencia.telefone'] = telefone
  if (!a.aceite) e.aceiteRegulamento = messages.aceite
  return e
}

/** Every error of the order, under the server's names; empty when the server may be asked. */
export function draftErrors(draft: Draft, offer: Offer, today: string): FieldErrors {
  const errors: FieldErrors = {}
  const n = draft.atletas.length
  if (n < limits.atletasMin || n > limits.atletasMax) {
    errors.atletas = messages.atletas
      .replace('{min}', String(limits.atletasMin))
      .replace('{max}', String(limits.atletasMax))
  }
  const seen = new Set<string>()
  draft.atletas.forEach((a, i) => {
    for (const [field, message] of Object.entries(athleteErrors(a, offer, today)))
      errors[`atletas.${i}.${field}`] = message
    if (errors[athleteKey(i, 'documento')]) return
    const doc = parseDocumento(a.documentoTipo, a.documento)
    const key = 'numero' in doc ? `${a.documentoTipo}:${doc.numero}` : ''
    if (seen.has(key)) errors[athleteKey(i, 'documento')] = messages.documentoRepetido
    seen.add(key)
  })
  return errors
}

/** The body of POST …/inscricao/cotacao and …/pedidos (docs/http-api.md); a guardian only for a minor. */
export function orderBody(draft: Draft, offer: Offer, today: string) {
  const byKit = (percurso: string) => Boolean(offer.modalidades.find((m) => m.nome === percurso)?.kits?.length)
  const cupom = draft.cupom.trim()
  return {
    atletas: draft.atletas.map((a) => ({
      nome: a.nome.trim(),
      documento: { tipo: a.documentoTipo, numero: a.documento.trim() },
      nascimento: birthDateISO(a.nascimento),
      sexo: a.sexo,
      email: a.email.trim(),
      celular: a.celular.trim(),
      percurso: a.percurso,
      ...(byKit(a.percurso) && { kit: a.kit }),
      camiseta: a.camiseta,
      ...(a.equipe.trim() && { equipe: a.equipe.trim() }),
      contatoEmergencia: { nome: a.contatoNome.trim(), telefone: a.contatoTelefone.trim() },
      aceiteRegulamento: a.aceite,
      ...(isMinor(a, offer, today) && {
        responsavel: {
          nome: a.responsavelNome.trim(),
          documento: { tipo: a.responsavelDocumentoTipo, numero: a.responsavelDocumento.trim() },
        },
      }),
    })),
    ...(cupom && { cupom }),
  }
}

/**
 * The order's `pagamento` (CARD-40): the method chosen, when the offer takes it, else the offer's
 * first; nothing when the offer names no methods (a server that sells by Pix only).
 */
export function orderPayment(draft: Draft, offer: Offer): { pagamento?: PaymentMethod } {
  const methods = offer.pagamentos
  if (!methods?.length) return {}
  return { pagamento: draft.pagamento && methods.includes(draft.pagamento) ? draft.pagamento : methods[0] }
}

/**
 * The errors still standing once the field `key` changed (REG-290): its own goes, and so does any
 * other the form's own checks made (`before`) and no longer make (`after`), such as a document
 * repeated in the order once the other athlete's is corrected. The server's errors of other
 * fields stay until those fields change.
 */
export function errorsAfterChange(
  errors: FieldErrors,
  key: string,
  before: FieldErrors,
  after: FieldErrors,
): FieldErrors {
  const out: FieldErrors = {}
  for (const [k, message] of Object.entries(errors)) {
    if (k === key || (before[k] === message && after[k] !== message)) continue
    out[k] = message
  }
  return out
}

/**
 * When the only thing in the way is documents (repeated in the order, already registered in the
 * event, refused), the summary says whose (REG-291): 'Corrija o documento de Ana Souza.'; null
 * otherwise. names are the athletes' as typed ('' reads "Atleta N").
 */
export function documentProblem(errors: FieldErrors, names: string[]): string | null {
  const keys = Object.keys(errors)
  const athletes = keys.map((k) => /^atletas\.(\d+)\.documento$/.exec(k)?.[1])
  if (keys.length === 0 || athletes.some((i) => i === undefined)) return null
  const whose = athletes
    .map(Number)
    .sort((a, b) => a - b)
    .map((i) => names[i]?.trim() || `Atleta ${i + 1}`)
  return `Corrija o documento de ${whose.join(' e de ')}.`
}

/** The errors left once the athlete at index is removed: those after it move up one place. */
export function errorsWithout(errors: FieldErrors, index: number): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, message] of Object.entries(errors)) {
    const m = /^atletas\.(\d+)\.(.+)$/.exec(key)
    if (!m) out[key] = message
    else if (Number(m[1]) < index) out[key] = message
    else if (Number(m[1]) > index) out[`atletas.${Number(m[1]) - 1}.${m[2]}`] = message
  }
  return out
}

// The draft lives in sessionStorage, per event, so that signing in or up, a reload or a failed
// request never loses what was typed; it is forgotten once the order exists.
const storageKey = (eventId: string) => `pelotao:inscricao:${eventId}`

export type SavedDraft = { draft: Draft; idempotencyKey: string }

export function loadDraft(eventId: string): SavedDraft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(eventId))
    if (!raw) return null
    const saved = JSON.parse(raw) as SavedDraft
    if (!Array.isArray(saved.draft?.atletas) || typeof saved.idempotencyKey !== 'string') return null
    // A draft of an older form gains the fields it lacked.
    return {
      ...saved,
      draft: {
        cupom: saved.draft.cupom ?? '',
        atletas: saved.draft.atletas.map((a) => ({ ...emptyAthlete(), ...a })),
        ...(saved.draft.pagamento === 'cartao' && { pagamento: 'cartao' as const }),
      },
    }
  } catch {
    return null
  }
}

export function saveDraft(eventId: string, saved: SavedDraft) {
  try {
    sessionStorage.setItem(storageKey(eventId), JSON.stringify(saved))
  } catch {
    // A full or blocked storage only loses the copy; the page keeps its state.
  }
}

export function forgetDraft(eventId: string) {
  try {
    sessionStorage.removeItem(storageKey(eventId))
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** A fresh Idempotency-Key: one per order the buyer means to make, kept across its retries. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}
