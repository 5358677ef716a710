// The pages of one result set for a search: the first page through useResource (so the server's
// embedded first page draws at once), later pages appended by "Carregar mais" through the cursor.
import { useState } from 'react'
import { useResource } from '../../lib/platform/resource'
import { initialResultPage, listResults, type ResultQuery } from '../../lib/results/resultsApi'
import type { Result } from '../../lib/results/resultSchema'

type More = { key: string; results: Result[]; cursor: string | null; loading: boolean; error: string }

export type ResultPages =
  | { state: 'loading' }
  | { state: 'error' }
  | {
      state: 'ready'
      results: Result[]
      total: number
      hasMore: boolean
      loadingMore: boolean
      moreError: string
      loadMore: () => void
    }

export function useResultPages(eventId: string, setId: string, query: ResultQuery): ResultPages {
  const key = `results:${eventId}:${setId}:${query.q ?? ''}:${query.sexo ?? ''}:${query.categoria ?? ''}`
  const first = useResource(
    key,
    (signal) => listResults(eventId, setId, query, signal),
    initialResultPage(eventId, setId),
  )
  const [more, setMore] = useState<More | null>(null)

  if (first.state !== 'ready') return { state: first.state }
  // Appended pages belong to the search they were loaded for.
  const extra = more?.key === key ? more : null
  const cursor = extra ? extra.cursor : (first.data.nextCursor ?? null)
  const results = extra ? [...first.data.results, ...extra.results] : first.data.results

  function loadMore() {
    if (!cursor || extra?.loading) return
    const base: More = extra ?? { key, results: [], cursor, loading: false, error: '' }
    setMore({ ...base, loading: true, error: '' })
    listResults(eventId, setId, { ...query, cursor }).then(
      (page) =>
        setMore((m) =>
          m?.key === key
            ? {
                key,
                results: [...m.results, ...page.results],
                cursor: page.nextCursor ?? null,
                loading: false,
                error: '',
              }
            : m,
        ),
      (error: unknown) => {
        console.error(error)
        setMore((m) =>
          m?.key === key
            ? { ...m, loading: false, error: 'Não foi possível carregar mais resultados. Tente novamente.' }
            : m,
        )
      },
    )
  }

  return {
    state: 'ready',
    results,
    total: first.data.total,
    hasMore: Boolean(cursor),
    loadingMore: extra?.loading ?? false,
    moreError: extra?.error ?? '',
    loadMore,
  }
}
