import { bench, describe } from 'vitest'
import { buildIndex, packIndex, search, unpackIndex } from './search'
import { bigRoster } from './testRoster'

// `npx vitest bench --run src/features/kit-desk/search.bench.ts`: one keystroke's search over
// 30,000 participants (the budget is 50 ms on a mid-range phone, taken as this machine's time × 4).
const index = buildIndex(bigRoster(30_000))

describe('search over 30,000 participants', () => {
  bench('one letter ("a": stops once the best 10 are found)', () => void search(index, 'a'))
  bench('two partial words ("joao silv")', () => void search(index, 'joao silv'))
  bench('a name that is not there ("zuleica": the worst case, a full scan)', () => void search(index, 'zuleica'))
  bench('a CPF with punctuation', () => void search(index, '123.456.789-09'))
  bench('a bib ("2999")', () => void search(index, '2999'))
  bench(
    'a registration code no one has ("7xk2-mp9q-rz": the code lookup and the name scan)',
    () => void search(index, '7xk2-mp9q-rz'),
  )
})

describe('indexing', () => {
  const roster = bigRoster(30_000)
  bench(
    'buildIndex of 30,000 participants (in the worker: once, and after a delta that renames)',
    () => void buildIndex(roster),
  )
  const packed = packIndex(buildIndex(roster))
  bench(
    'unpackIndex of 30,000 entries (on the page, as the worker or the device hands it over)',
    () => void unpackIndex(packed),
  )
})
