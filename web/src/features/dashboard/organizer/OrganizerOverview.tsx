import { useState, type ReactNode } from 'react'
import { Link } from '../../../app/routing'
import { TabPanel, Tabs } from '../../../components/Tabs'
import { fallbacks, titleOf } from '../../../lib/events/eventText'
import { formatCount, formatDate, formatMoney } from '../../../lib/text/format'
import type { Summary } from '../../../lib/events/participantSummary'
import { useResource } from '../../../lib/platform/resource'
import { organizerEventPath, roleLabels } from '../../../lib/team/staff'
import { eventLocation } from '../eventText'
import { figuresLimit, loadFigures, resultSetsText, totalsOf, type Figures, type PanelEvent } from './panelEvents'
import { sections, type Section } from './sections'

const idPrefix = 'gestao'
const unreadable = 'Não foi possível carregar'

/** A workspace tab of the event (web/src/features/organizer-event): ?aba=… */
const workspace = (id: string, aba?: string) => (aba ? `${organizerEventPath(id)}?aba=${aba}` : organizerEventPath(id))

/**
 * The organizer panel's six tabs on the user's real events (ORG-13): figures across them, each row
 * leading to the event's workspace, where the work is done.
 */
export function OrganizerOverview({ events }: { events: readonly PanelEvent[] }) {
  const [section, setSection] = useState<Section>('overview')
  const key = events.map((e) => e.event.id).join(',')
  const figures = useResource(`panel-figures:${key}`, (signal) => loadFigures(events, signal))
  const shown = events.slice(0, figuresLimit)
  const of = (id: string): Figures | undefined => figures.data?.get(id)

  return (
    <section aria-labelledby="gestao-titulo" className="space-y-4">
      <h2 id="gestao-titulo" className="text-xl font-bold text-slate-900">
        Gestão dos seus eventos
      </h2>
      {events.length > figuresLimit && (
        <p className="text-sm text-slate-600">{`Números dos ${figuresLimit} próximos eventos; os demais estão em Meus eventos.`}</p>
      )}
      <Tabs label="Seções da gestão" idPrefix={idPrefix} tabs={sections} selected={section} onSelect={setSection} />
      <TabPanel idPrefix={idPrefix} id={section}>
        <div className="pt-4">
          {figures.state === 'loading' ? (
            <p role="status" className="text-slate-600">
              Carregando números...
            </p>
          ) : (
            <SectionBody section={section} events={shown} of={of} />
          )}
        </div>
      </TabPanel>
    </section>
  )
}

type BodyProps = { section: Section; events: readonly PanelEvent[]; of: (id: string) => Figures | undefined }

function SectionBody({ section, events, of }: BodyProps) {
  const totals = totalsOf(events.map((e) => of(e.event.id)).filter((f): f is Figures => f !== undefined))
  // A figure from the event's participants summary, or the word that it could not be read.
  const fromSummary = (text: (s: Summary) => string) => (e: PanelEvent) => {
    const s = of(e.event.id)?.summary
    return s ? text(s) : unreadable
  }
  switch (section) {
    case 'overview':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Eventos', formatCount(events.length)],
              ['Inscritos', formatCount(totals.inscritos)],
              ['Pagamentos confirmados', formatCount(totals.pagos)],
              ['Receita', formatMoney(totals.valorPago)],
            ]}
          />
          <Rows events={events} label="Eventos" figure={(e) => [roleLabels[e.role], e.event.status.trim()].filter(Boolean).join(' · ')} action="Gerenciar" to={(id) => workspace(id)} />
        </div>
      )
    case 'inscricoes':
      return (
        <Rows
          events={events}
          label="Inscrições por evento"
          figure={fromSummary((s) => `${formatCount(s.total)} inscritos · ${formatCount(s.pagos)} pagos`)}
          action="Ver inscritos"
          to={(id) => workspace(id)}
        />
      )
    case 'checkin':
      return (
        <Rows
          events={events}
          label="Retirada de kits por evento"
          figure={fromSummary((s) => `${formatCount(s.kitRetirado)} de ${formatCount(s.total)} kits retirados`)}
          action="Acompanhar retirada"
          to={(id) => workspace(id, 'retirada')}
        />
      )
    case 'resultados':
      return (
        <Rows
          events={events}
          label="Resultados por evento"
          figure={(e) => {
            const sets = of(e.event.id)?.sets
            return sets ? resultSetsText(sets) : unreadable
          }}
          action="Resultados"
          to={(id) => workspace(id, 'resultados')}
        />
      )
    case 'financeiro':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Recebido', formatMoney(totals.valorPago)],
              ['A receber', formatMoney(totals.valorPendente)],
            ]}
          />
          <Rows
            events={events}
            label="Valores por evento"
            figure={fromSummary((s) => `${formatMoney(s.valorPago)} recebidos · ${formatMoney(s.valorPendente)} a receber`)}
            action="Ver inscritos"
            to={(id) => workspace(id)}
          />
        </div>
      )
    case 'config':
      return (
        <Rows
          events={events}
          label="Configurações por evento"
          figure={(e) => `${eventLocation(e.event.local) || fallbacks.local} · seu papel: ${roleLabels[e.role]}`}
          action="Equipe"
          to={(id) => workspace(id, 'equipe')}
          extra={(e) =>
            e.role === 'owner' && (
              <Link to={`/cadastro/${encodeURIComponent(e.event.id)}`} aria-label={`Editar ${titleOf(e.event)}`} className={linkClass}>
                Editar
              </Link>
            )
          }
        />
      )
  }
}

function Stats({ stats }: { stats: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
          <dt className="text-sm text-slate-600">{label}</dt>
          {/* Sums of money run long: on a phone's half-width card they shrink, and wrap before overflowing. */}
          <dd className="mt-1 text-lg font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const linkClass = 'rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50'

type RowsProps = {
  events: readonly PanelEvent[]
  label: string
  figure: (e: PanelEvent) => string
  action: string
  to: (id: string) => string
  extra?: (e: PanelEvent) => ReactNode
}

/** One line per event: its title and date, the section's figure, and the way into its workspace. */
function Rows({ events, label, figure, action, to, extra }: RowsProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {events.map((e) => {
        const titulo = titleOf(e.event)
        return (
          <li key={e.event.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <h3 className="break-words font-bold text-slate-900">{titulo}</h3>
              <p className="text-sm text-slate-600">
                {formatDate(e.event.dataEvento)} · {figure(e)}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {extra?.(e)}
              <Link to={to(e.event.id)} aria-label={`${action}: ${titulo}`} className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800">
                {action}
              </Link>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
