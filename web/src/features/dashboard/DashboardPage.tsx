import { useSearchParams } from '../../app/routing'
import { listAllEvents } from '../../lib/events/eventsApi'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { listWorkEvents } from '../../lib/team/staff'
import { AthletePanel } from './athlete/AthletePanel'
import { OrganizerPanel } from './OrganizerPanel'
import { WorkEvents } from './WorkEvents'
import { TabPanel, Tabs, type Tab } from '../../components/Tabs'

type Panel = 'atleta' | 'organizador'

const panels: readonly Tab<Panel>[] = [
  { id: 'atleta', label: 'Painel do Atleta' },
  { id: 'organizador', label: 'Painel do Organizador' },
]

const idPrefix = 'painel'

/**
 * /dashboard (signed in; the route guard sees to that): any user switches freely between the
 * athlete and the organizer panel, with no role check (docs/requirements.md NAV-14, GUARD-5). It
 * opens on the panel that fits the account — the organizer's when it has events or a team role,
 * else the athlete's (NAV-15) — and a chosen panel lives in the address (?painel=organizador,
 * ?painel=atleta) so a reload or a shared link keeps it.
 */
export function DashboardPage() {
  usePageMeta('dashboard')
  const [params, setParams] = useSearchParams()
  // Both lists serve twice: to pick the panel, and as 'Meus eventos' and 'Eventos em que trabalho'.
  const mine = useResource('my-events', (signal) => listAllEvents({ owner: 'me' }, signal))
  const work = useResource('work-events', listWorkEvents)
  const asked = params.get('painel')
  const panel: Panel | null =
    asked === 'organizador' || asked === 'atleta'
      ? asked
      : fittingPanel(mine.data, work.data, mine.state !== 'loading' && work.state !== 'loading')

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Meu Painel</h1>
      <WorkEvents work={work} />
      {panel === null ? (
        <p role="status" className="py-8 text-center text-slate-600">
          Carregando seu painel...
        </p>
      ) : (
        <>
          <Tabs
            label="Painel"
            idPrefix={idPrefix}
            tabs={panels}
            selected={panel}
            onSelect={(next) => setParams({ painel: next }, { replace: true })}
            look="segmented"
          />
          <TabPanel idPrefix={idPrefix} id={panel}>
            {panel === 'atleta' ? <AthletePanel /> : <OrganizerPanel mine={mine} work={work} />}
          </TabPanel>
        </>
      )}
    </section>
  )
}

/** NAV-15: the organizer's panel for an account with events or a team role; null while unknown. */
function fittingPanel(mine: unknown[] | undefined, work: unknown[] | undefined, known: boolean): Panel | null {
  if (!known) return null
  return (mine?.length ?? 0) > 0 || (work?.length ?? 0) > 0 ? 'organizador' : 'atleta'
}
