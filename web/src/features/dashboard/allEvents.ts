import type { EventSummary } from '../../lib/event'
import { listEvents, type EventQuery } from '../../lib/eventsApi'

/** Every event matching the query: the API pages its answer, so follow the cursor to the end. */
export async function listAllEvents(query: Omit<EventQuery, 'cursor'>, signal?: AbortSignal): Promise<EventSummary[]> {
  const events: EventSummary[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await listEvents({ ...query, cursor }, signal)
    events.push(...page.events)
    cursor = page.nextCursor
    // A cursor seen before would loop forever; stop rather than trust it.
    if (cursor !== undefined && seen.has(cursor)) break
    if (cursor !== undefined) seen.add(cursor)
  } while (cursor)
  return events
}
