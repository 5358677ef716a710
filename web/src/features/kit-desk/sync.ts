import { ApiError, networkErrorCode } from '../../lib/platform/api'
import { eventToday } from '../../lib/text/format'
import { rosterDaysAfter } from '../../lib/team/staff'
import * as checkinApi from './checkinApi'
import type { Conflito, DeviceStore, EventoLocal } from './deviceStore'
import type { Checkin, KitRetirado, RosterParticipant } from './types'

// The desk's engine, outside React: it keeps the roster up to date with `since` deltas, sends the
// queued pickups in order (one sender at a time across the device's tabs), retries with back-off,
// and turns the server's answers into the roster and the conflicts the cards show.

export type Remote = Pick<typeof checkinApi, 'fetchRoster' | 'sendCheckins' | 'undoCheckin' | 'fetchEvento'>

export type DeskSnapshot = {
  /** The roster as the server last told it; the same Map between snapshots (see rosterVersion). */
  roster: ReadonlyMap<string, RosterParticipant>
  /** Changes whenever the roster changes. */
  rosterVersion: number
  /** Changes only when names, bibs, documents or codes change, which the search index holds. */
  indexVersion: number
  /** Pickups made here and not yet sent, by participant. */
  pending: ReadonlyMap<string, Checkin>
  conflicts: ReadonlyMap<string, Conflito>
  evento: EventoLocal | undefined
  loading: boolean
  /** The last exchange with the server failed for lack of network. */
  offline: boolean
  /** Why the last exchange failed, when it was not the network (pt-BR). */
  error: string
  /** The server no longer serves this event's roster (its date + 7 days passed). */
  closed: boolean
}

export const pollInterval = 5_000
/**
 * How long after a change of the roster its one-text copy is written (deviceStore.ts), or sooner
 * when the page is hidden: at most one write (~0.1 s of a phone's main thread) in that time, however
 * busy the desks are.
 */
const keepAfter = 10_000
const batchSize = 100
const maxBackoff = 60_000
export const closedMessage =
  'A retirada de kits deste evento foi encerrada: a lista de inscritos não fica mais disponível neste aparelho.'

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Whether the roster may still be kept: until the event's date plus rosterDaysAfter days, inclusive, on the event's clock (today). */
export function rosterAllowed(dataEvento: string, today: string): boolean {
  return !/^\d{4}-\d{2}-\d{2}/.test(dataEvento) || today <= addDays(dataEvento, rosterDaysAfter)
}

