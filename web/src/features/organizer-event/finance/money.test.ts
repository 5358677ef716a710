import { describe, expect, it } from 'vitest'
import { parseCentavos } from './money'

describe('parseCentavos', () => {
  it.each([
    ['40', 4000],
    ['40,5', 4050],
    ['0,29', 29],
    ['1.234,56', 123456],
    ['R$ 120,00', 12000],
    ['  7 ', 700],
  ])('%j is %d centavos', (text, centavos) => expect(parseCentavos(text)).toBe(centavos))

  it('reads blank as null and anything else as not an amount', () => {
    expect(parseCentavos('  ')).toBeNull()
    for (const text of ['-5', '10,555', '12.34', '1.23,4', 'dez', '4,', ',5', '40.00'])
      expect(parseCentavos(text), text).toBeUndefined()
  })
})
