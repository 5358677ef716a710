import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { Role } from '../../lib/staff'
import type { Checkin, KitRetirado, RosterParticipant } from './types'

// What a desk keeps on the device, in IndexedDB: each event's roster and its delta cursor, the
// pickups waiting to be sent (in the order they were made) and the conflicts the desk lost.
// It survives a reload and a closed tab; "Sair" wipes all of it (wipe).

export type EventoLocal = {
  eventId: string
  cursor: string
  role: Role
  /** The event's date (YYYY-MM-DD): the device drops the roster rosterDaysAfter days after it, even offline. */
  dataEvento: string
  titulo: string
}

/** A pickup waiting to be sent; seq (from IndexedDB) is the order it was made in. */
export type PickupNaFila = { seq?: number; eventId: string; checkin: Checkin }

/** A pickup this desk made that lost to another desk's: shown on the card until acknowledged. */
export type Conflito = { eventId: string; participantId: string; tentativa: Checkin; vencedor: KitRetirado | null }

type StoredParticipant = RosterParticipant & { eventId: string }

interface KitDeskDB extends DBSchema {
  participantes: { key: [string, string]; value: StoredParticipant; indexes: { evento: string } }
  eventos: { key: string; value: EventoLocal }
  fila: { key: number; value: PickupNaFila; indexes: { evento: string } }
  conflitos: { key: [string, string]; value: Conflito; indexes: { evento: string } }
}

const stores = ['participantes', 'eventos', 'fila', 'conflitos'] as const

export const deviceDatabaseName = 'pelotao-retirada'

export class DeviceStore {
  private constructor(private readonly db: IDBPDatabase<KitDeskDB>) {}

  static async open(name = deviceDatabaseName): Promise<DeviceStore> {
    const db = await openDB<KitDeskDB>(name, 1, {
      upgrade(db) {
        db.createObjectStore('participantes', { keyPath: ['eventId', 'id'] }).createIndex('evento', 'eventId')
        db.createObjectStore('eventos', { keyPath: 'eventId' })
        db.createObjectStore('fila', { keyPath: 'seq', autoIncrement: true }).createIndex('evento', 'eventId')
        db.createObjectStore('conflitos', { keyPath: ['eventId', 'participantId'] }).createIndex('evento', 'eventId')
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

  async roster(eventId: string): Promise<RosterParticipant[]> {
    const stored = await this.db.getAllFromIndex('participantes', 'evento', eventId)
    return stored.map(({ eventId: _, ...p }) => p)
  }

  /** Stores a roster answer (all of it, or a delta) and its cursor in one transaction. */
  async applyRoster(evento: EventoLocal, participants: RosterParticipant[]) {
    const tx = this.db.transaction(['participantes', 'eventos'], 'readwrite')
    const ps = tx.objectStore('participantes')
    for (const p of participants) void ps.put({ ...p, eventId: evento.eventId })
    void tx.objectStore('eventos').put(evento)
    await tx.done
  }

  /** Puts one participant's pickup as the server now knows it. */
  async setKit(eventId: string, participantId: string, kit: KitRetirado | null) {
    const tx = this.db.transaction('participantes', 'readwrite')
    const p = await tx.store.get([eventId, participantId])
    if (p) await tx.store.put({ ...p, kitRetirado: kit })
    await tx.done
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
    const tx = this.db.transaction(['participantes', 'eventos', 'conflitos'], 'readwrite')
    const range = IDBKeyRange.bound([eventId], [eventId, []])
    void tx.objectStore('participantes').delete(range)
    void tx.objectStore('conflitos').delete(range)
    void tx.objectStore('eventos').delete(eventId)
    await tx.done
  }

  /** Everything on the device, of every event: the rosters, the queue, the conflicts. */
  async wipe() {
    const tx = this.db.transaction(stores, 'readwrite')
    await Promise.all([...stores.map((s) => tx.objectStore(s).clear()), tx.done])
  }
}
