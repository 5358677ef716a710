import { foldText, searchWords } from '../../lib/text/textFold'
import { normalizeCodigo } from './codigo'
import type { RosterParticipant } from './types'

// Search at the desk runs on every keystroke over up to 30,000 participants on a phone, so the
// roster is folded once into an index (sorted by name) and each query is one linear scan with
// plain string operations — no sorting, no regular expressions per entry. The index is built in a
// worker (indexWorker.ts) and kept in IndexedDB beside the roster, packed (packIndex).

/**
 * Five columns, one entry per participant, sorted by name: the id, the name folded (lib/text/textFold,
 * the rule the server shares) with a leading space, the bib, the CPF digits the device has
 * (all 11 for managers, the six the mask shows for retirada), and the registration code ('' for
 * an imported participant).
 */
export type SearchIndex = {
  readonly ids: readonly string[]
  readonly names: readonly string[]
  readonly bibs: readonly string[]
  readonly cpfs: readonly string[]
  readonly codes: readonly string[]
}

/** The ids found (the roster holds the participants, whose pickups change without re-indexing). */
export type SearchResult = { ids: string[]; more: boolean }

/**
 * How many participants a search finds: the desk draws a screenful of them at once and the others
 * as the list is scrolled (FoundList.tsx); past them, the volunteer types another letter instead
 * ("Há mais resultados").
 */
export const searchLimit = 10

export function buildIndex(participants: Iterable<RosterParticipant>): SearchIndex {
  const entries: [name: string, id: string, bib: string, cpf: string, code: string][] = []
  for (const p of participants) {
    entries.push([
      ' ' + foldText(p.nome),
      p.id,
      String(p.numeroPeito ?? '').trim(),
      p.documento?.tipo === 'cpf' ? p.documento.numero.replace(/\D/g, '') : '',
      p.codigo ?? '',
    ])
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const column = (i: number) => entries.map((e) => e[i]!)
  return { names: column(0), ids: column(1), bibs: column(2), cpfs: column(3), codes: column(4) }
}

/**
 * The index as five strings, a line per entry (no column holds a line break: names are folded,
 * the others are ids, digits and codes). Stored and sent between threads, one long string is
 * copied in one go, where 30,000 small objects are copied one by one.
 */
export type PackedIndex = { ids: string; names: string; bibs: string; cpfs: string; codes: string }

export function packIndex(i: SearchIndex): PackedIndex {
  return {
    ids: i.ids.join('\n'),
    names: i.names.join('\n'),
    bibs: i.bibs.join('\n'),
    cpfs: i.cpfs.join('\n'),
    codes: i.codes.join('\n'),
  }
}

export function unpackIndex(p: PackedIndex): SearchIndex {
  const column = (s: string) => (p.ids === '' ? [] : s.split('\n'))
  return {
    ids: column(p.ids),
    names: column(p.names),
    bibs: column(p.bibs),
    cpfs: column(p.cpfs),
    codes: column(p.codes),
  }
}

/**
 * The ids of the participants a query finds, best first, at most `limit`:
 * - a whole registration code, however typed (codigo.ts), first: its registration;
 * - digits only (dots, dashes and spaces allowed): a bib (exact, then starting with them), or a CPF —
 *   11 digits match a full CPF, or the six digits that the retirada mask `***.456.789-**` shows;
 *   four or more digits also match inside those;
 * - anything else: a name, every word of the query found in it in any order ("joao silv" finds
 *   "João da Silva"); names where every word starts a word of the name come first.
 */
export function search(index: SearchIndex, query: string, limit = searchLimit): SearchResult {
  const q = query.trim()
  if (q === '') return { ids: [], more: false }
  const found = /^[\d.\-\s/]+$/.test(q) ? searchDigits(index, q.replace(/\D/g, ''), limit) : searchName(index, q, limit)
  const codigo = normalizeCodigo(q)
  // Codes are unique: one lookup, and only for a query that can be one.
  const at = codigo ? index.codes.indexOf(codigo) : -1
  return at < 0
    ? found
    : cut(
        [index.ids[at]!],
        found.ids.filter((id) => id !== index.ids[at]),
        limit,
        found.more,
      )
}

function searchDigits({ ids, bibs, cpfs }: SearchIndex, digits: string, limit: number): SearchResult {
  const middle = digits.length === 11 ? digits.slice(3, 9) : ''
  const exact: string[] = []
  const rest: string[] = []
  for (let i = 0; i < ids.length; i++) {
    const bib = bibs[i]!
    const cpf = cpfs[i]!
    if (bib === digits || (digits.length === 11 && (cpf === digits || cpf === middle))) exact.push(ids[i]!)
    // Past limit + 1, more of them changes nothing: `more` is already true.
    else if (
      rest.length <= limit &&
      (bib.startsWith(digits) || (digits.length >= 4 && digits.length < 11 && cpf.includes(digits)))
    )
      rest.push(ids[i]!)
  }
  return cut(exact, rest, limit)
}

function searchName({ ids, names }: SearchIndex, query: string, limit: number): SearchResult {
  const words = searchWords(query)
  if (words.length === 0) return { ids: [], more: false }
  const starts = words.map((w) => ' ' + w)
  const strong: string[] = []
  const weak: string[] = []
  for (let e = 0; e < names.length; e++) {
    const name = names[e]!
    let all = true
    let prefixes = true
    for (let i = 0; i < words.length; i++) {
      // Most entries miss: one scan decides that, the word-start check runs only on hits.
      if (!name.includes(words[i]!)) {
        all = false
        break
      }
      if (prefixes && !name.includes(starts[i]!)) prefixes = false
    }
    if (!all) continue
    if (prefixes) {
      strong.push(ids[e]!)
      // The index is sorted: once `limit` best matches are found, no later entry can come before them.
      if (strong.length > limit) break
    } else if (weak.length <= limit) weak.push(ids[e]!)
  }
  return cut(strong, weak, limit)
}

function cut(first: string[], second: string[], limit: number, more = false): SearchResult {
  const all = first.length > limit ? first : first.concat(second)
  return { ids: all.slice(0, limit), more: more || all.length > limit }
}

/** search, recorded as a User Timing measure (retirada:busca) that devtools and scripts/kit-desk-speed.ts read. */
export function timedSearch(index: SearchIndex, query: string): SearchResult {
  const start = performance.now()
  const result = search(index, query)
  performance.measure('retirada:busca', { start })
  return result
}
