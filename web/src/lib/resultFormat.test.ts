import { describe, expect, it } from 'vitest'
import { fasterThan, formatPace, formatPlace, mainTime, resultsLinkLabel, sexLabel, statusLabel } from './resultFormat'

describe('result formatting', () => {
  it('writes places as ordinals with the field size in pt-BR digits', () => {
    expect(formatPlace(12, 3456)).toBe('12º de 3.456')
    expect(formatPlace(1234)).toBe('1.234º')
    expect(formatPlace(3, null)).toBe('3º')
    expect(formatPlace(null, 10)).toBe('')
    expect(formatPlace(0, 10)).toBe('')
  })

  it('writes pace per km and nothing without one', () => {
    expect(formatPace('5:32')).toBe('5:32 /km')
    expect(formatPace('')).toBe('')
    expect(formatPace(null)).toBe('')
  })

  it('writes the faster-than share rounded and bounded', () => {
    expect(fasterThan(87.4)).toBe('mais rápido que 87% dos concluintes')
    expect(fasterThan(0)).toBe('mais rápido que 0% dos concluintes')
    expect(fasterThan(120)).toBe('mais rápido que 100% dos concluintes')
    expect(fasterThan(null)).toBe('')
  })

  it('names statuses and sexes in Portuguese', () => {
    expect(statusLabel('DNF')).toBe('Não concluiu (DNF)')
    expect(statusLabel('DSQ')).toBe('Desclassificado (DSQ)')
    expect(statusLabel('ok')).toBe('')
    expect(sexLabel('F')).toBe('Feminino')
    expect(sexLabel('M')).toBe('Masculino')
    expect(sexLabel('?')).toBe('?')
  })

  it('ranks by net time, else gun time', () => {
    expect(mainTime({ tempoLiquido: '0:42:13.47', tempoBruto: '0:42:20' })).toBe('0:42:13.47')
    expect(mainTime({ tempoLiquido: '', tempoBruto: '0:42:20' })).toBe('0:42:20')
  })
})

describe('resultsLinkLabel (EVT-33)', () => {
  const oficial = { status: 'oficial' as const }
  const preliminar = { status: 'preliminar' as const }
  it("says 'oficiais' only when every set is official", () => {
    expect(resultsLinkLabel([oficial, oficial], false)).toBe('Ver resultados oficiais')
    expect(resultsLinkLabel([oficial, preliminar], true)).toBe('Ver resultados preliminares')
    expect(resultsLinkLabel([preliminar], false)).toBe('Ver resultados preliminares')
  })
  it('counts the attached files as official when no set is published, and promises nothing otherwise', () => {
    expect(resultsLinkLabel([], true)).toBe('Ver resultados oficiais')
    expect(resultsLinkLabel([], false)).toBe('Ver resultados')
    expect(resultsLinkLabel(undefined, true)).toBe('Ver resultados')
  })
})