export class DeskSync {
  private roster = new Map<string, RosterParticipant>()
  private snapshot: DeskSnapshot
  private listeners = new Set<() => void>()
  private flushing: Promise<void> | null = null
  private refreshing: Promise<void> | null = null
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private pollTimer: ReturnType<typeof setInterval> | undefined
  private attempt = 0
  private stopped = false
  /** The device's roster versao that this.roster is at, and the one last kept as one text. */
  private versao = 0
  private keptVersao = -1
  private keepTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    readonly eventId: string,
    private readonly store: DeviceStore,
    private readonly remote: Remote = checkinApi,
  ) {
    this.snapshot = {
      roster: this.roster,
      rosterVersion: 0,
      indexVersion: 0,
      pending: new Map(),
      conflicts: new Map(),
      evento: undefined,
      loading: true,
      offline: false,
      error: '',
      closed: false,
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  private set(patch: Partial<DeskSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch }
    for (const l of this.listeners) l()
  }

  /** Shows what the device holds at once, then asks the server; polls while the page is open. */
  async start() {
    const evento = await this.store.evento(this.eventId)
    if (evento && !rosterAllowed(evento.dataEvento, eventToday(evento))) {
      await this.close()
    } else {
      const local = await this.store.roster(this.eventId)
      for (const p of local.participants) this.roster.set(p.id, p)
      this.versao = local.versao
      if (local.kept) this.keptVersao = local.versao
      // User Timing marks that scripts/kit-desk-speed.ts reads, as devtools do.
      performance.mark('retirada:lista')
      this.set({ evento, rosterVersion: 1, indexVersion: 1, loading: this.roster.size === 0 })
      this.keepSoon()
    }
    await this.reloadLocal()
    window.addEventListener('online', this.onOnline)
    document.addEventListener('visibilitychange', this.onHidden)
    this.pollTimer = setInterval(this.poll, pollInterval)
    await Promise.all([this.refresh(), this.flush()])
  }

  stop() {
    this.stopped = true
    clearTimeout(this.retryTimer)
    clearInterval(this.pollTimer)
    window.removeEventListener('online', this.onOnline)
    document.removeEventListener('visibilitychange', this.onHidden)
    // The page's store closes with it: a copy not yet kept is written at the next opening instead.
    clearTimeout(this.keepTimer)
    this.keepTimer = undefined
  }

  private onHidden = () => {
    if (document.visibilityState === 'hidden') void this.keep()
  }

  private keepSoon() {
    this.keepTimer ??= setTimeout(() => void this.keep(), keepAfter)
  }

  /** Writes the roster as one text for the next opening, unless it is kept as it is already. */
  private async keep() {
    clearTimeout(this.keepTimer)
    this.keepTimer = undefined
    if (this.stopped || this.versao === this.keptVersao || this.roster.size === 0) return
    const versao = this.versao
    this.keptVersao = versao
    await this.store.keepRoster(this.eventId, versao, this.roster.values()).catch((err: unknown) => console.error(err))
  }

  private onOnline = () => {
    this.attempt = 0
    clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    void this.refresh()
    void this.flush()
  }

  private poll = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
    void this.refresh()
    // Another tab may have queued pickups; a retry already scheduled keeps its back-off.
    if (this.retryTimer === undefined) void this.flush()
  }

  /**
   * Records pickups on the device, in order (they show at once), and sends them when it can: one
   * athlete's, or a group's handed to its coach together (GRP-62).
   */
  async record(...checkins: Checkin[]) {
    for (const checkin of checkins) await this.store.enqueue(this.eventId, checkin)
    await this.reloadLocal()
    void this.flush()
  }

  /** Undoes a recorded pickup on the server (managers; needs the network). */
  async undo(participantId: string) {
    await this.remote.undoCheckin(this.eventId, participantId)
    await this.setKit(participantId, null)
    await this.store.removeConflict(this.eventId, participantId)
    await this.reloadLocal()
  }

  /** The desk has seen that its pickup lost: the card shows the winner only. */
  async acknowledge(participantId: string) {
    await this.store.removeConflict(this.eventId, participantId)
    await this.reloadLocal()
  }

  /** Asks for what changed since the cursor (everything the first time). */
  refresh(): Promise<void> {
    this.refreshing ??= this.fetchRoster().finally(() => (this.refreshing = null))
    return this.refreshing
  }

  /**
   * A copy kept before the event's clock existed (no fusoHorario) asks the event for it once; offline
   * it goes on with the copy, read on Horário de Brasília until the event answers.
   */
  private async withClock(known: EventoLocal): Promise<EventoLocal> {
    if (known.fusoHorario !== undefined) return known
    try {
      return { ...known, ...(await this.remote.fetchEvento(this.eventId)) }
    } catch {
      return known
    }
  }

  private async fetchRoster() {
    if (this.snapshot.closed) return
    try {
      const known = await this.store.evento(this.eventId)
      const evento = known?.titulo ? await this.withClock(known) : await this.remote.fetchEvento(this.eventId)
      if (!rosterAllowed(evento.dataEvento, eventToday(evento))) return await this.close()
      const answer = await this.remote.fetchRoster(this.eventId, known?.cursor ?? '')
      if (this.stopped) return
      const removidos = answer.removidos ?? []
      const reindex =
        removidos.some((id) => this.roster.has(id)) ||
        answer.participants.some((p) => {
          const old = this.roster.get(p.id)
          return (
            !old ||
            old.nome !== p.nome ||
            old.numeroPeito !== p.numeroPeito ||
            old.documento?.numero !== p.documento?.numero ||
            old.codigo !== p.codigo
          )
        })
      const next: EventoLocal = {
        ...evento,
        eventId: this.eventId,
        cursor: answer.cursor,
        role: answer.role,
        bloquearKitSemPagamento: answer.bloquearKitSemPagamento,
        indice: (known?.indice ?? 0) + (reindex ? 1 : 0),
      }
      this.versao = await this.store.applyRoster(next, answer.participants, removidos)
      for (const p of answer.participants) this.roster.set(p.id, p)
      for (const id of removidos) this.roster.delete(id)
      const changed = answer.participants.length > 0 || removidos.length > 0
      // A whole roster is kept as one text at once, not within keepAfter: the search index the
      // worker builds next reads it in tens of ms, where 30,000 records take it seconds.
      if (changed && !known?.cursor) {
        await this.keep()
        performance.mark('retirada:baixada')
      } else if (changed) this.keepSoon()
      const s = this.snapshot
      this.set({
        evento: next,
        loading: false,
        offline: false,
        error: '',
        rosterVersion: s.rosterVersion + (changed ? 1 : 0),
        indexVersion: s.indexVersion + (reindex ? 1 : 0),
      })
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) return await this.close(err.message)
      this.failed(err)
      this.set({ loading: false })
    }
  }

  /** Sends the queue, oldest first, until it is empty or the server cannot be reached. */
  flush(): Promise<void> {
    this.flushing ??= this.withDeviceLock(() => this.sendQueue()).finally(() => (this.flushing = null))
    return this.flushing
  }

  private withDeviceLock(run: () => Promise<void>): Promise<void> {
    // Two tabs of one device sending the same queue would only cost duplicates, but the lock keeps
    // the order and spares the requests.
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    // The lock is held until run's promise settles, and request's promise settles with it: its
    // value is run's, not a promise of one (which request<T> would otherwise type it as).
    return locks ? locks.request<void>(`pelotao-retirada-fila-${this.eventId}`, run) : run()
  }

  private async sendQueue() {
    for (;;) {
      const batch = (await this.store.queue(this.eventId)).slice(0, batchSize)
      if (batch.length === 0 || this.stopped) break
      let answers
      try {
        answers = await this.remote.sendCheckins(
          this.eventId,
          batch.map((q) => q.checkin),
        )
      } catch (err) {
        this.failed(err)
        this.scheduleRetry()
        break
      }
      const byId = new Map(answers.map((a) => [a.id, a]))
      const done: number[] = []
      for (const { seq, checkin } of batch) {
        const answer = byId.get(checkin.id)
        if (!answer) continue // not answered: stays queued for the next round
        if (answer.status === 'conflict' || answer.status === 'refused') {
          await this.store.addConflict({
            eventId: this.eventId,
            participantId: checkin.participantId,
            tentativa: checkin,
            vencedor: answer.kitRetirado,
            motivo: answer.motivo,
          })
        }
        await this.setKit(
          checkin.participantId,
          answer.kitRetirado ?? this.roster.get(checkin.participantId)?.kitRetirado ?? null,
        )
        done.push(seq!)
      }
      await this.store.dequeue(done)
      this.attempt = 0
      this.set({ offline: false, error: '' })
      if (done.length < batch.length) {
        this.scheduleRetry()
        break
      }
    }
    await this.reloadLocal()
  }

  private scheduleRetry() {
    if (this.stopped) return
    clearTimeout(this.retryTimer)
    const delay = Math.min(maxBackoff, 1000 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4)
    this.attempt++
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      void this.flush()
    }, delay)
  }

  private failed(err: unknown) {
    if (err instanceof ApiError && err.code === networkErrorCode) this.set({ offline: true })
    else
      this.set({
        offline: false,
        error: err instanceof ApiError ? err.message : 'Erro inesperado ao falar com o servidor.',
      })
  }

  private async setKit(participantId: string, kit: KitRetirado | null) {
    const p = this.roster.get(participantId)
    if (!p) return
    this.roster.set(participantId, { ...p, kitRetirado: kit })
    this.versao = await this.store.setKit(this.eventId, participantId, kit)
    this.keepSoon()
    this.set({ rosterVersion: this.snapshot.rosterVersion + 1 })
  }

  /** Re-reads the queue and the conflicts (another tab may have changed them). */
  private async reloadLocal() {
    const [queue, conflicts] = await Promise.all([this.store.queue(this.eventId), this.store.conflicts(this.eventId)])
    this.set({
      pending: new Map(queue.map((q) => [q.checkin.participantId, q.checkin])),
      conflicts: new Map(conflicts.map((c) => [c.participantId, c])),
    })
  }

  /** The roster may no longer be kept: it leaves the device (unsent pickups stay to be sent). */
  private async close(message = closedMessage) {
    await this.store.dropRoster(this.eventId)
    this.roster.clear()
    const s = this.snapshot
    this.set({
      closed: true,
      loading: false,
      error: message,
      rosterVersion: s.rosterVersion + 1,
      indexVersion: s.indexVersion + 1,
    })
  }
}
