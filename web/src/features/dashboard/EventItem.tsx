// A line of the dashboard's lists of events: 'Eventos em que trabalho' and 'Meus eventos'.
import type { ReactNode } from 'react'
import type { EventSummary } from '../../lib/events/event'
import { fallbacks, titleOf } from '../../lib/events/eventText'
import { formatDate } from '../../lib/text/format'
import { eventLocation } from './eventText'

export const eventListClass = 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white'
/** A line's first action, filled. */
export const mainActionClass = 'rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800'
/** A line's other actions, outlined. */
export const actionClass =
  'rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50'

/** The event's title, date and place, then `detail` (the user's role, the event's status); `children` are its actions. */
export function EventItem({ event, detail, children }: { event: EventSummary; detail: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="break-words font-bold text-slate-900">{titleOf(event)}</h3>
        <p className="text-sm text-slate-600">
          {formatDate(event.dataEvento)} · {eventLocation(event.local) || fallbacks.local} · {detail}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
    </li>
  )
}
