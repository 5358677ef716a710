import { useMemo, useState } from 'react'
import type { EventSummary } from '../../lib/events/event'
import type { Resource } from '../../lib/platform/resource'
import type { WorkEvent } from '../../lib/team/staff'
import { MyEvents } from './my-events/MyEvents'
import { OrganizerOverview } from './organizer/OrganizerOverview'
import { panelEvents } from './organizer/panelEvents'
import { OrganizerPrototype } from './prototype/OrganizerPrototype'

type Props = { mine: Resource<EventSummary[]>; work: Resource<WorkEvent[]> }

/**
 * 'Painel do Organizador': the user's real events ('Meus eventos'), then the panel's six tabs on
 * them and the events they manage (ORG-13); an account with none yet gets the spec's prototype on
 * sample data instead, to see how it works (ORG-1..11).
 */
export function OrganizerPanel({ mine, work }: Props) {
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set())
  const events = useMemo(
    () =>
      mine.state === 'ready' && work.state !== 'loading'
        ? panelEvents(
            mine.data.filter((e) => !deleted.has(e.id)),
            work.data ?? [],
          )
        : null,
    [mine, work, deleted],
  )
  return (
    <div className="space-y-12">
      <MyEvents mine={mine} onDeleted={(id) => setDeleted((before) => new Set(before).add(id))} />
      {events && (events.length > 0 ? <OrganizerOverview events={events} /> : <OrganizerPrototype />)}
    </div>
  )
}
