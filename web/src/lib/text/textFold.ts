// Search folding, the twin of internal/textfold (Go): the rules and why are written there. Both
// read internal/textfold/rules.json and run internal/textfold/testdata/cases.json, so a search
// answers alike on the server, in the page and offline. No Unicode property escapes in regular
// expressions: the server's page renderer (goja) lacks them.
import rules from '../../../../internal/textfold/rules.json'

type Ranges = [lo: number, hi: number][]

const ranges = (list: string[]): Ranges =>
  list.map((s) => {
    const [lo, hi = lo] = s.split('-') as [string, string?]
    return [parseInt(lo, 16), parseInt(hi, 16)]
  })

const marks = ranges(rules.marks)
const separators = ranges(rules.separators)
const within = (cp: number, list: Ranges) => list.some(([lo, hi]) => cp >= lo && cp <= hi)

/** 'Ana-Maria D'Ávila' → 'ana maria d avila': lower case, no accents, one space between words. */
export function foldText(value: string): string {
  let out = ''
  let gap = false
  for (const c of value.normalize('NFD')) {
    // Each code point is lowered on its own, as Go's unicode.ToLower does (no final ς), and may
    // become two ('İ' → 'i' and a dot, which is a mark).
    for (const l of c.toLowerCase()) {
      const cp = l.codePointAt(0)!
      if (within(cp, marks)) continue
      if (within(cp, separators)) {
        gap = true
        continue
      }
      if (gap && out !== '') out += ' '
      gap = false
      out += l
    }
  }
  return out
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
