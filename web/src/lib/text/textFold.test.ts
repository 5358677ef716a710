import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/textfold/testdata/cases.json'
import source from './textFold.ts?raw'
import { foldText, matchesSearch, searchWords } from './textFold'

// The same cases as internal/textfold's Go test: both sides must give these answers.
describe('textFold shared cases', () => {
  it('has cases in every section', () => {
    expect(cases.fold.length).toBeGreaterThan(0)
    expect(cases.words.length).toBeGreaterThan(0)
    expect(cases.matches.length).toBeGreaterThan(0)
  })
  it.each(cases.fold)('foldText($in) = $out', ({ in: input, out }) => {
    expect(foldText(input)).toBe(out)
    expect(foldText(out)).toBe(out)
  })
  it.each(cases.words)('searchWords($query)', ({ query, words }) => {
    expect(searchWords(query)).toEqual(words)
  })
  it.each(cases.matches)('matchesSearch($text, $query) = $match', ({ text, query, match }) => {
    expect(matchesSearch(text, query)).toBe(match)
  })
})

// The server's page renderer (goja) reads \p{…} in a regular expression as plain letters, which
// once made every search drawn by the server match everything (e2e/sharing.spec.ts).
it('uses no Unicode property escapes, which the server renderer lacks', () => {
  expect(source).not.toMatch(/\\[pP]\{/)
})
