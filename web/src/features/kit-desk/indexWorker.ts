// The desk's search index, built off the page's thread: folding and sorting 30,000 names held a
// phone's main thread for seconds. The worker reads the roster from IndexedDB itself (handing it
// over would copy 30,000 objects on the main thread), keeps the index there beside it, and answers
// with the index packed (search.ts). Requests are answered one at a time, in order.
import { DeviceStore } from './deviceStore'
import { buildIndex, packIndex, type PackedIndex } from './search'

/** keep: a kept index may answer (then, if stale, a fresh one follows); otherwise build anew. */
export type IndexRequest = { seq: number; eventId: string; keep: boolean }
export type IndexAnswer = { seq: number; index: PackedIndex }

const scope = self as unknown as { onmessage: ((e: MessageEvent<IndexRequest>) => void) | null; postMessage: (a: IndexAnswer) => void }

let queue = Promise.resolve()
scope.onmessage = (e) => {
  queue = queue.then(() => answer(e.data)).catch((err: unknown) => console.error(err))
}

async function answer({ seq, eventId, keep }: IndexRequest) {
  const store = await DeviceStore.open()
  try {
    const indice = (await store.evento(eventId))?.indice ?? 0
    const kept = keep ? await store.searchIndex(eventId) : undefined
    if (kept) {
      scope.postMessage({ seq, index: kept })
      if (kept.indice === indice) return
    }
    const index = packIndex(buildIndex((await store.roster(eventId)).participants))
    await store.putSearchIndex({ ...index, eventId, indice })
    scope.postMessage({ seq, index })
  } finally {
    store.close()
  }
}
