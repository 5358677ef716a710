import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatAgeRange,
  formatDate,
  formatDocumento,
  formatDistances,
  formatKm,
  formatLongDate,
  formatMoney,
  centavos,
  fromCentavos,
  isWholeCentavos,
  sumReais,
  toCentavos,
  isUpcoming,
  todayISO,
  eventToday,
  clockFormat,
} from './format'

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ')

describe('pt-BR formatting', () => {
  it('writes counts with pt-BR digit groups', () => {
    expect(formatCount(30000)).toBe('30.000')
    expect(formatCount(24)).toBe('24')
  })

  it('formats money as BRL', () => {
    expect(nbsp(formatMoney(1234.5))).toBe('R$ 1.234,50')
    expect(nbsp(formatMoney(0))).toBe('R$ 0,00')
    expect(formatMoney(null)).toBe('')
  })

  it('formats calendar dates without shifting a day', () => {
    expect(formatDate('2026-03-15')).toBe('15/03/2026')
    expect(formatDate('2026-01-01')).toBe('01/01/2026')
    expect(formatLongDate('2025-09-07')).toBe('7 de setembro de 2025')
  })

  it('uses the date fallbacks', () => {
    expect(formatDate('')).toBe('Data a definir')
    expect(formatDate(undefined, 'Data não informada')).toBe('Data não informada')
    expect(formatDate('amanhã')).toBe('Data inválida')
    expect(formatDate('2026-02-30')).toBe('Data inválida')
  })

  it('formats distances and ages', () => {
    expect(formatKm(21.1)).toBe('21,1 km')
    expect(formatDistances([5, 10, null])).toBe('5 km · 10 km')
    expect(formatAgeRange({ idadeInicial: 18, idadeLimite: 29, qualquerIdade: false })).toBe('18 a 29 anos')
    expect(formatAgeRange({ idadeInicial: 0, idadeLimite: 120, qualquerIdade: false })).toBe('Qualquer idade')
    expect(formatAgeRange({ idadeInicial: 30, idadeLimite: 39, qualquerIdade: true })).toBe('Qualquer idade')
  })

  it("says '50 anos ou mais' for a range open above (120 or no limit), FMT-10", () => {
    expect(formatAgeRange({ idadeInicial: 50, idadeLimite: 120, qualquerIdade: false })).toBe('50 anos ou mais')
    expect(formatAgeRange({ idadeInicial: 60, idadeLimite: null, qualquerIdade: false })).toBe('60 anos ou mais')
    expect(formatAgeRange({ idadeInicial: 0, idadeLimite: null, qualquerIdade: false })).toBe('Qualquer idade')
    expect(formatAgeRange({ idadeInicial: 50, idadeLimite: 119, qualquerIdade: false })).toBe('50 a 119 anos')
  })

  it('computes today in São Paulo, not UTC', () => {
    // 02:30 UTC on the 16th is still 23:30 on the 15th in São Paulo (UTC−3).
    expect(todayISO(new Date('2026-03-16T02:30:00Z'))).toBe('2026-03-15')
    expect(todayISO(new Date('2026-03-16T03:00:00Z'))).toBe('2026-03-16')
  })

  it("computes an event's today on its own clock (REG-221)", () => {
    const lateInAcre = new Date('2027-03-11T04:30:00Z')
    expect(eventToday({ fusoHorario: 'America/Rio_Branco' }, lateInAcre)).toBe('2027-03-10')
    expect(eventToday({ fusoHorario: 'America/Manaus' }, lateInAcre)).toBe('2027-03-11')
    expect(eventToday({ fusoHorario: 'America/Sao_Paulo' }, lateInAcre)).toBe('2027-03-11')
    expect(eventToday({ fusoHorario: '' }, lateInAcre)).toBe('2027-03-11') // Horário de Brasília
    expect(eventToday({}, lateInAcre)).toBe('2027-03-11')
  })

  it('formats an instant on a clock, Brasília when none is named (REG-225, REG-227)', () => {
    const at = new Date('2027-03-14T12:15:00Z')
    expect(clockFormat('America/Rio_Branco', { hour: '2-digit', minute: '2-digit' }).format(at)).toBe('07:15')
    expect(clockFormat('', { hour: '2-digit', minute: '2-digit' }).format(at)).toBe('09:15')
  })

  it('treats an event dated today as upcoming and yesterday as past', () => {
    expect(isUpcoming('2026-03-15', '2026-03-15')).toBe(true)
    expect(isUpcoming('2026-03-14', '2026-03-15')).toBe(false)
    expect(isUpcoming('', '2026-03-15')).toBe(true)
  })
})

describe('formatDocumento', () => {
  it('writes a whole CPF with its dots and dash, and anything else as it came', () => {
    expect(formatDocumento({ tipo: 'cpf', numero: '52998224725' })).toBe('529.982.247-25')
    expect(formatDocumento({ tipo: 'cpf', numero: '***.982.247-**' })).toBe('***.982.247-**')
    expect(formatDocumento({ tipo: 'passaporte', numero: 'AB1234567' })).toBe('AB1234567')
    expect(formatDocumento(null)).toBe('')
  })
})

describe('toCentavos and fromCentavos', () => {
  it('turns reais into whole centavos, whatever binary floating point made of them', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(toCentavos(0.1 + 0.2)).toBe(30)
    expect(0.29 * 100).not.toBe(29)
    expect(toCentavos(0.29)).toBe(29)
    expect(toCentavos(1.15)).toBe(115)
    expect(toCentavos(89.9)).toBe(8990)
    expect(toCentavos(19.99 * 3)).toBe(5997)
    expect(toCentavos(0)).toBe(0)
    expect(toCentavos(1234.56)).toBe(123456)
  })

  it('rounds a negative amount as its opposite, halves away from zero', () => {
    expect(toCentavos(-19.99)).toBe(-1999)
    expect(toCentavos(-(0.1 + 0.2))).toBe(-30)
    expect(toCentavos(0.125)).toBe(13)
    expect(toCentavos(-0.125)).toBe(-13)
    expect(Object.is(toCentavos(-0), 0)).toBe(true)
  })

  it('gives reais back, so a sum in centavos is exact', () => {
    expect(fromCentavos(centavos(toCentavos(89.9) + toCentavos(119.9)))).toBe(209.8)
    expect(fromCentavos(centavos(5997))).toBe(59.97)
    expect(fromCentavos(centavos(-1999))).toBe(-19.99)
    expect(fromCentavos(centavos(0))).toBe(0)
  })

  it('adds reais in centavos', () => {
    expect(sumReais([0.1, 0.2])).toBe(0.3)
    expect(sumReais([89.9, 119.9, -9.8])).toBe(200)
    expect(sumReais([])).toBe(0)
  })

  it('makes centavos only of a whole number, and no reais pass for centavos', () => {
    expect(centavos(8990)).toBe(8990)
    expect(Object.is(centavos(-0), 0)).toBe(true)
    expect(() => centavos(89.9)).toThrow(RangeError)
    expect(() => centavos(Number.NaN)).toThrow(RangeError)
    // @ts-expect-error reais are not centavos: the brand makes this a type error
    expect(fromCentavos(89.9)).toBe(0.899)
  })

  it('tells whether an amount has at most two decimals', () => {
    expect(isWholeCentavos(12.5)).toBe(true)
    expect(isWholeCentavos(89.9)).toBe(true)
    expect(isWholeCentavos(0.1 + 0.2)).toBe(true)
    expect(isWholeCentavos(-19.99)).toBe(true)
    expect(isWholeCentavos(12.505)).toBe(false)
  })
})
