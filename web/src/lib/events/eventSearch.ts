// An events search as terms, the twin of internal/event/search.go's SearchQuery (the rules are
// written there): each word of the query is a term, but a run of words that names a place (a state
// by its name, a city by the name runners use) is one term, which an event in that place matches
// even without the words. Both run internal/event/eventtest/search_cases.json.
import type { Place, PlaceNames } from './placeNames'
import { searchWords } from '../text/textFold'

export type SearchTerm = { words: string[]; place?: Place }

/** The terms of a query; without place names, each word is its own term. */
export function searchTerms(query: string, names?: PlaceNames | null): SearchTerm[] {
  const words = searchWords(query)
  const longest = names ? Math.max(0, ...[...names.keys()].map((n) => n.split(' ').length)) : 0
  const terms: SearchTerm[] = []
  for (let i = 0; i < words.length;) {
    let term: SearchTerm = { words: [words[i]!] }
    for (let size = Math.min(longest, words.length - i); size > 0; size--) {
      const place = names?.get(words.slice(i, i + size).join(' '))
      if (place) {
        term = { words: words.slice(i, i + size), place }
        break
      }
    }
    terms.push(term)
    i += term.words.length
  }
  return terms
}

/** Whether an event whose folded search text is `folded` and whose state is `estado` matches every term. */
export function matchesTerms(folded: string, estado: string, terms: readonly SearchTerm[]): boolean {
  return terms.every(
    ({ words, place }) =>
      words.every((w) => folded.includes(w)) ||
      (place !== undefined && estado.toUpperCase() === place.uf && folded.includes(place.cidade)),
  )
}
