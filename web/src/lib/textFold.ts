// Search folding, the twin of internal/textfold (Go): the rules and why are written there, and
// both run internal/textfold/testdata/cases.json, so a search answers alike on the server, in the
// page and offline.

const marks = /\p{M}/gu
const separators = /[^\p{L}\p{N}]+/gu

/** 'Ana-Maria D'Ávila' → 'ana maria d avila': lower case, no accents, one space between words. */
export function foldText(value: string): string {
  // Each code point is lowered on its own, as Go's unicode.ToLower does: String.toLowerCase on the
  // whole string would turn a final Σ into ς.
  let lowered = ''
  for (const c of value.normalize('NFD')) lowered += c.toLowerCase()
  return lowered.replace(marks, '').replace(separators, ' ').trim()
}

/** The folded words of a query, in order: 'joao silv' → ['joao', 'silv']. */
export function searchWords(query: string): string[] {
  const folded = foldText(query)
  return folded === '' ? [] : folded.split(' ')
}

/** Whether folded text contains every word, anywhere and in any order ('silv' matches 'silva'). */
export function matchesWords(folded: string, words: readonly string[]): boolean {
  return words.every((w) => folded.includes(w))
}

/** Whether `text` matches a search typed as `query` (no words match everything). */
export function matchesSearch(text: string, query: string): boolean {
  return matchesWords(foldText(text), searchWords(query))
}
