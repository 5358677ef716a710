import { lazy, Suspense, useState } from 'react'
import type { EventSummary } from '../../lib/events/event'
import type { Resource } from '../../lib/platform/resource'
import type { WorkEvent } from '../../lib/team/staff'
import { MyEvents } from './my-events/MyEvents'

// Each account sees one of the two: they load when the panel opens, so the dashboard's first
// download carries neither (docs/budgets.md).
const OrganizerOverview = lazy(() =>
  import('./organizer/OrganizerOverview').then((m) => ({ default: m.OrganizerOverview })),
)
const OrganizerPrototype = lazy(() =>
  import('./prototype/OrganizerPrototype').then((m) => ({ default: m.OrganizerPrototype })),
)

type Props = { mine: Resource<EventSummary[]>; work: Resource<WorkEvent[]> }

/**
 * 'Painel do Organizador': the user's real events ('Meus eventos'), then the panel's six tabs on
 * every event they own or work on (ORG-13, ORG-14); an account with none, on no team, gets the
 * spec's prototype on sample data instead, to see how it works (ORG-1..11).
 */
export function OrganizerPanel({ mine, work }: Props) {
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set())
  const known = mine.state === 'ready' && work.state !== 'loading'
  const hasEvents = known && (mine.data.some((e) => !deleted.has(e.id)) || (work.data?.length ?? 0) > 0)
  return (
    <div className="space-y-12">
      <MyEvents mine={mine} onDeleted={(id) => setDeleted((before) => new Set(before).add(id))} />
      {known && (
        <Suspense
          fallback={
            <p role="status" className="text-slate-600">
              Carregando...
            </p>
          }
        >
          {hasEvents ? <OrganizerOverview version={deleted.size} /> : <OrganizerPrototype />}
        </Suspense>
      )}
    </div>
  )
}
