import { useSearchParams } from '../../app/routing'
import { usePageMeta } from '../../lib/pageMeta'
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
 * athlete and the organizer panel, with no role check (docs/requirements.md NAV-14, NAV-15, GUARD-5).
 * The choice lives in the address (?painel=organizador) so a reload or a shared link keeps it.
 */
export function DashboardPage() {
  usePageMeta('dashboard')
  const [params, setParams] = useSearchParams()
  const panel: Panel = params.get('painel') === 'organizador' ? 'organizador' : 'atleta'

  function select(next: Panel) {
    setParams(next === 'atleta' ? {} : { painel: next }, { replace: true })
  }

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Meu Painel</h1>
      <WorkEvents />
      <Tabs label="Painel" idPrefix={idPrefix} tabs={panels} selected={panel} onSelect={select} look="segmented" />
      <TabPanel idPrefix={idPrefix} id={panel}>
        {panel === 'atleta' ? <AthletePanel /> : <OrganizerPanel />}
      </TabPanel>
    </section>
  )
}
