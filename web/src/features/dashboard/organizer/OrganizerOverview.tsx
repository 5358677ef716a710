import { useState, type ReactNode } from 'react'
import { Link } from '../../../app/routing'
import { TabPanel, Tabs } from '../../../components/Tabs'
import { fallbacks, titleOf } from '../../../lib/events/eventText'
import { formatCount, formatDate, formatMoney } from '../../../lib/text/format'
import { useResource } from '../../../lib/platform/resource'
import { can, organizerEventPath, roleLabels } from '../../../lib/team/staff'
import { eventLocation } from '../eventText'
import {
  eventsOf,
  loadPanel,
  resultSetsText,
  sectionTabs,
  totalsOf,
  type PanelEvent,
  type PanelMoney,
} from './panelEvents'
import { sections, type Section } from './sections'

const idPrefix = 'gestao'

/** A workspace tab of the event (web/src/features/organizer-event): ?aba=…; its first tab, Inscritos, has none. */
const workspace = (id: string, aba?: string) =>
  aba && aba !== 'inscritos' ? `${organizerEventPath(id)}?aba=${aba}` : organizerEventPath(id)

/**
 * The organizer panel's six tabs on the account's real events (ORG-13, ORG-14): figures across
 * them, read in one request, each row leading to the event's workspace on the matching tab.
 * `version` changes when an event was deleted here, so the figures are read again.
 */
export function OrganizerOverview({ version }: { version: number }) {
  const [section, setSection] = useState<Section>('overview')
  const panel = useResource(`organizer-panel:${version}`, loadPanel)

  return (
    <section aria-labelledby="gestao-titulo" className="space-y-4">
      <h2 id="gestao-titulo" className="text-xl font-bold text-slate-900">
        Gestão dos seus eventos
      </h2>
      <Tabs label="Seções da gestão" idPrefix={idPrefix} tabs={sections} selected={section} onSelect={setSection} />
      <TabPanel idPrefix={idPrefix} id={section}>
        <div className="pt-4">
          {panel.state === 'loading' && (
            <p role="status" className="text-slate-600">
              Carregando números...
            </p>
          )}
          {panel.state === 'error' && (
            <p role="alert" className="text-red-700">
              Não foi possível carregar os números dos seus eventos. Tente novamente.
            </p>
          )}
          {panel.state === 'ready' && <SectionBody section={section} events={eventsOf(section, panel.data)} />}
        </div>
      </TabPanel>
    </section>
  )
}

function SectionBody({ section, events }: { section: Section; events: readonly PanelEvent[] }) {
  if (events.length === 0) return <p className="text-slate-600">Seu papel nos seus eventos não inclui esta seção.</p>
  const totals = totalsOf(events)
  const tab = section === 'overview' ? undefined : sectionTabs[section]
  const rows = (
    label: string,
    figure: (e: PanelEvent) => string,
    action: string,
    extra?: (e: PanelEvent) => ReactNode,
  ) => (
    <Rows events={events} label={label} figure={figure} action={action} to={(id) => workspace(id, tab)} extra={extra} />
  )
  switch (section) {
    case 'overview':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Eventos', formatCount(events.length)],
              ['Inscritos', formatCount(totals.inscritos)],
              ['Pagamentos confirmados', formatCount(totals.pagos)],
              ['Kits retirados', formatCount(totals.kits)],
              ['Resultados publicados', formatCount(totals.oficiais + totals.preliminares)],
              ...(totals.dinheiro ? [['Receita', formatMoney(totals.dinheiro.valorPago)] as [string, string]] : []),
            ]}
          />
          {rows(
            'Eventos',
            (e) =>
              [roleLabels[e.role], e.event.status.trim(), `${formatCount(e.inscritos)} inscritos`]
                .filter(Boolean)
                .join(' · '),
            'Gerenciar',
          )}
        </div>
      )
    case 'inscricoes':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Inscritos', formatCount(totals.inscritos)],
              ['Pagos', formatCount(totals.pagos)],
              ['Não pagos', formatCount(totals.inscritos - totals.pagos)],
            ]}
          />
          {rows(
            'Inscrições por evento',
            (e) => `${formatCount(e.inscritos)} inscritos · ${formatCount(e.pagos)} pagos`,
            'Ver inscritos',
          )}
        </div>
      )
    case 'checkin':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Kits retirados', formatCount(totals.kits)],
              ['Kits a retirar', formatCount(totals.inscritos - totals.kits)],
            ]}
          />
          {rows(
            'Retirada de kits por evento',
            (e) => `${formatCount(e.kitsRetirados)} de ${formatCount(e.inscritos)} kits retirados`,
            'Acompanhar retirada',
          )}
        </div>
      )
    case 'resultados':
      return (
        <div className="space-y-6">
          <Stats
            stats={[
              ['Resultados oficiais', formatCount(totals.oficiais)],
              ['Resultados preliminares', formatCount(totals.preliminares)],
            ]}
          />
          {rows('Resultados por evento', (e) => resultSetsText(e.resultados), 'Resultados')}
        </div>
      )
    case 'financeiro':
      return (
        <div className="space-y-6">
          <MoneyStats money={totals.dinheiro!} />
          {rows('Valores por evento', (e) => moneyText(e.dinheiro!), 'Financeiro')}
        </div>
      )
    case 'config':
      return rows(
        'Configurações por evento',
        (e) => `${eventLocation(e.event.local) || fallbacks.local} · seu papel: ${roleLabels[e.role]}`,
        'Configurações',
        (e) => (
          <>
            {e.role === 'owner' && (
              <Link
                to={`/cadastro/${encodeURIComponent(e.event.id)}`}
                aria-label={`Editar ${titleOf(e.event)}`}
                className={linkClass}
              >
                Editar
              </Link>
            )}
            {can(e.role, 'tab:equipe') && (
              <Link
                to={workspace(e.event.id, 'equipe')}
                aria-label={`Equipe: ${titleOf(e.event)}`}
                className={linkClass}
              >
                Equipe
              </Link>
            )}
          </>
        ),
      )
  }
}

/** What the participants paid and owe (every origin), then the Pix of registrations sold here, as the workspace's Financeiro says. */
function MoneyStats({ money }: { money: PanelMoney }) {
  return (
    <div className="space-y-3">
      <Stats
        stats={[
          ['Recebido dos inscritos', formatMoney(money.valorPago)],
          ['A receber', formatMoney(money.valorPendente)],
        ]}
      />
      <h3 className="font-semibold text-slate-900">Vendas pelo Pelotão (Pix)</h3>
      <Stats
        stats={[
          ['Recebido (bruto)', formatMoney(money.bruto)],
          ['Reembolsado', formatMoney(money.reembolsado)],
          ['Líquido', formatMoney(money.liquido)],
        ]}
      />
    </div>
  )
}

const moneyText = (m: PanelMoney) =>
  [
    `${formatMoney(m.valorPago)} recebidos`,
    `${formatMoney(m.valorPendente)} a receber`,
    ...(m.bruto > 0 ? [`Pix: ${formatMoney(m.liquido)} líquidos`] : []),
  ].join(' · ')

function Stats({ stats }: { stats: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
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

const linkClass =
  'rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50'

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
              <Link
                to={to(e.event.id)}
                aria-label={`${action}: ${titulo}`}
                className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {action}
              </Link>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
