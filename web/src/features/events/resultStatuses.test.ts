import { describe, expect, it } from 'vitest'
import { readSetStatuses, resultsLinkLabel } from './resultStatuses'

describe('resultsLinkLabel (EVT-33)', () => {
  it("says 'oficiais' only when every set is official", () => {
    expect(resultsLinkLabel(['oficial', 'oficial'], false)).toBe('Ver resultados oficiais')
    expect(resultsLinkLabel(['oficial', 'preliminar'], true)).toBe('Ver resultados preliminares')
    expect(resultsLinkLabel(['preliminar'], false)).toBe('Ver resultados preliminares')
  })
  it('counts the attached files as official when no set is published, and promises nothing otherwise', () => {
    expect(resultsLinkLabel([], true)).toBe('Ver resultados oficiais')
    expect(resultsLinkLabel([], false)).toBeNull() // EVT-34: nothing to link to
    expect(resultsLinkLabel(undefined, true)).toBe('Ver resultados')
  })
})

describe('readSetStatuses (EVT-33)', () => {
  it('reads each set with an id as the results parser does: an unknown status is preliminary', () => {
    const answer = { resultSets: [{ id: 'a', status: 'oficial' }, { id: 'b', status: 'preliminar' }, { id: 'c', status: '?' }, { id: '', status: 'oficial' }, null] }
    expect(readSetStatuses(answer)).toEqual(['oficial', 'preliminar', 'preliminar'])
  })
  it('gives none for an answer of another shape', () => {
    expect(readSetStatuses(null)).toEqual([])
    expect(readSetStatuses({ resultSets: 'x' })).toEqual([])
    expect(readSetStatuses('x')).toEqual([])
  })
})
