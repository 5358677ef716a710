// The organizer panel's real data (ORG-13): the events the user runs — their own and those they
// manage (gestao) — and each one's figures from the APIs the event's workspace reads.
import type { EventSummary } from '../../../lib/events/event'
import { getSummary, type Summary } from '../../../lib/events/participantSummary'
import { listResultSets } from '../../../lib/results/resultsApi'
import type { ResultSet } from '../../../lib/results/resultSchema'
import type { WorkEvent } from '../../../lib/team/staff'
import { soonestFirst } from '../eventOrder'

export type PanelEvent = { event: EventSummary; role: 'owner' | 'gestao' }

/** An event's figures; null where its answer could not be read (the row then says so). */
export type Figures = { summary: Summary | null; sets: ResultSet[] | null }

/**
 * How many events the panel reads figures for, the next ones first: two requests each, and an
 * organizer with a long history needs the coming events, not a page that waits for all of them.
 */
export const figuresLimit = 12

/** The user's own events and those they manage, once each, the next one first. */
export function panelEvents(mine: readonly EventSummary[], work: readonly WorkEvent[]): PanelEvent[] {
  const own = new Set(mine.map((e) => e.id))
  const all: PanelEvent[] = [
    ...mine.map((event) => ({ event, role: 'owner' as const })),
    ...work.filter((w) => w.role === 'gestao' && !own.has(w.event.id)).map((w) => ({ event: w.event, role: 'gestao' as const })),
  ]
  return soonestFirst(all, (p) => p.event.dataEvento)
}

/** The figures of the first figuresLimit events, by event id; each read may fail alone. */
export async function loadFigures(events: readonly PanelEvent[], signal: AbortSignal): Promise<Map<string, Figures>> {
  const shown = events.slice(0, figuresLimit)
  const read = <T,>(p: Promise<T>) => p.catch((error: unknown) => (signal.aborted ? Promise.reject(error) : (console.error(error), null)))
  const figures = await Promise.all(
    shown.map(async ({ event }) => {
      const [summary, sets] = await Promise.all([read(getSummary(event.id, signal)), read(listResultSets(event.id, signal))])
      return [event.id, { summary, sets }] as const
    }),
  )
  return new Map(figures)
}

export type Totals = { inscritos: number; pagos: number; kits: number; valorPago: number; valorPendente: number }

/** The figures added up across events; an event whose summary could not be read adds nothing. */
export function totalsOf(figures: Iterable<Figures>): Totals {
  const t: Totals = { inscritos: 0, pagos: 0, kits: 0, valorPago: 0, valorPendente: 0 }
  for (const { summary: s } of figures) {
    if (!s) continue
    t.inscritos += s.total
    t.pagos += s.pagos
    t.kits += s.kitRetirado
    t.valorPago += s.valorPago
    t.valorPendente += s.valorPendente
  }
  return t
}

/** '2 oficiais · 1 preliminar', or 'Nenhum resultado publicado'. */
export function resultSetsText(sets: readonly Pick<ResultSet, 'status'>[]): string {
  const oficiais = sets.filter((s) => s.status === 'oficial').length
  const preliminares = sets.length - oficiais
  const parts = [
    oficiais > 0 ? `${oficiais} ${oficiais === 1 ? 'oficial' : 'oficiais'}` : '',
    preliminares > 0 ? `${preliminares} ${preliminares === 1 ? 'preliminar' : 'preliminares'}` : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'Nenhum resultado publicado'
}
