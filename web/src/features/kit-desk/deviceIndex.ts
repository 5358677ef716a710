import type { DeviceStore, IndiceLocal } from './deviceStore'
import { buildIndex, packIndex } from './search'

// The desk's search index as the device keeps it (indexWorker.ts runs this off the page's thread):
// a desk opened again searches with the index kept beside the roster at once, and an index is
// built anew only when the roster's names, bibs, documents or codes changed since it was made
// (EventoLocal.indice, which DeskSync counts) — never for a pickup.

/**
 * Hands `answer` the event's search index: with `keep`, the one kept on the device first, and then,
 * when it is stale or missing, one built from the roster the device holds now (and kept). An
 * answer's `indice` is the roster count it was built from.
 */
export async function deviceIndex(
  store: DeviceStore,
  eventId: string,
  keep: boolean,
  answer: (index: IndiceLocal) => void,
) {
  const indice = (await store.evento(eventId))?.indice ?? 0
  const kept = keep ? await store.searchIndex(eventId) : undefined
  if (kept) {
    answer(kept)
    if (kept.indice === indice) return
  }
  const built: IndiceLocal = { ...packIndex(buildIndex((await store.roster(eventId)).participants)), eventId, indice }
  await store.putSearchIndex(built)
  answer(built)
}
