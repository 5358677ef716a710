import { describe, expect, it } from 'vitest'
import { categoryOf, cityOf, titleOf, venueOf } from './eventText'

const local = (over: Partial<{ local: string; endereco: string; cidade: string; estado: string }> = {}) => ({
  local: '', endereco: '', cidade: '', estado: '', ...over,
})

describe('fallbacks (ERR-10, HOME-11)', () => {
  it('names missing titles, categories and places', () => {
    expect(titleOf({ titulo: '  ' })).toBe('Título não disponível')
    expect(categoryOf({ categoria: '' })).toBe('Sem categoria')
    expect(venueOf(local())).toBe('Local a definir')
    expect(cityOf(local())).toBe('Local a definir')
    expect(titleOf({ titulo: 'Maratona' })).toBe('Maratona')
  })

  it('writes the city with its state', () => {
    expect(cityOf(local({ cidade: 'Curitiba', estado: 'PR' }))).toBe('Curitiba - PR')
    expect(cityOf(local({ cidade: 'Curitiba' }))).toBe('Curitiba')
  })
})
