import { describe, expect, it } from 'vitest'
import { serverIntl } from './intl'

// The browser's Intl (Node's ICU here) is the reference: the server's markup must read the same.
function zoneDate(ms: number, timeZone: string) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(ms)
    .split('-')
    .map(Number)
  return { year: year!, month: month!, day: day! }
}
const server = serverIntl(zoneDate)

// Values that exercise rounding (1.005, 0.0005), grouping, carries (9.995) and signs.
const numbers = [
  0, -0, 1, -1, 0.5, 1.005, 2.675, 9.995, 0.0005, 0.00049, 21.0975, 42.195, 49.9, 1234.5, 1234567.891, 999999.999, 1e21,
  1.5e-7, -3.14159, 1000, 10000, 100000,
]
let seed = 7 // a fixed sequence, so a failure repeats
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
for (let i = 0; i < 300; i++) numbers.push(Math.round(next() * 10 ** (i % 9)) / 10 ** (i % 5), next() * 1e6)

describe('server Intl', () => {
  it.each([
    [{ style: 'currency', currency: 'BRL' }],
    [{}],
    [{ maximumFractionDigits: 3 }],
    [{ minimumFractionDigits: 2, maximumFractionDigits: 2 }],
  ] as const)('NumberFormat pt-BR %j formats as the browser does', (options) => {
    const reference = new Intl.NumberFormat('pt-BR', options)
    const ours = new server.NumberFormat('pt-BR', options)
    for (const n of numbers) expect([n, ours.format(n)]).toEqual([n, reference.format(n)])
  })

  it.each([
    ['pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }],
    ['pt-BR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }],
    ['en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }],
    ['en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }],
  ] as const)('DateTimeFormat %s %j formats as the browser does', (locale, options) => {
    const reference = new Intl.DateTimeFormat(locale, options)
    const ours = new server.DateTimeFormat(locale, options)
    // Every day of two years, at 02:59 and 03:00 UTC (midnight in São Paulo).
    for (let day = 0; day < 730; day++) {
      for (const minutes of [179, 180]) {
        const ms = Date.UTC(2026, 0, 1 + day, 0, minutes)
        expect([new Date(ms).toISOString(), ours.format(new Date(ms))]).toEqual([
          new Date(ms).toISOString(),
          reference.format(ms),
        ])
      }
    }
  })

  it('refuses what it does not implement, rather than formatting it differently', () => {
    expect(() => new server.NumberFormat('en-US')).toThrow(RangeError)
    expect(() => new server.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' })).toThrow(RangeError)
    expect(() => new server.DateTimeFormat('pt-BR', { month: 'short' })).toThrow(RangeError)
    expect(() => new server.NumberFormat('pt-BR').format(Number.NaN)).toThrow(RangeError)
  })
})
