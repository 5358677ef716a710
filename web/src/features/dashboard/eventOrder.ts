// The order the dashboard lists events in: what comes next first (TEAM-9, ORG-13).
import { isUpcoming, parseCalendarDate, todayISO } from '../../lib/text/format'

/**
 * Upcoming events soonest first (today counts), undated ones after them, then past events most
 * recent first: the next event is the one a volunteer or an organizer needs.
 */
export function soonestFirst<T>(items: readonly T[], dateOf: (item: T) => string, today: string = todayISO()): T[] {
  const day = (item: T) => (parseCalendarDate(dateOf(item)) ? dateOf(item).slice(0, 10) : '')
  const upcoming = items.filter((i) => isUpcoming(dateOf(i), today))
  const past = items.filter((i) => !isUpcoming(dateOf(i), today))
  // '' (undated) sorts last among the upcoming; ISO dates compare as text.
  const key = (item: T) => day(item) || '~'
  upcoming.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  past.sort((a, b) => (day(a) > day(b) ? -1 : day(a) < day(b) ? 1 : 0))
  return [...upcoming, ...past]
}
