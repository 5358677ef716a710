import { describe, expect, it } from 'vitest'
import { bannerFor, categoryOf, cityOf, modalityLabel, safeHref, titleOf, venueOf } from './eventText'

const local = (over: Partial<{ local: string; endereco: string; cidade: string; estado: string }> = {}) => ({
  local: '',
  endereco: '',
  cidade: '',
  estado: '',
  ...over,
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

describe('banners', () => {
  it('chooses the banner for the device, falling back to the other', () => {
    expect(bannerFor({ desktop: '/d', mobile: '/m' }, 'desktop')).toBe('/d')
    expect(bannerFor({ desktop: '/d', mobile: '/m' }, 'mobile')).toBe('/m')
    expect(bannerFor({ desktop: '', mobile: '/m' }, 'desktop')).toBe('/m')
    expect(bannerFor({ desktop: '/d', mobile: '' }, 'mobile')).toBe('/d')
    expect(bannerFor({ desktop: '', mobile: '' }, 'mobile')).toBe('')
  })
})

describe('links', () => {
  it('accepts only web addresses and site paths', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example')
    expect(safeHref('/files/x.pdf')).toBe('/files/x.pdf')
    expect(safeHref('//evil.example')).toBe('')
    expect(safeHref('javascript:alert(1)')).toBe('')
  })
})

it('labels a modality with its distance unless the name says it', () => {
  expect(modalityLabel({ nome: 'Meia Maratona', km: 21.1 }, 0)).toEqual({ title: 'Meia Maratona', aside: '21,1 km' })
  expect(modalityLabel({ nome: '10 km', km: 10 }, 0)).toEqual({ title: '10 km', aside: '' })
  expect(modalityLabel({ nome: '10KM', km: 10 }, 0)).toEqual({ title: '10KM', aside: '' })
  expect(modalityLabel({ nome: '', km: null }, 2)).toEqual({ title: 'Modalidade 3', aside: '' })
})
