import { describe, expect, it } from 'vitest'
import rankingCases from '../../../../internal/results/testdata/ranking_time.json'
import {
  compareCategories,
  fasterThan,
  formatPace,
  formatPlace,
  rankingTime,
  sexLabel,
  statusLabel,
  type TimeKind,
} from './resultFormat'

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
})

// The cases internal/results runs on RankingTime: the page shows first what the certificate prints.
describe('rankingTime (RESULT-10)', () => {
  it('has cases', () => {
    expect(rankingCases.cases.length).toBeGreaterThan(0)
  })
  for (const c of rankingCases.cases) {
    it(`ranked by ${c.rankBy}, bruto '${c.tempoBruto}' and líquido '${c.tempoLiquido}': ${c.want}`, () => {
      const want = c.want as TimeKind
      expect(rankingTime(c, c.rankBy as TimeKind)).toEqual({
        tempo: want === 'bruto' ? c.tempoBruto : c.tempoLiquido,
        kind: want,
      })
    })
  }
})

describe('compareCategories (RESULT-12)', () => {
  const sorted = (list: string[]) => [...list].sort(compareCategories)

  it('orders numbers by value', () => {
    expect(sorted(['M 100+', 'M 20-24', 'M 25-29', 'M 5-9'])).toEqual(['M 5-9', 'M 20-24', 'M 25-29', 'M 100+'])
    expect(sorted(['10-14', '5-9', '15-19'])).toEqual(['5-9', '10-14', '15-19'])
    expect(sorted(['F3034', 'F2529', 'F100', 'F8'])).toEqual(['F8', 'F100', 'F2529', 'F3034'])
  })

  it('compares letters without accents or case, and keeps distinct names apart', () => {
    expect(sorted(['Master B', 'elite', 'Élite', 'Geral', 'MASTER A'])).toEqual([
      'elite',
      'Élite',
      'Geral',
      'MASTER A',
      'Master B',
    ])
    expect(sorted(['M 100', 'M 100+', 'M 0100'])).toEqual(['M 0100', 'M 100', 'M 100+'])
  })

  it('puts each sex’s age groups together, in age order', () => {
    expect(sorted(['M 30-34', 'F 100+', 'F 30-34', 'M 18-19', 'F 18-19'])).toEqual([
      'F 18-19',
      'F 30-34',
      'F 100+',
      'M 18-19',
      'M 30-34',
    ])
  })
})
