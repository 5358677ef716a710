import { MyEvents } from './my-events/MyEvents'
import { OrganizerPrototype } from './prototype/OrganizerPrototype'

/** 'Painel do Organizador': the user's real events, then the spec's prototype on sample data. */
export function OrganizerPanel() {
  return (
    <div className="space-y-12">
      <MyEvents />
      <OrganizerPrototype />
    </div>
  )
}
