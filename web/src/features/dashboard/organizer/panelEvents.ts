// The organizer panel's real data (ORG-13, ORG-14): GET /api/me/painel, every event the account
// owns or works on with its figures, in one request whatever the number of events.
import type { EventSummary } from '../../../lib/events/event'
import { parseEventSummary } from '../../../lib/events/eventSchema'
import { api } from '../../../lib/platform/api'
import { count, list, oneOf, record, type Parser } from '../../../lib/platform/schema'
import { allRoles, can, type Role } from '../../../lib/team/staff'
import { soonestFirst } from '../eventOrder'
import type { Section } from './sections'

/** An event's money in reais; null where the role does not open the event's Financeiro. */
export type PanelMoney = {
  valorPago: number
  valorPendente: number
  bruto: number
  reembolsado: number
  liquido: number
}

export type PanelEvent = {
  role: Role
  event: EventSummary
  inscritos: number
  pagos: number
  kitsRetirados: number
  resultados: { oficiais: number; preliminares: number }
  dinheiro: PanelMoney | null
}

const money = record({ valorPago: count, valorPendente: count, bruto: count, reembolsado: count, liquido: count })

const panelEvent: Parser<PanelEvent> = (v) => {
  const e = record({
    role: oneOf(allRoles, 'retirada'),
    event: parseEventSummary,
    inscritos: count,
    pagos: count,
    kitsRetirados: count,
    resultados: record({ oficiais: count, preliminares: count }),
  })(v)
  const dinheiro = (v as { dinheiro?: unknown } | null)?.dinheiro
  return { ...e, dinheiro: typeof dinheiro === 'object' && dinheiro !== null ? money(dinheiro) : null }
}

const panelAnswer = record({ eventos: list(panelEvent) })

/** The account's events with their figures, the next one first. */
export async function loadPanel(signal: AbortSignal): Promise<PanelEvent[]> {
  const { eventos } = panelAnswer(await api<unknown>('/api/me/painel', { signal }))
  return soonestFirst(eventos, (e) => e.event.dataEvento)
}

/** The workspace tab each section of the panel leads to (web/src/features/organizer-event), by the right it needs. */
export const sectionTabs: Record<
  Exclude<Section, 'overview'>,
  'inscritos' | 'retirada' | 'resultados' | 'financeiro' | 'configuracoes'
> = {
  inscricoes: 'inscritos',
  checkin: 'retirada',
  resultados: 'resultados',
  financeiro: 'financeiro',
  config: 'configuracoes',
}

/** The events a section lists: those whose role opens the section's workspace tab (the overview lists all). */
export function eventsOf(section: Section, events: readonly PanelEvent[]): readonly PanelEvent[] {
  if (section === 'overview') return events
  const tab = sectionTabs[section]
  return events.filter((e) => can(e.role, `tab:${tab}`) && (section !== 'financeiro' || e.dinheiro !== null))
}

export type Totals = {
  inscritos: number
  pagos: number
  kits: number
  oficiais: number
  preliminares: number
  dinheiro: PanelMoney | null
}

/** The figures added up across events; money across those that carry it, null when none does. */
export function totalsOf(events: readonly PanelEvent[]): Totals {
  const t: Totals = { inscritos: 0, pagos: 0, kits: 0, oficiais: 0, preliminares: 0, dinheiro: null }
  for (const e of events) {
    t.inscritos += e.inscritos
    t.pagos += e.pagos
    t.kits += e.kitsRetirados
    t.oficiais += e.resultados.oficiais
    t.preliminares += e.resultados.preliminares
    if (!e.dinheiro) continue
    const m = (t.dinheiro ??= { valorPago: 0, valorPendente: 0, bruto: 0, reembolsado: 0, liquido: 0 })
    for (const k of Object.keys(m) as (keyof PanelMoney)[]) m[k] += e.dinheiro[k]
  }
  return t
}

/** '2 oficiais · 1 preliminar', or 'Nenhum resultado publicado'. */
export function resultSetsText({ oficiais, preliminares }: { oficiais: number; preliminares: number }): string {
  const parts = [
    oficiais > 0 ? `${oficiais} ${oficiais === 1 ? 'oficial' : 'oficiais'}` : '',
    preliminares > 0 ? `${preliminares} ${preliminares === 1 ? 'preliminar' : 'preliminares'}` : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'Nenhum resultado publicado'
}
