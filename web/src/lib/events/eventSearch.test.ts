import { describe, expect, it } from 'vitest'
import searchCases from '../../../../internal/event/eventtest/search_cases.json'
import { ufs } from './event'
import { searchTerms } from './eventSearch'
import { buildPlaceNames } from './placeNames'

// HOME-18, FIND-1: the same cases as internal/event's TestSearchQueryNamesEveryState.
describe('searchTerms with the place names', () => {
  const names = buildPlaceNames()

  it('has a case for every state', () => {
    expect(new Set(searchCases.states.map((c) => c.uf))).toEqual(new Set(ufs.map((u) => u.sigla)))
  })

  it.each(searchCases.states)('reads "$q" as the state $uf', ({ q, uf }) => {
    const terms = searchTerms(q, names)
    expect(terms).toHaveLength(1)
    expect(terms[0]!.place).toEqual({ uf, cidade: '' })
  })

  it('takes the longest run of words that names a place', () => {
    const terms = searchTerms('Meia mato grosso do sul 2027', names)
    expect(terms.map((t) => [t.words.join(' '), t.place?.uf])).toEqual([
      ['meia', undefined],
      ['mato grosso do sul', 'MS'],
      ['2027', undefined],
    ])
    expect(searchTerms('floripa', names)[0]!.place).toEqual({ uf: 'SC', cidade: 'florianopolis' })
  })
})
