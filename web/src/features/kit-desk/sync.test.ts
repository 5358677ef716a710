import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, networkErrorCode } from '../../lib/platform/api'
import { DeviceStore } from './deviceStore'
import { groupCheckins, groupCodeOf, groupIndex } from './groupPickup'
import { DeskSync, rosterAllowed } from './sync'
import { participant } from './testRoster'
import { FakeServer } from './testServer'
import type { Checkin } from './types'

let dbName = ''
let n = 0
const opened: DeviceStore[] = []
const syncs: DeskSync[] = []

async function desk(server: FakeServer) {
  const store = await DeviceStore.open(dbName)
  opened.push(store)
  const sync = new DeskSync('ev1', store, server.remote)
  syncs.push(sync)
  await sync.start()
  return sync
}

function pickup(id: string, participantId: string, balcao = 'Balcão 1'): Checkin {
  return { id, participantId, at: '2026-05-10T12:14:00.000Z', retiradoPor: null, camisetaEntregue: 'M', balcao }
}

beforeEach(() => {
  dbName = `retirada-test-${++n}`
})

afterEach(() => {
  for (const s of syncs.splice(0)) s.stop()
  for (const s of opened.splice(0)) s.close()
  vi.useRealTimers()
})

describe('DeskSync', () => {
  it('downloads the roster, then asks only for what changed after its cursor', async () => {
    const server = new FakeServer([participant('1', 'Ana'), participant('2', 'Bia')])
    const sync = await desk(server)
    expect(sync.getSnapshot().roster.size).toBe(2)
    const index = sync.getSnapshot().indexVersion
    server.change({
      ...server.participants.get('2')!,
      kitRetirado: {
        at: '2026-05-10T12:00:00Z',
        balcao: 'Balcão 2',
        por: 'X',
        retiradoPor: null,
        camisetaEntregue: 'M',
      },
    })
    const spy = vi.spyOn(server.remote, 'fetchRoster')
    await sync.refresh()
    expect(spy).toHaveBeenCalledWith('ev1', '2')
    expect(sync.getSnapshot().roster.get('2')!.kitRetirado?.balcao).toBe('Balcão 2')
    expect(sync.getSnapshot().indexVersion).toBe(index) // a pickup does not rebuild the search index
  })

  // REG-105
  it('drops a participant the server lists as removed, on the device too', async () => {
    const server = new FakeServer([participant('1', 'Ana'), participant('2', 'Bia')])
    const sync = await desk(server)
    const index = sync.getSnapshot().indexVersion
    server.remove('2')
    await sync.refresh()
    expect([...sync.getSnapshot().roster.keys()]).toEqual(['1'])
    expect(sync.getSnapshot().indexVersion).toBe(index + 1)
    sync.stop()
    server.online = false
    const reopened = await desk(server) // from the device's own copy
    expect([...reopened.getSnapshot().roster.keys()]).toEqual(['1'])
  })

  it('keeps pickups made offline across a reload and sends them in order, once, when the network returns', async () => {
    const server = new FakeServer([participant('1', 'Ana'), participant('2', 'Bia'), participant('3', 'Caio')])
    const first = await desk(server)
    server.online = false
    for (const [id, p] of [
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ] as const)
      await first.record(pickup(id, p))
    expect(first.getSnapshot().pending.size).toBe(3)
    expect(first.getSnapshot().offline).toBe(true)
    first.stop()

    // The page is reloaded (a new engine on the same device database), still offline.
    const second = await desk(server)
    expect(second.getSnapshot().pending.size).toBe(3)
    expect(second.getSnapshot().roster.size).toBe(3)

    server.online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(second.getSnapshot().pending.size).toBe(0))
    const sent = server.posts.flat().map((c) => c.id)
    expect(sent).toEqual(['a', 'b', 'c'])
    expect(second.getSnapshot().roster.get('1')!.kitRetirado?.balcao).toBe('Balcão 1')
  })

  // GRP-61, GRP-62
  it("finds a group's members offline by its code and sends its pickups to the coach through the queue, in order, once", async () => {
    const grupo = { grupo: 'Assessoria Pé na Areia', grupoCodigo: 'ABCD2345' }
    const server = new FakeServer([
      participant('1', 'Ana', grupo),
      participant('2', 'Bia'),
      participant('3', 'Caio', grupo),
    ])
    const first = await desk(server)
    server.online = false
    const groups = groupIndex(first.getSnapshot().roster.values())
    expect(groupCodeOf(groups, ' abcd-2345 ')).toBe('ABCD2345')
    expect(groupCodeOf(groups, 'ZZZZ2222')).toBe('')
    const members = groups.get('ABCD2345')!.map((id) => first.getSnapshot().roster.get(id)!)
    expect(members.map((p) => p.nome)).toEqual(['Ana', 'Caio'])
    let n = 0
    const coach = { nome: 'Carla Treinadora', documento: '12.345.678-9' }
    await first.record(...groupCheckins(members, coach, 'Balcão 2', '2026-05-10T12:14:00.000Z', () => `g${++n}`))
    expect([...first.getSnapshot().pending.keys()].sort()).toEqual(['1', '3'])
    await vi.waitFor(() => expect(first.getSnapshot().offline).toBe(true))
    first.stop()

    // Reloaded offline, then the network returns.
    const second = await desk(server)
    expect(second.getSnapshot().pending.size).toBe(2)
    server.online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(second.getSnapshot().pending.size).toBe(0))
    expect(
      server.posts.flat().map((c) => [c.id, c.participantId, c.retiradoPor?.nome, c.balcao, c.semPagamento]),
    ).toEqual([
      ['g1', '1', 'Carla Treinadora', 'Balcão 2', false],
      ['g2', '3', 'Carla Treinadora', 'Balcão 2', false],
    ])
    for (const id of ['1', '3']) expect(second.getSnapshot().roster.get(id)!.kitRetirado?.retiradoPor).toEqual(coach)
    expect(second.getSnapshot().roster.get('2')!.kitRetirado).toBeNull()
  })

  // KIT-13
  it('keeps the roster as one text for the next opening, and never a stale one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const server = new FakeServer([participant('1', 'Ana'), participant('2', 'Bia')])
      const sync = await desk(server)
      const store = await DeviceStore.open(dbName)
      opened.push(store)
      // The whole roster, downloaded, is kept as a text at once (the search index is made from it).
      const first = await store.roster('ev1')
      expect(first.kept).toBe(true)
      expect(first.participants.map((p) => p.nome).sort()).toEqual(['Ana', 'Bia'])
      // A poll that brings nothing new leaves it current.
      await sync.refresh()
      expect((await store.roster('ev1')).kept).toBe(true)
      // A pickup moves the records on: the text is stale until written again.
      await sync.record(pickup('a', '1'))
      await vi.waitFor(() => expect(sync.getSnapshot().pending.size).toBe(0))
      const stale = await store.roster('ev1')
      expect(stale.kept).toBe(false)
      expect(stale.participants.find((p) => p.id === '1')?.kitRetirado?.balcao).toBe('Balcão 1')
      await vi.advanceTimersByTimeAsync(10_000)
      const again = await store.roster('ev1')
      expect(again.kept).toBe(true)
      expect(again.participants.find((p) => p.id === '1')?.kitRetirado?.balcao).toBe('Balcão 1')
    } finally {
      vi.useRealTimers()
    }
  })

  // KIT-13: the worker rebuilds a kept search index only when this count moved.
  it('counts the changes of names, bibs and documents, not of pickups', async () => {
    const server = new FakeServer([participant('1', 'Ana'), participant('2', 'Bia')])
    const sync = await desk(server)
    expect(sync.getSnapshot().evento?.indice).toBe(1)
    await sync.record(pickup('a', '1'))
    await vi.waitFor(() => expect(sync.getSnapshot().pending.size).toBe(0))
    await sync.refresh()
    expect(sync.getSnapshot().evento?.indice).toBe(1)
    server.change({ ...server.participants.get('2')!, nome: 'Beatriz' })
    await sync.refresh()
    expect(sync.getSnapshot().evento?.indice).toBe(2)
  })

  it('never counts a pickup twice when it is sent again', async () => {
    const server = new FakeServer([participant('1', 'Ana')])
    const sync = await desk(server)
    await server.remote.sendCheckins('ev1', [pickup('a', '1')]) // the first send's answer was lost
    await sync.record(pickup('a', '1'))
    await vi.waitFor(() => expect(sync.getSnapshot().pending.size).toBe(0))
    expect(server.seen.size).toBe(1)
    expect(sync.getSnapshot().conflicts.size).toBe(0)
  })

  it('shows a conflict lost to another desk, with the winning pickup', async () => {
    const server = new FakeServer([participant('1', 'Ana')])
    const sync = await desk(server)
    await server.remote.sendCheckins('ev1', [pickup('other', '1', 'Balcão 2')])
    await sync.record(pickup('mine', '1', 'Balcão 1'))
    await vi.waitFor(() => expect(sync.getSnapshot().pending.size).toBe(0))
    const conflict = sync.getSnapshot().conflicts.get('1')!
    expect(conflict.tentativa.id).toBe('mine')
    expect(conflict.vencedor?.balcao).toBe('Balcão 2')
    expect(sync.getSnapshot().roster.get('1')!.kitRetirado?.balcao).toBe('Balcão 2')
    await sync.acknowledge('1')
    expect(sync.getSnapshot().conflicts.size).toBe(0)
  })

  // KIT-12
  it('shows the reason of a pickup queued offline that the server refused, and learns the setting', async () => {
    const server = new FakeServer([participant('1', 'Ana', { pago: false })])
    const sync = await desk(server)
    expect(sync.getSnapshot().evento?.bloquearKitSemPagamento).toBe(false)
    server.online = false
    await sync.record(pickup('a', '1'))
    server.bloquearKitSemPagamento = true
    server.online = true
    await sync.flush()
    await sync.refresh()
    const s = sync.getSnapshot()
    expect(s.pending.size).toBe(0)
    expect(s.conflicts.get('1')?.motivo).toBe('Inscrição não paga.')
    expect(s.roster.get('1')?.kitRetirado).toBeNull()
    expect(s.evento?.bloquearKitSemPagamento).toBe(true)
  })

  it('retries with growing waits while the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    vi.spyOn(Math, 'random').mockReturnValue(0.5) // no jitter
    const server = new FakeServer([participant('1', 'Ana')])
    const sync = await desk(server)
    server.online = false
    const send = vi.spyOn(server.remote, 'sendCheckins')
    // vi.waitFor would move the fake clock; IndexedDB (fake-indexeddb) runs on setImmediate.
    const settle = async () => {
      for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r))
    }
    await sync.record(pickup('a', '1'))
    await settle()
    expect(send).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    await settle()
    expect(send).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(send).toHaveBeenCalledTimes(2) // 1 s after the first
    await vi.advanceTimersByTimeAsync(1999)
    await settle()
    expect(send).toHaveBeenCalledTimes(2)
    server.online = true
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(send).toHaveBeenCalledTimes(3) // 2 s after the second
    expect(sync.getSnapshot().pending.size).toBe(0)
  })

  it('drops the roster, keeping unsent pickups, when the server says the pickup period ended', async () => {
    const server = new FakeServer([participant('1', 'Ana')])
    const sync = await desk(server)
    server.online = false
    await sync.record(pickup('a', '1'))
    server.online = true
    server.remote.fetchRoster = async () => {
      throw new ApiError(410, 'checkin/closed', 'A retirada de kits deste evento foi encerrada.')
    }
    server.remote.sendCheckins = async () => {
      throw new ApiError(0, networkErrorCode, 'Falha de conexão.')
    }
    await sync.refresh()
    expect(sync.getSnapshot().closed).toBe(true)
    expect(sync.getSnapshot().roster.size).toBe(0)
    expect(sync.getSnapshot().error).toBe('A retirada de kits deste evento foi encerrada.')
    const store = await DeviceStore.open(dbName)
    opened.push(store)
    expect((await store.roster('ev1')).participants).toEqual([])
    expect(await store.queue('ev1')).toHaveLength(1)
  })

  it('undoes a pickup on the server and on the device', async () => {
    const server = new FakeServer([participant('1', 'Ana')])
    const sync = await desk(server)
    await sync.record(pickup('a', '1'))
    await vi.waitFor(() => expect(sync.getSnapshot().roster.get('1')!.kitRetirado).not.toBeNull())
    await sync.undo('1')
    expect(sync.getSnapshot().roster.get('1')!.kitRetirado).toBeNull()
    expect(server.participants.get('1')!.kitRetirado).toBeNull()
  })
})

