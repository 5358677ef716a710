import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceIndex } from './deviceIndex'
import { DeviceStore, type IndiceLocal } from './deviceStore'
import { search, unpackIndex } from './search'
import { DeskSync } from './sync'
import { participant } from './testRoster'
import { FakeServer } from './testServer'

// KIT-13: the search index kept beside the roster on the device answers a desk opened again at
// once, and a sync that adds, removes or renames participants makes it stale, so that the next
// index found is made from the roster as it now is; pickups leave it as it is.

let n = 0
const stores: DeviceStore[] = []
const syncs: DeskSync[] = []

afterEach(() => {
  for (const s of syncs.splice(0)) s.stop()
  for (const s of stores.splice(0)) s.close()
})

/** A page of the desk opening on the device `db`: its store and its engine, started. */
async function open(db: string, server: FakeServer) {
  const store = await DeviceStore.open(db)
  const sync = new DeskSync('ev1', store, server.remote)
  stores.push(store)
  syncs.push(sync)
  await sync.start()
  return { store, sync }
}

/** What the worker hands the page for one request. */
async function answers(store: DeviceStore, keep: boolean) {
  const out: IndiceLocal[] = []
  await deviceIndex(store, 'ev1', keep, (i) => out.push(i))
  return out
}

/** The ids a query finds with an index the worker handed over. */
const find = (index: IndiceLocal, q: string) => search(unpackIndex(index), q).ids

describe('the search index kept on the device', () => {
  it('is made once, then answers a desk opened again without being made anew', async () => {
    const db = `indice-${++n}`
    const server = new FakeServer([participant('1', 'Ana Lima'), participant('2', 'Bia Costa')])
    const first = await open(db, server)
    const [made, ...more] = await answers(first.store, true)
    expect(more).toEqual([])
    expect(find(made!, 'bia')).toEqual(['2'])
    first.sync.stop()

    const again = await open(db, server)
    const kept = await answers(again.store, true)
    expect(kept).toEqual([made])
    expect(kept[0]!.indice).toBe(again.sync.getSnapshot().evento?.indice)
  })

  it('stays current after pickups, and is made anew from the roster after participants are added, renamed or removed', async () => {
    const db = `indice-${++n}`
    const server = new FakeServer([
      participant('1', 'Ana Lima'),
      participant('2', 'Bia Costa'),
      participant('3', 'Caio Souza'),
    ])
    const { store, sync } = await open(db, server)
    const [made] = await answers(store, true)

    await sync.record({
      id: 'p1',
      participantId: '1',
      at: '2026-05-10T12:14:00.000Z',
      retiradoPor: null,
      camisetaEntregue: 'M',
      balcao: 'Balcão 1',
    })
    await vi.waitFor(() => expect(sync.getSnapshot().pending.size).toBe(0))
    server.change({
      ...server.participants.get('3')!,
      kitRetirado: {
        at: '2026-05-10T12:20:00Z',
        balcao: 'Balcão 2',
        por: 'X',
        retiradoPor: null,
        camisetaEntregue: 'G',
      },
    })
    await sync.refresh()
    expect(await answers(store, true)).toEqual([made]) // pickups: the kept index is current

    server.change(participant('4', 'Davi Rocha', { numeroPeito: 4321 }))
    server.change({ ...server.participants.get('2')!, nome: 'Beatriz Nunes' })
    server.remove('3')
    await sync.refresh()
    const [stale, fresh, ...more] = await answers(store, true)
    expect(stale).toEqual(made) // shown meanwhile; the page knows it is stale by its indice
    expect(stale!.indice).toBeLessThan(sync.getSnapshot().evento!.indice!)
    expect(more).toEqual([])
    expect(fresh!.indice).toBe(sync.getSnapshot().evento!.indice)
    expect(find(fresh!, 'davi')).toEqual(['4'])
    expect(find(fresh!, '4321')).toEqual(['4'])
    expect(find(fresh!, 'beatriz')).toEqual(['2'])
    expect(find(fresh!, 'bia')).toEqual([])
    expect(find(fresh!, 'caio')).toEqual([])
    expect(find(fresh!, 'ana')).toEqual(['1'])

    // The new index is the one kept: the next opening, offline, finds the same.
    sync.stop()
    server.online = false
    const again = await open(db, server)
    const kept = await answers(again.store, true)
    expect(kept).toEqual([fresh])
    expect(find(kept[0]!, 'davi')).toEqual(['4'])
  })

  it('is made from the roster when a page asks for a new one, whatever is kept', async () => {
    const db = `indice-${++n}`
    const server = new FakeServer([participant('1', 'Ana Lima')])
    const { store, sync } = await open(db, server)
    await answers(store, true)
    server.change(participant('2', 'Bia Costa'))
    await sync.refresh()
    const [fresh, ...more] = await answers(store, false)
    expect(more).toEqual([])
    expect(find(fresh!, 'bia')).toEqual(['2'])
  })
})
