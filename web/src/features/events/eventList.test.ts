import { afterEach, describe, expect, it, vi } from 'vitest'
import { todayISO } from '../../lib/text/format'
import { filterEvents, loadAllEvents, readFilters, splitByDate } from './eventList'
import { stubFetch } from '../../lib/testing/fakeFetch'
import { summary } from '../../lib/testing/testEvents'
import { buildPlaceNames } from '../../lib/events/placeNames'
import searchCases from '../../../../internal/event/eventtest/search_cases.json'

afterEach(() => vi.unstubAllGlobals())

const ids = (list: { id: string }[]) => list.map((e) => e.id)

describe('splitByDate', () => {
  // The API's order: dataEvento descending.
  const events = [
    summary({ id: 'd', dataEvento: '2026-04-20' }),
    summary({ id: 'c', dataEvento: '2026-03-20' }),
    summary({ id: 'today', dataEvento: '2026-03-15' }),
    summary({ id: 'yesterday', dataEvento: '2026-03-14' }),
    summary({ id: 'a', dataEvento: '2025-12-01' }),
    summary({ id: 'undated', dataEvento: '' }),
  ]

  it('puts an event dated today in upcoming and yesterday in past, by the São Paulo date', () => {
    // 23:59 on the 15th in São Paulo is already the 16th in UTC.
    const lateOn15th = splitByDate(events, todayISO(new Date('2026-03-16T02:59:00Z')))
    expect(ids(lateOn15th.upcoming)).toContain('today')
    expect(ids(lateOn15th.past)).toEqual(['yesterday', 'a'])

    // São Paulo midnight (03:00 UTC): the 15th is now yesterday.
    const midnight = splitByDate(events, todayISO(new Date('2026-03-16T03:00:00Z')))
    expect(ids(midnight.upcoming)).not.toContain('today')
    expect(ids(midnight.past)).toEqual(['today', 'yesterday', 'a'])
  })

  it('sorts upcoming soonest first with undated events last, and keeps past in the API order', () => {
    const { upcoming, past } = splitByDate(events, '2026-03-15')
    expect(ids(upcoming)).toEqual(['today', 'c', 'd', 'undated'])
    expect(ids(past)).toEqual(['yesterday', 'a'])
  })

  it('keeps events of the same day in id order, as the API sorts ascending', () => {
    const sameDay = [summary({ id: 'b', dataEvento: '2026-05-01' }), summary({ id: 'a', dataEvento: '2026-05-01' })]
    expect(ids(splitByDate(sameDay, '2026-03-15').upcoming)).toEqual(['a', 'b'])
  })

  it('treats an unparseable date as upcoming, after the dated ones', () => {
    const { upcoming } = splitByDate(
      [summary({ id: 'x', dataEvento: 'logo' }), summary({ id: 'y', dataEvento: '2027-01-01' })],
      '2026-03-15',
    )
    expect(ids(upcoming)).toEqual(['y', 'x'])
  })
})

describe('filterEvents', () => {
  const events = [
    summary({
      id: 'sp',
      titulo: 'Corrida Noturna',
      categoria: 'Corrida de Rua',
      local: { local: 'Ibirapuera', cidade: 'São Paulo', estado: 'SP' },
    }),
    summary({
      id: 'mg',
      titulo: 'Desafio das Serras',
      categoria: 'Trail Running',
      local: { local: 'Serra do Cipó', cidade: 'Jaboticatubas', estado: 'MG' },
    }),
    summary({
      id: 'rj',
      titulo: 'Pedal Carioca',
      categoria: 'Ciclismo',
      local: { local: 'Aterro', cidade: 'Rio de Janeiro', estado: 'RJ' },
    }),
  ]

  it('searches without accents or case over title, venue, city and state', () => {
    expect(ids(filterEvents(events, { q: 'sao paulo', categoria: '', uf: '' }))).toEqual(['sp'])
    expect(ids(filterEvents(events, { q: 'SÉRRA', categoria: '', uf: '' }))).toEqual(['mg'])
    expect(ids(filterEvents(events, { q: 'aterro', categoria: '', uf: '' }))).toEqual(['rj'])
    expect(ids(filterEvents(events, { q: 'mg', categoria: '', uf: '' }))).toEqual(['mg'])
    expect(ids(filterEvents(events, { q: 'pedal sp', categoria: '', uf: '' }))).toEqual([])
  })

  it('filters by category and state, together with the search', () => {
    expect(ids(filterEvents(events, { q: '', categoria: 'Ciclismo', uf: '' }))).toEqual(['rj'])
    expect(ids(filterEvents(events, { q: '', categoria: '', uf: 'MG' }))).toEqual(['mg'])
    expect(ids(filterEvents(events, { q: 'corrida', categoria: 'Corrida de Rua', uf: 'RJ' }))).toEqual([])
    expect(ids(filterEvents(events, { q: '', categoria: '', uf: '' }))).toEqual(['sp', 'mg', 'rj'])
  })

  // HOME-18: the same cases as the store's conformance suite (internal/store/storetest, both databases).
  describe('with the place names (states by name, cities by the names runners use)', () => {
    const names = buildPlaceNames()
    const caseEvents = searchCases.events.map((e, i) =>
      summary({ id: String(i), titulo: e.titulo, local: { local: e.local, cidade: e.cidade, estado: e.estado } }),
    )
    it('has cases', () => expect(searchCases.searches.length).toBeGreaterThan(0))
    it.each(searchCases.searches)('"$q" finds $found', ({ q, found }) => {
      const got = filterEvents(caseEvents, { q, categoria: '', uf: '' }, names).map((e) => e.titulo)
      expect(got.sort()).toEqual(found)
    })
    it('finds by the words alone until the names are loaded', () => {
      expect(filterEvents(caseEvents, { q: 'floripa', categoria: '', uf: '' })).toEqual([])
    })
  })

  it('reads the filters from the address', () => {
    expect(readFilters(new URLSearchParams('q=s%C3%A3o&categoria=Ciclismo&uf=RJ'))).toEqual({
      q: 'são',
      categoria: 'Ciclismo',
      uf: 'RJ',
    })
    expect(readFilters(new URLSearchParams(''))).toEqual({ q: '', categoria: '', uf: '' })
  })
})

describe('loadAllEvents', () => {
  it('follows the cursor until the last page', async () => {
    const fetch = stubFetch((url) => {
      if (!url.searchParams.get('cursor')) return [200, { events: [summary({ id: 'a' })], nextCursor: 'p2' }]
      return [200, { events: [summary({ id: 'b' })] }]
    })
    expect(ids(await loadAllEvents())).toEqual(['a', 'b'])
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual([
      '/api/events?limit=500',
      '/api/events?limit=500&cursor=p2',
    ])
  })
})