describe('rosterAllowed', () => {
  it('keeps the roster until the event date plus 7 days, inclusive', () => {
    expect(rosterAllowed('2026-05-10', '2026-05-17')).toBe(true)
    expect(rosterAllowed('2026-05-10', '2026-05-18')).toBe(false)
    expect(rosterAllowed('2026-12-28', '2027-01-04')).toBe(true)
    expect(rosterAllowed('2026-12-28', '2027-01-05')).toBe(false)
  })
})

describe('DeviceStore.wipe', () => {
  it('removes rosters, queue and conflicts of every event', async () => {
    const store = await DeviceStore.open(dbName)
    opened.push(store)
    await store.applyRoster({ eventId: 'ev1', cursor: '1', role: 'retirada', dataEvento: '2099-01-01', titulo: 'X' }, [
      participant('1', 'Ana'),
    ])
    await store.enqueue('ev2', pickup('a', '9'))
    await store.addConflict({ eventId: 'ev1', participantId: '1', tentativa: pickup('b', '1'), vencedor: null })
    await store.wipe()
    expect((await store.roster('ev1')).participants).toEqual([])
    expect(await store.queue('ev2')).toEqual([])
    expect(await store.conflicts('ev1')).toEqual([])
    expect(await store.evento('ev1')).toBeUndefined()
  })
})

