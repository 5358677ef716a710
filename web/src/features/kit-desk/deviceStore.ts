import { openDB, unwrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb'
import type { Role } from '../../lib/team/staff'
import type { PackedIndex } from './search'
import type { Checkin, KitRetirado, RosterParticipant } from './types'

// What a desk keeps on the device, in IndexedDB: each event's roster and its delta cursor, its
// search index, the pickups waiting to be sent (in the order they were made) and the conflicts the
// desk lost. It survives a reload and a closed tab; "Sair" wipes all of it (wipe).
//
// The roster is kept twice: a record per participant, which deltas and pickups update, and a copy
// of the whole list as one JSON text (ListaLocal), which a desk opening again reads instead — on a
// phone, IndexedDB hands back 30,000 records in over 2 s, one text of the same in tens of ms. The
// copy counts only while its `versao` is the event's, which every write to the records moves on.

export type EventoLocal = {
  eventId: string
  cursor: string
  role: Role
  /** The event's date (YYYY-MM-DD): the device drops the roster rosterDaysAfter days after it, even offline. */
  dataEvento: string
  titulo: string
  /** The event's clock (REG-225): its roster closes and its pickup times read there; '' Horário de Brasília, absent in a copy kept before it existed. */
  fusoHorario?: string
  /** The organizer forbids handing unpaid kits (absent in a copy kept before the setting existed). */
  bloquearKitSemPagamento?: boolean
  /** Counts the roster's changes of names, bibs, documents or codes: a kept search index of another count is stale. */
  indice?: number
  /** Counts every write to the roster's records: a kept ListaLocal of another count is stale. */
  versao?: number
}

/** The whole roster as JSON, written from a desk's memory at `versao`. */
export type ListaLocal = { eventId: string; versao: number; participantes: string }

/** An event's search index (search.ts), packed, and the roster's `indice` it was built from. */
export type IndiceLocal = PackedIndex & { eventId: string; indice: number }

/** A pickup waiting to be sent; seq (from IndexedDB) is the order it was made in. */
export type PickupNaFila = { seq?: number; eventId: string; checkin: Checkin }

/**
 * A pickup this desk made that did not count, shown on the card until acknowledged: it lost to
 * another desk's (vencedor), or the server refused it (motivo, pt-BR).
 */
export type Conflito = {
  eventId: string
  participantId: string
  tentativa: Checkin
  vencedor: KitRetirado | null
  motivo?: string
}

type StoredParticipant = RosterParticipant & { eventId: string }

interface KitDeskDB extends DBSchema {
  participantes: { key: [string, string]; value: StoredParticipant; indexes: { evento: string } }
  eventos: { key: string; value: EventoLocal }
  fila: { key: number; value: PickupNaFila; indexes: { evento: string } }
  conflitos: { key: [string, string]; value: Conflito; indexes: { evento: string } }
  indices: { key: string; value: IndiceLocal }
  listas: { key: string; value: ListaLocal }
}

const stores = ['participantes', 'eventos', 'fila', 'conflitos', 'indices', 'listas'] as const

export const deviceDatabaseName = 'pelotao-retirada'

/**
 * Rosters kept before registration codes lack them, and deltas never send an unchanged
 * participant again: every event's cursor is dropped, so the next refresh asks for the whole
 * roster (the one kept stays in use meanwhile, offline too), and the search indexes, which have
 * no codes, are made anew.
 */
async function forgetRosterFormat(tx: IDBPTransaction<KitDeskDB, (typeof stores)[number][], 'versionchange'>) {
  void tx.objectStore('indices').clear()
  for (let c = await tx.objectStore('eventos').openCursor(); c; c = await c.continue())
    void c.update({ ...c.value, cursor: '' })
}

export class DeviceStore {
  private constructor(private readonly db: IDBPDatabase<KitDeskDB>) {}

  static async open(name = deviceDatabaseName): Promise<DeviceStore> {
    const db = await openDB<KitDeskDB>(name, 3, {
      upgrade(db, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          db.createObjectStore('participantes', { keyPath: ['eventId', 'id'] }).createIndex('evento', 'eventId')
          db.createObjectStore('eventos', { keyPath: 'eventId' })
          db.createObjectStore('fila', { keyPath: 'seq', autoIncrement: true }).createIndex('evento', 'eventId')
          db.createObjectStore('conflitos', { keyPath: ['eventId', 'participantId'] }).createIndex('evento', 'eventId')
        }
        if (oldVersion < 2) {
          db.createObjectStore('indices', { keyPath: 'eventId' })
          db.createObjectStore('listas', { keyPath: 'eventId' })
        }
        if (oldVersion === 1 || oldVersion === 2) void forgetRosterFormat(tx)
      },
      // Another tab wiping the device ("Sair") must not wait for this one to close.
      blocking() {
        db.close()
      },
    })
    return new DeviceStore(db)
  }

  close() {
    this.db.close()
  }

  evento(eventId: string): Promise<EventoLocal | undefined> {
    return this.db.get('eventos', eventId)
  }

  /**
   * The event's participants and the `versao` they are at: from the kept copy when it is current,
   * else from the records (each then also carries its eventId, which nothing reads).
   */
  async roster(eventId: string): Promise<{ participants: RosterParticipant[]; versao: number; kept: boolean }> {
    const tx = this.db.transaction(['eventos', 'listas', 'participantes'])
    const [evento, lista] = await Promise.all([
      tx.objectStore('eventos').get(eventId),
      tx.objectStore('listas').get(eventId),
    ])
    const versao = evento?.versao ?? 0
    if (lista && lista.versao === versao)
      return { participants: JSON.parse(lista.participantes) as RosterParticipant[], versao, kept: true }
    return { participants: await tx.objectStore('participantes').index('evento').getAll(eventId), versao, kept: false }
  }

  /** Keeps the whole roster as one text, as it is at `versao`; a write since then makes it stale, and it is not kept. */
  async keepRoster(eventId: string, versao: number, participants: Iterable<RosterParticipant>) {
    const participantes = JSON.stringify([...participants])
    const tx = this.db.transaction(['eventos', 'listas'], 'readwrite')
    if (((await tx.objectStore('eventos').get(eventId))?.versao ?? 0) === versao)
      await tx.objectStore('listas').put({ eventId, versao, participantes })
    await tx.done
  }

  searchIndex(eventId: string): Promise<IndiceLocal | undefined> {
    return this.db.get('indices', eventId)
  }

  async putSearchIndex(indice: IndiceLocal) {
    await this.db.put('indices', indice)
  }

  /**
   * Stores a roster answer (all of it, or a delta) and its cursor in one transaction; answers the
   * versao, which moves on only when participants changed.
   */
  async applyRoster(evento: EventoLocal, participants: RosterParticipant[], removidos: string[] = []): Promise<number> {
    const tx = this.db.transaction(['participantes', 'eventos'], 'readwrite')
    // The plain store: idb's wrapper makes a promise and two listeners per request, which for a
    // whole roster of 30,000 cost a phone seconds; the transaction's end says whether all were written.
    const ps = unwrap(tx.objectStore('participantes'))
    for (const p of participants) ps.put({ ...p, eventId: evento.eventId })
    for (const id of removidos) ps.delete([evento.eventId, id])
    const changed = participants.length > 0 || removidos.length > 0
    const versao = ((await tx.objectStore('eventos').get(evento.eventId))?.versao ?? 0) + (changed ? 1 : 0)
    void tx.objectStore('eventos').put({ ...evento, versao })
    await tx.done
    return versao
  }

  /** Puts one participant's pickup as the server now knows it; answers the new versao. */
  async setKit(eventId: string, participantId: string, kit: KitRetirado | null): Promise<number> {
    const tx = this.db.transaction(['participantes', 'eventos'], 'readwrite')
    const ps = tx.objectStore('participantes')
    const p = await ps.get([eventId, participantId])
    if (p) await ps.put({ ...p, kitRetirado: kit })
    const eventos = tx.objectStore('eventos')
    const evento = await eventos.get(eventId)
    const versao = (evento?.versao ?? 0) + 1
    if (evento) await eventos.put({ ...evento, versao })
    await tx.done
    return versao
  }

  async enqueue(eventId: string, checkin: Checkin) {
    await this.db.add('fila', { eventId, checkin })
  }

  /** The event's pickups waiting to be sent, oldest first. */
  async queue(eventId: string): Promise<PickupNaFila[]> {
    const items = await this.db.getAllFromIndex('fila', 'evento', eventId)
    return items.sort((a, b) => a.seq! - b.seq!)
  }

  async dequeue(seqs: number[]) {
    const tx = this.db.transaction('fila', 'readwrite')
    for (const seq of seqs) void tx.store.delete(seq)
    await tx.done
  }

  async addConflict(c: Conflito) {
    await this.db.put('conflitos', c)
  }

  conflicts(eventId: string): Promise<Conflito[]> {
    return this.db.getAllFromIndex('conflitos', 'evento', eventId)
  }

  async removeConflict(eventId: string, participantId: string) {
    await this.db.delete('conflitos', [eventId, participantId])
  }

  /** Removes one event's roster and what the desk knew of it, but not its unsent pickups. */
  async dropRoster(eventId: string) {
    const tx = this.db.transaction(['participantes', 'eventos', 'conflitos', 'indices', 'listas'], 'readwrite')
    const range = IDBKeyRange.bound([eventId], [eventId, []])
    void tx.objectStore('participantes').delete(range)
    void tx.objectStore('conflitos').delete(range)
    void tx.objectStore('eventos').delete(eventId)
    void tx.objectStore('indices').delete(eventId)
    void tx.objectStore('listas').delete(eventId)
    await tx.done
  }

  /** Everything on the device, of every event: the rosters, the queue, the conflicts. */
  async wipe() {
    const tx = this.db.transaction(stores, 'readwrite')
    await Promise.all([...stores.map((s) => tx.objectStore(s).clear()), tx.done])
  }
}
