// pt-BR formatting of money, counts, dates, distances and ages, through Intl. Calendar dates
// ("2026-03-15") are formatted as dates in UTC, so they never shift a day in any time zone.

export const siteTimeZone = 'America/Sao_Paulo'

/**
 * A formatter made on its first use, then kept. Making one loads its locale data: a phone spent a
 * fifth of a second (4× slowed) making all of them when a page started, most of which that page
 * never uses.
 */
function kept<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

const money = kept(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }))
const count = kept(() => new Intl.NumberFormat('pt-BR'))
const shortDate = kept(
  () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }),
)
const longDate = kept(
  () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }),
)
const km = kept(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }))
// en-CA formats as YYYY-MM-DD; one per time zone asked for.
const isoDates = new Map<string, Intl.DateTimeFormat>()

/** 3.456 */
export function formatCount(n: number): string {
  return count().format(n)
}

export const dateFallbacks = {
  eventMissing: 'Data a definir',
  secondaryMissing: 'Data não informada',
  invalid: 'Data inválida',
} as const

declare const centavosBrand: unique symbol

/**
 * Money as the web app adds and compares it: a whole number of centavos. Only the helpers below make
 * one, so reais passed where centavos are meant (or the reverse, to fromCentavos) is a type error.
 * The API's JSON carries reais: toCentavos on the way in, fromCentavos on the way out.
 */
export type Centavos = number & { readonly [centavosBrand]: true }

/**
 * Reais (as the API's JSON carries money) in whole centavos, so that sums and comparisons are of
 * integers: 0.1 + 0.2 is 30, 0.29 is 29 (not 28.999999999999996). Halves round away from zero.
 */
export function toCentavos(reais: number): Centavos {
  const c = Math.round(Math.abs(reais) * 100)
  return centavos(reais < 0 ? -c : c)
}

/** A whole number of centavos worked out from others (a difference, a half rounded down); anything else throws. */
export function centavos(n: number): Centavos {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${n} is not a whole number of centavos`)
  return (Object.is(n, -0) ? 0 : n) as Centavos
}

/** Whole centavos in reais, for the API and formatMoney. */
export function fromCentavos(centavos: Centavos): number {
  return centavos / 100
}

/** The sum of amounts in reais, added in whole centavos: 89,90 + 119,90 is exactly 209,80. */
export function sumReais(values: readonly number[]): number {
  return fromCentavos(centavos(values.reduce((total, v) => total + toCentavos(v), 0)))
}

/** At most two decimals (12.5 and 12.50 yes, 12.505 no), allowing for binary floating point. */
export function isWholeCentavos(reais: number): boolean {
  return Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6
}

/** R$ 1.234,50 (Intl puts a no-break space after R$). */
export function formatMoney(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? '' : money().format(value)
}

/** Parses "YYYY-MM-DD" (or the date part of an RFC 3339 timestamp) into a UTC-midnight Date, or null. */
export function parseCalendarDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null
}

function formatWith(f: () => Intl.DateTimeFormat, value: string | null | undefined, missing: string) {
  if (value == null || value.trim() === '') return missing
  const date = parseCalendarDate(value)
  return date ? f().format(date) : dateFallbacks.invalid
}

/** 15/03/2026; `missing` when empty (FMT-6), 'Data inválida' when unparseable. */
export function formatDate(value: string | null | undefined, missing: string = dateFallbacks.eventMissing) {
  return formatWith(shortDate, value, missing)
}

/** 7 de setembro de 2025. */
export function formatLongDate(value: string | null | undefined, missing: string = dateFallbacks.eventMissing) {
  return formatWith(longDate, value, missing)
}

/** Today's calendar date in the site's time zone, as "YYYY-MM-DD". */
export function todayISO(now: Date = new Date(), timeZone: string = siteTimeZone): string {
  let f = isoDates.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    isoDates.set(timeZone, f)
  }
  return f.format(now)
}

/**
 * The event's calendar day on its own clock (REG-221), as "YYYY-MM-DD": today in its fusoHorario, or in
 * Horário de Brasília (siteTimeZone, the server's default zone) for an event that names none.
 */
export function eventToday(e: { fusoHorario?: string }, now: Date = new Date()): string {
  return todayISO(now, e.fusoHorario || siteTimeZone)
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/**
 * A pt-BR formatter of instants on a clock: an event's fusoHorario ('' is Horário de Brasília), made
 * once per zone and options. Pickup times read on the event's clock (REG-225); money records on
 * Brasília's (REG-227).
 */
export function clockFormat(
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const zone = timeZone || siteTimeZone
  const key = `${zone} ${JSON.stringify(options)}`
  let f = clocks.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: zone })
    clocks.set(key, f)
  }
  return f
}

/** An event is upcoming from its day (00:00) on; an event with no usable date counts as upcoming (HOME-7). */
export function isUpcoming(dataEvento: string, today: string = todayISO()): boolean {
  const date = parseCalendarDate(dataEvento)
  return date === null || dataEvento.slice(0, 10) >= today
}

/** 21,1 km */
export function formatKm(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? '' : `${km().format(value)} km`
}

/** '5 km · 10 km' */
export function formatDistances(values: (number | null)[]): string {
  return values.map(formatKm).filter(Boolean).join(' · ')
}

/**
 * '18 a 29 anos'; 'Qualquer idade' for the 0–120 range (CONST-4, FMT-8); '50 anos ou mais' when the
 * range is open above, as 120 (or no limit) means (FMT-10).
 */
export function formatAgeRange(c: { idadeInicial: number | null; idadeLimite: number | null; qualquerIdade: boolean }) {
  const from = c.idadeInicial ?? 0
  const to = c.idadeLimite ?? 120
  if (c.qualquerIdade || (from === 0 && to >= 120)) return 'Qualquer idade'
  if (to >= 120) return `${from} anos ou mais`
  return `${from} a ${to} anos`
}

/** '123.456.789-09' for a CPF of 11 digits; a masked CPF or a passport as the server sent it. */
export function formatDocumento(doc: { tipo: string; numero: string } | null | undefined): string {
  if (!doc) return ''
  const digits = doc.numero
  if (doc.tipo === 'cpf' && /^\d{11}$/.test(digits)) {
    return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
  }
  return doc.numero
}
