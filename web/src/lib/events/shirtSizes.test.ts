import { describe, expect, it } from 'vitest'
import { sortSizes } from './shirtSizes'

describe('sortSizes', () => {
  it("puts children's sizes first, then smallest to largest, whatever the case", () => {
    expect(sortSizes(['XGG', 'g', 'Infantil', 'PP', 'BL', 'EG'])).toEqual(['Infantil', 'BL', 'PP', 'g', 'XGG', 'EG'])
  })

  it('orders unknown sizes after the known ones, alphabetically', () => {
    expect(sortSizes(['Único', 'G', 'pp', 'Baby look'])).toEqual(['pp', 'G', 'Baby look', 'Único'])
  })
})