// REG-148: a device that kept a roster before registration codes existed asks for the whole roster
// again, showing the one it has meanwhile, and indexes the codes.
describe('a roster kept before registration codes', () => {
  it('is asked for again whole, and its search index made anew', async () => {
    const old = await openDB(dbName, 2, {
      upgrade(db) {
        db.createObjectStore('participantes', { keyPath: ['eventId', 'id'] }).createIndex('evento', 'eventId')
        db.createObjectStore('eventos', { keyPath: 'eventId' })
        db.createObjectStore('fila', { keyPath: 'seq', autoIncrement: true }).createIndex('evento', 'eventId')
        db.createObjectStore('conflitos', { keyPath: ['eventId', 'participantId'] }).createIndex('evento', 'eventId')
        db.createObjectStore('indices', { keyPath: 'eventId' })
        db.createObjectStore('listas', { keyPath: 'eventId' })
      },
    })
    await old.put('eventos', {
      eventId: 'ev1',
      cursor: '2',
      role: 'retirada',
      dataEvento: '2099-01-01',
      titulo: 'Corrida',
      indice: 1,
      versao: 1,
    })
    await old.put('participantes', { ...participant('1', 'Ana'), eventId: 'ev1' })
    await old.put('indices', { eventId: 'ev1', indice: 1, ids: '1', names: ' ana', bibs: '1', cpfs: '456789' })
    old.close()

    const server = new FakeServer([
      participant('1', 'Ana'),
      participant('2', 'Bia Paga', { origem: 'pelotao', codigo: '7XK2MP9QRZ' }),
    ])
    server.online = false
    const spy = vi.spyOn(server.remote, 'fetchRoster')
    const sync = await desk(server)
    expect(sync.getSnapshot().roster.get('1')!.nome).toBe('Ana') // offline, the kept roster
    expect(spy).toHaveBeenLastCalledWith('ev1', '')
    const store = await DeviceStore.open(dbName)
    opened.push(store)
    expect(await store.searchIndex('ev1')).toBeUndefined()

    server.online = true
    const before = sync.getSnapshot().indexVersion
    await sync.refresh()
    expect(spy).toHaveBeenLastCalledWith('ev1', '')
    expect(sync.getSnapshot().roster.get('2')!.codigo).toBe('7XK2MP9QRZ')
    expect(sync.getSnapshot().indexVersion).toBeGreaterThan(before)
    await sync.refresh()
    expect(spy).toHaveBeenLastCalledWith('ev1', String(server.rev)) // deltas again
  })
})
