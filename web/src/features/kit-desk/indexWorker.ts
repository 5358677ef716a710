// The desk's search index, made off the page's thread: folding and sorting 30,000 names held a
// phone's main thread for seconds. The worker reads the roster from IndexedDB itself (handing it
// over would copy 30,000 objects on the main thread) and answers with the index packed (search.ts),
// which one long string per column makes cheap to hand over. Requests are answered one at a time,
// in order.
import { deviceIndex } from './deviceIndex'
import { DeviceStore, type IndiceLocal } from './deviceStore'

/** keep: a kept index may answer (then, if stale, a fresh one follows); otherwise build anew. */
export type IndexRequest = { seq: number; eventId: string; keep: boolean }
export type IndexAnswer = { seq: number; index: IndiceLocal }

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<IndexRequest>) => void) | null
  postMessage: (a: IndexAnswer) => void
}

let queue = Promise.resolve()
scope.onmessage = (e) => {
  queue = queue.then(() => answer(e.data)).catch((err: unknown) => console.error(err))
}

async function answer({ seq, eventId, keep }: IndexRequest) {
  const store = await DeviceStore.open()
  try {
    await deviceIndex(store, eventId, keep, (index) => scope.postMessage({ seq, index }))
  } finally {
    store.close()
  }
}
