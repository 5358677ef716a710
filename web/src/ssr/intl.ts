// The part of Intl that the app's pages use, for the server's JavaScript engine, which has no Intl
// (internal/prerender). The browser then hydrates the server's markup with its own Intl, so this
// must give exactly the browser's text; intl.test.ts compares the two over many values. Any other
// locale or option throws, so a new use fails the server's tests instead of drifting silently.

/** The calendar date of an instant in an IANA time zone, computed by the host (Go's time package). */
export type ZoneDate = (epochMs: number, timeZone: string) => { year: number; month: number; day: number }

type NumberOptions = {
  style?: 'currency'
  currency?: string
  minimumFractionDigits?: number
  maximumFractionDigits?: number
}

const months = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]

function unsupported(what: string, options: object): never {
  throw new RangeError(`Intl do servidor: ${what} ${JSON.stringify(options)} não é suportado`)
}

/** The decimal digits of |n| as the shortest text that reads back as n, without an exponent. */
function plainDigits(n: number): { int: string; frac: string } {
  const text = Math.abs(n).toString()
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text)
  if (!m) throw new RangeError(`Intl do servidor: número ${text}`)
  const digits = m[1]! + (m[2] ?? '')
  const point = m[1]!.length + Number(m[3] ?? 0)
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0')
  const at = Math.max(point, 1)
  return { int: padded.slice(0, at).replace(/^0+(?=\d)/, ''), frac: padded.slice(at) }
}

/** Adds one to a string of decimal digits. */
function increment(digits: string): string {
  let out = ''
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') {
    out = '0' + out
    i--
  }
  return i < 0 ? '1' + out : digits.slice(0, i) + String(Number(digits[i]) + 1) + out
}

/** |n| rounded half away from zero to at most max fraction digits (Intl's default), at least min. */
function fixedDigits(n: number, min: number, max: number): { int: string; frac: string } {
  let { int, frac } = plainDigits(n)
  if (frac.length > max) {
    const kept = int + frac.slice(0, max)
    const rounded = frac[max]! >= '5' ? increment(kept) : kept
    int = rounded.slice(0, rounded.length - max) || '0'
    frac = rounded.slice(rounded.length - max)
  }
  frac = frac.replace(/0+$/, '')
  return { int, frac: frac.padEnd(min, '0') }
}

class NumberFormat {
  readonly #min: number
  readonly #max: number
  readonly #currency: boolean

  constructor(locale: string, options: NumberOptions = {}) {
    const { style, currency, minimumFractionDigits, maximumFractionDigits, ...rest } = options
    if (locale !== 'pt-BR' || Object.keys(rest).length > 0) unsupported(`NumberFormat ${locale}`, options)
    if (style !== undefined && (style !== 'currency' || currency !== 'BRL')) unsupported('NumberFormat', options)
    this.#currency = style === 'currency'
    this.#min = minimumFractionDigits ?? (this.#currency ? 2 : 0)
    this.#max = Math.max(maximumFractionDigits ?? (this.#currency ? 2 : 3), this.#min)
  }

  format(n: number): string {
    if (!Number.isFinite(n)) throw new RangeError(`Intl do servidor: número ${n}`)
    const { int, frac } = fixedDigits(n, this.#min, this.#max)
    const sign = n < 0 || Object.is(n, -0) ? '-' : ''
    const text = int.replace(/\B(?=(\d{3})+$)/g, '.') + (frac ? ',' + frac : '')
    return sign + (this.#currency ? 'R$\u00a0' : '') + text
  }
}

type DateOptions = { timeZone?: string; year?: string; month?: string; day?: string }

const two = (n: number) => String(n).padStart(2, '0')

function createDateTimeFormat(zoneDate: ZoneDate) {
  return class DateTimeFormat {
    readonly #layout: (d: { year: number; month: number; day: number }) => string
    readonly #timeZone: string

    constructor(locale: string, options: DateOptions = {}) {
      const { timeZone = 'UTC', year, month, day, ...rest } = options
      const shape = `${locale} ${year}/${month}/${day}`
      if (Object.keys(rest).length > 0) unsupported('DateTimeFormat', options)
      this.#timeZone = timeZone
      if (shape === 'pt-BR numeric/2-digit/2-digit') this.#layout = (d) => `${two(d.day)}/${two(d.month)}/${d.year}`
      else if (shape === 'pt-BR numeric/long/numeric')
        this.#layout = (d) => `${d.day} de ${months[d.month - 1]} de ${d.year}`
      else if (shape === 'en-CA numeric/2-digit/2-digit')
        this.#layout = (d) => `${d.year}-${two(d.month)}-${two(d.day)}`
      else unsupported(`DateTimeFormat ${locale}`, options)
    }

    format(date: Date | number = Date.now()): string {
      const ms = typeof date === 'number' ? date : date.getTime()
      if (!Number.isFinite(ms)) throw new RangeError('Invalid time value')
      if (this.#timeZone === 'UTC') {
        const d = new Date(ms)
        return this.#layout({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() })
      }
      return this.#layout(zoneDate(ms, this.#timeZone))
    }
  }
}

/** The Intl subset; zoneDate answers for time zones other than UTC. */
export function serverIntl(zoneDate: ZoneDate) {
  return { NumberFormat, DateTimeFormat: createDateTimeFormat(zoneDate) }
}
