import { describe, expect, it } from 'vitest'
import { summary } from '../../../lib/testing/testEvents'
import { filterEvents, openUpcomingEvents } from './athleteEvents'

describe('openUpcomingEvents', () => {
  const today = '2026-03-15'

  it('keeps events from today on whose status is Inscrições Abertas, soonest first', () => {
    const events = [
      summary({ id: 'later', dataEvento: '2026-09-01' }),
      summary({ id: 'yesterday', dataEvento: '2026-03-14' }),
      summary({ id: 'closed', dataEvento: '2026-04-01', status: 'Inscrições Encerradas' }),
      summary({ id: 'soon', dataEvento: '2026-04-01' }),
      summary({ id: 'today', dataEvento: '2026-03-15' }),
      summary({ id: 'undated', dataEvento: '' }),
    ]
    expect(openUpcomingEvents(events, today).map((e) => e.id)).toEqual(['today', 'soon', 'later', 'undated'])
  })

  it('compares the status exactly', () => {
    expect(openUpcomingEvents([summary({ id: 'a', status: 'inscrições abertas' })], today)).toEqual([])
  })
})

describe('filterEvents', () => {
  const events = [
    summary({
      id: 'sp',
      titulo: 'Corrida da Conceição',
      local: { local: 'Parque Ibirapuera', endereco: '', cidade: 'São Paulo', estado: 'SP' },
    }),
    summary({
      id: 'poa',
      titulo: 'Pedal do Guaíba',
      local: { local: 'Orla', endereco: '', cidade: 'Porto Alegre', estado: 'RS' },
    }),
  ]
  const ids = (text: string) => filterEvents(events, text).map((e) => e.id)

  it('ignores accents and case in the title and the location', () => {
    expect(ids('sao paulo')).toEqual(['sp'])
    expect(ids('SÃO')).toEqual(['sp'])
    expect(ids('conceicao')).toEqual(['sp'])
    expect(ids('GUAIBA')).toEqual(['poa'])
    expect(ids('ibirapuera')).toEqual(['sp'])
    expect(ids('rs')).toEqual(['poa'])
  })

  it('matches substrings and keeps everything for an empty text', () => {
    expect(ids('ped')).toEqual(['poa'])
    expect(ids('  ')).toEqual(['sp', 'poa'])
    expect(ids('')).toEqual(['sp', 'poa'])
  })

  it('finds nothing for text in neither title nor location', () => {
    expect(ids('recife')).toEqual([])
  })
})
