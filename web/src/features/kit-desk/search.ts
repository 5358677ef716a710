import { foldText, searchWords } from '../../lib/textFold'
import type { RosterParticipant } from './types'

// Search at the desk runs on every keystroke over up to 30,000 participants on a phone, so the
// roster is folded once into an index (sorted by name) and each query is one linear scan with
// plain string operations — no sorting, no regular expressions per entry.

type Entry = {
  id: string
  /** The name folded (lib/textFold, the rule the server shares), with a leading space. */
  name: string
  bib: string
  /** The CPF digits the device has: all 11 for managers, the six the mask shows for retirada. */
  cpf: string
}

export type SearchIndex = readonly Entry[]

/** The ids found (the roster holds the participants, whose pickups change without re-indexing). */
export type SearchResult = { ids: string[]; more: boolean }

export const searchLimit = 30

export function buildIndex(participants: Iterable<RosterParticipant>): SearchIndex {
  const entries: Entry[] = []
  for (const p of participants) {
    entries.push({
      id: p.id,
      name: ' ' + foldText(p.nome),
      bib: String(p.numeroPeito ?? '').trim(),
      cpf: p.documento?.tipo === 'cpf' ? p.documento.numero.replace(/\D/g, '') : '',
    })
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * The ids of the participants a query finds, best first, at most `limit`:
 * - digits only (dots, dashes and spaces allowed): a bib (exact, then starting with them), or a CPF —
 *   11 digits match a full CPF, or the six digits that the retirada mask `***.456.789-**` shows;
 *   four or more digits also match inside those;
 * - anything else: a name, every word of the query found in it in any order ("joao silv" finds
 *   "João da Silva"); names where every word starts a word of the name come first.
 */
export function search(index: SearchIndex, query: string, limit = searchLimit): SearchResult {
  const q = query.trim()
  if (q === '') return { ids: [], more: false }
  return /^[\d.\-\s/]+$/.test(q) ? searchDigits(index, q.replace(/\D/g, ''), limit) : searchName(index, q, limit)
}

function searchDigits(index: SearchIndex, digits: string, limit: number): SearchResult {
  const middle = digits.length === 11 ? digits.slice(3, 9) : ''
  const exact: string[] = []
  const rest: string[] = []
  for (const e of index) {
    if (e.bib === digits || (digits.length === 11 && (e.cpf === digits || e.cpf === middle))) exact.push(e.id)
    else if (e.bib.startsWith(digits) || (digits.length >= 4 && digits.length < 11 && e.cpf.includes(digits)))
      rest.push(e.id)
  }
  return cut(exact, rest, limit)
}

function searchName(index: SearchIndex, query: string, limit: number): SearchResult {
  const words = searchWords(query)
  if (words.length === 0) return { ids: [], more: false }
  const starts = words.map((w) => ' ' + w)
  const strong: string[] = []
  const weak: string[] = []
  for (const e of index) {
    let all = true
    let prefixes = true
    for (let i = 0; i < words.length; i++) {
      // Most entries miss: one scan decides that, the word-start check runs only on hits.
      if (!e.name.includes(words[i]!)) {
        all = false
        break
      }
      if (prefixes && !e.name.includes(starts[i]!)) prefixes = false
    }
    if (!all) continue
    if (prefixes) {
      strong.push(e.id)
      // The index is sorted: once `limit` best matches are found, no later entry can come before them.
      if (strong.length > limit) break
    } else if (weak.length <= limit) weak.push(e.id)
  }
  return cut(strong, weak, limit)
}

function cut(first: string[], second: string[], limit: number): SearchResult {
  const all = first.length > limit ? first : first.concat(second)
  return { ids: all.slice(0, limit), more: all.length > limit }
}

/** search, recorded as a User Timing measure (retirada:busca) that devtools and scripts/kit-desk-speed.ts read. */
export function timedSearch(index: SearchIndex, query: string): SearchResult {
  const start = performance.now()
  const result = search(index, query)
  performance.measure('retirada:busca', { start })
  return result
}
