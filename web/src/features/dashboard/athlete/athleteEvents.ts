// The athlete panel's rules (docs/requirements.md ATH-2..5), kept apart from React so they can be tested.
import { openStatus, type EventSummary } from '../../../lib/events/event'
import { isUpcoming, parseCalendarDate, todayISO } from '../../../lib/text/format'
import { foldText, matchesWords, searchWords } from '../../../lib/text/textFold'
import { eventLocation } from '../eventText'

/**
 * Upcoming events (today in São Paulo or later) open for registration, soonest first; an event
 * without a usable date counts as upcoming and goes last (HOME-7).
 */
export function openUpcomingEvents(events: EventSummary[], today: string = todayISO()): EventSummary[] {
  // '~' sorts after every digit in code-unit order, which is the order of ISO dates.
  const sortKey = (e: EventSummary) => (parseCalendarDate(e.dataEvento) ? e.dataEvento.slice(0, 10) : '~')
  return events
    .filter((e) => e.status === openStatus && isUpcoming(e.dataEvento, today))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
}

/** Keeps the events whose title or location contains every word of the text, ignoring case and accents (ATH-4, ATH-5). */
export function filterEvents(events: EventSummary[], text: string): EventSummary[] {
  const words = searchWords(text)
  if (words.length === 0) return events
  return events.filter(
    (e) => matchesWords(foldText(e.titulo), words) || matchesWords(foldText(eventLocation(e.local)), words),
  )
}
