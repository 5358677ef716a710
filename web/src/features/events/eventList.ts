// The home page's list: every event in one query (HOME-3), split into upcoming and past on the
// client by the São Paulo date (HOME-6), then narrowed by the visitor's search and filters.
import type { EventSummary } from '../../lib/events/event'
import { initialEventList, listAllEvents } from '../../lib/events/eventsApi'
import { isUpcoming, parseCalendarDate, todayISO } from '../../lib/text/format'
import { useEffect, useState } from 'react'
import { matchesTerms, searchTerms } from '../../lib/events/eventSearch'
import type { PlaceNames } from '../../lib/events/placeNames'
import { foldText } from '../../lib/text/textFold'

/**
 * GET /api/events (dataEvento descending) to its end, in the API's largest pages so that it usually
 * takes one request. The spec lists all events and splits them here rather than asking the server
 * for when=upcoming|past, so that one answer fills both tabs and switching tabs costs no request.
 */
export function loadAllEvents(signal?: AbortSignal): Promise<EventSummary[]> {
  return listAllEvents(homeQuery, signal)
}

const homeQuery = { limit: 500 }

/**
 * The home page's whole list as the server embeds it in a page whose address has a search or a
 * tab (every page merged into one answer, internal/site/head.go homeEventsPath).
 */
export const initialEvents = initialEventList(homeQuery)

/**
 * How many cards the home page draws first, and how many more each 'Mostrar mais eventos' adds
 * (EventsPage): drawing hundreds of cards at once held a phone's main thread for seconds. 24 fills
 * whole rows of 1, 2, 3 and 4 columns.
 */
export const firstCards = 24

/**
 * The first cards of the home page's plain address, 'Próximos Eventos' with no search: the soonest
 * upcoming events, which the server embeds instead of the whole list (soonestEventsPath), so the page
 * arrives small and draws at once while the whole list loads.
 */
export const soonestEvents = initialEventList({ when: 'upcoming', order: 'asc', limit: firstCards })

export type Split = { upcoming: EventSummary[]; past: EventSummary[] }

/**
 * Upcoming: dated today (São Paulo) or later, soonest first, then the undated ones (HOME-7, HOME-8).
 * Past: in the order given, which is the API's dataEvento descending (HOME-9).
 */
export function splitByDate(events: EventSummary[], today: string = todayISO()): Split {
  const upcoming: EventSummary[] = []
  const past: EventSummary[] = []
  for (const e of events) (isUpcoming(e.dataEvento, today) ? upcoming : past).push(e)
  // Reversed first: events of the same day then keep the API's ascending order (id ascending).
  upcoming.reverse().sort((a, b) => {
    const [x, y] = [sortKey(a), sortKey(b)]
    return x < y ? -1 : x > y ? 1 : 0
  })
  return { upcoming, past }
}

// Undated events sort after every date ("~" follows the digits in code-point order).
function sortKey(e: EventSummary) {
  return parseCalendarDate(e.dataEvento) ? e.dataEvento.slice(0, 10) : '~'
}

export type Filters = { q: string; categoria: string; uf: string }

export const emptyFilters: Filters = { q: '', categoria: '', uf: '' }

export function readFilters(params: URLSearchParams): Filters {
  return { q: params.get('q') ?? '', categoria: params.get('categoria') ?? '', uf: params.get('uf') ?? '' }
}

export function hasFilters(f: Filters) {
  return f.q.trim() !== '' || f.categoria !== '' || f.uf !== ''
}

/**
 * Keeps the events that match every filter. The search ignores accents and case, and every word
 * must appear in the title, venue, city or state, as in the API's q ('sao paulo' finds 'São Paulo');
 * with the place names loaded, a state's name or a city's nickname also finds the events there
 * ('paraná' finds Curitiba, 'floripa' Florianópolis: lib/events/eventSearch).
 */
export function filterEvents(events: EventSummary[], f: Filters, names?: PlaceNames | null): EventSummary[] {
  const terms = searchTerms(f.q, names)
  const uf = f.uf.toUpperCase()
  return events.filter((e) => {
    if (f.categoria && e.categoria !== f.categoria) return false
    if (uf && e.local.estado.toUpperCase() !== uf) return false
    if (terms.length === 0) return true
    return matchesTerms(
      foldText([e.titulo, e.local.local, e.local.cidade, e.local.estado].join(' ')),
      e.local.estado,
      terms,
    )
  })
}

let placeNames: PlaceNames | undefined
let placeNamesFailed = false

/**
 * The place names, loaded the first time a search is typed (or arrives in the address): the page's
 * first render, the server's included, searches by the words alone, and the list answers again once
 * they are here. undefined while they load; null when they could not be loaded (the words alone
 * answer then).
 */
export function usePlaceNames(wanted: boolean): PlaceNames | null | undefined {
  const [names, setNames] = useState(placeNamesFailed ? null : placeNames)
  useEffect(() => {
    if (!wanted || names !== undefined) return
    let live = true
    import('../../lib/events/placeNames').then(
      (m) => {
        placeNames ??= m.buildPlaceNames()
        if (live) setNames(placeNames)
      },
      (err: unknown) => {
        console.error(err)
        placeNamesFailed = true
        if (live) setNames(null)
      },
    )
    return () => {
      live = false
    }
  }, [wanted, names])
  return names
}
