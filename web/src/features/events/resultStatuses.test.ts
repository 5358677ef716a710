import { describe, expect, it } from 'vitest'
import publishedTable from '../../../../internal/event/testdata/published_results_cases.json'
import { publishedResults, readSetStatuses, resultsLinkLabel } from './resultStatuses'

describe('publishedResults (EVT-33, HOME-19)', () => {
  it('runs the table event.PublishedResults runs', () => {
    expect(publishedTable.cases.length).toBeGreaterThan(0)
    for (const c of publishedTable.cases) {
      const modalidades = c.files.map(([pdfGeralURL, pdfCategoriasURL]) => ({
        resultados: { pdfGeralURL: pdfGeralURL!, pdfCategoriasURL: pdfCategoriasURL! },
      }))
      expect(publishedResults(c.sets, modalidades), c.name).toBe(c.published)
    }
  })
})

describe('resultsLinkLabel (EVT-33)', () => {
  it('names the link by what is published, and promises nothing when nothing is', () => {
    expect(resultsLinkLabel('oficial')).toBe('Ver resultados oficiais')
    expect(resultsLinkLabel('preliminar')).toBe('Ver resultados preliminares')
    expect(resultsLinkLabel('nenhum')).toBeNull() // EVT-34: nothing to link to
  })
  it("says 'Ver resultados' while that is unknown", () => {
    expect(resultsLinkLabel(undefined)).toBe('Ver resultados')
    expect(resultsLinkLabel(null)).toBe('Ver resultados')
  })
})

describe('readSetStatuses (EVT-33)', () => {
  it('reads each set with an id as the results parser does: an unknown status is preliminary', () => {
    const answer = {
      resultSets: [
        { id: 'a', status: 'oficial' },
        { id: 'b', status: 'preliminar' },
        { id: 'c', status: '?' },
        { id: '', status: 'oficial' },
        null,
      ],
    }
    expect(readSetStatuses(answer)).toEqual(['oficial', 'preliminar', 'preliminar'])
  })
  it('gives none for an answer of another shape', () => {
    expect(readSetStatuses(null)).toEqual([])
    expect(readSetStatuses({ resultSets: 'x' })).toEqual([])
    expect(readSetStatuses('x')).toEqual([])
  })
})
