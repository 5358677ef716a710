import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useSearchParams } from '../../app/routing'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { EventCard } from './components/EventCard'
import { EventFilters } from './components/EventFilters'
import { formatCount, isUpcoming } from '../../lib/text/format'
import { initialData } from '../../lib/platform/initialData'
import {
  filterEvents,
  firstCards,
  hasFilters,
  initialEvents,
  loadAllEvents,
  readFilters,
  soonestEvents,
  splitByDate,
  usePlaceNames,
  type Filters,
} from './eventList'

const tabs = [
  { key: 'proximos', label: 'Próximos Eventos' },
  { key: 'anteriores', label: 'Eventos Anteriores' },
] as const
type TabKey = (typeof tabs)[number]['key']

/** The home page: the events list with its two tabs (HOME-1..16), search and filters in the URL. */
export function EventsPage() {
  usePageMeta('home')
  const [params, setParams] = useSearchParams()
  const tab: TabKey = params.get('aba') === 'anteriores' ? 'anteriores' : 'proximos'
  const filters = readFilters(params)
  const placeNames = usePlaceNames(filters.q.trim() !== '')
  // A search the words alone do not answer may still name a place: no verdict until the names are here.
  const namesPending = filters.q.trim() !== '' && placeNames === undefined
  const events = useResource('events', loadAllEvents, initialEvents)
  // The plain address comes with its first cards only: they show while the whole list loads.
  const [hasSoonest] = useState(() => initialData(soonestEvents.path) !== undefined)
  const soonest = useResource(hasSoonest ? 'soonest' : null, loadAllEvents, soonestEvents)
  const split = useMemo(() => (events.state === 'ready' ? splitByDate(events.data) : null), [events])
  const firstPage =
    events.state === 'loading' && soonest.state === 'ready' && tab === 'proximos' && !hasFilters(filters)
      ? soonest.data.filter((e) => isUpcoming(e.dataEvento)) // already soonest first, ties by id as the whole list
      : null

  // Every change replaces the history entry: Back leaves the list instead of undoing keystrokes,
  // and returning from an event restores the tab and filters from the address.
  function update(changes: Partial<Filters> & { aba?: TabKey }) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(changes)) {
          if (v && !(k === 'aba' && v === 'proximos')) next.set(k, v)
          else next.delete(k)
        }
        return next
      },
      { replace: true },
    )
  }

  // The address of a tab: this one's search and filters, and the tab.
  function tabPath(aba: TabKey) {
    const next = new URLSearchParams(params)
    if (aba === 'proximos') next.delete('aba')
    else next.set('aba', aba)
    const query = next.toString()
    return query ? `/?${query}` : '/'
  }

  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([])
  function onTabKey(e: KeyboardEvent, index: number) {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    e.preventDefault()
    const next = (index + delta + tabs.length) % tabs.length
    update({ aba: tabs[next]!.key })
    tabRefs.current[next]?.focus()
  }

  const list = split
    ? filterEvents(tab === 'proximos' ? split.upcoming : split.past, filters, placeNames)
    : (firstPage ?? [])
  // The cards shown of this tab and search: another tab or search starts again from the first ones.
  const listKey = `${tab}?${params.toString()}`
  const [shown, setShown] = useState({ key: listKey, count: firstCards })
  if (shown.key !== listKey) setShown({ key: listKey, count: firstCards }) // adjusted while rendering, as React advises
  const count = shown.key === listKey ? shown.count : firstCards
  const cards = list.slice(0, count)

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 pb-6 pt-8 sm:pb-10 sm:pt-14">
          <p className="text-xs font-bold uppercase tracking-widest text-brand-100 sm:text-sm">
            Corridas e pedais em todo o Brasil
          </p>
          <h1 className="mt-2 max-w-2xl text-3xl font-extrabold tracking-tight sm:text-5xl">
            Encontre sua próxima prova
          </h1>
          <p className="mt-3 hidden max-w-xl text-brand-50/90 sm:block sm:text-lg">
            Corrida de rua, trail running, ciclismo, duathlon e triathlon: kits, percursos, preços e resultados
            oficiais.
          </p>
          <EventFilters filters={filters} onChange={update} />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-8" aria-label="Lista de eventos">
        <div
          role="tablist"
          aria-label="Eventos"
          className="inline-flex w-full rounded-full bg-slate-200/70 p-1 sm:w-auto"
        >
          {tabs.map((t, i) => {
            const selected = t.key === tab
            return (
              <Link
                key={t.key}
                ref={(el) => {
                  tabRefs.current[i] = el
                }}
                // A real link: on a page the server drew, a tap shows the other list before the app runs.
                to={tabPath(t.key)}
                replace
                role="tab"
                id={`aba-${t.key}`}
                aria-selected={selected}
                aria-controls={`painel-${t.key}`}
                tabIndex={selected ? 0 : -1}
                onKeyDown={(e) => onTabKey(e, i)}
                className={`flex-1 whitespace-nowrap rounded-full px-3 py-2.5 text-sm font-bold transition sm:flex-none sm:px-6 ${
                  selected ? 'bg-white text-brand-800 shadow' : 'text-slate-700 hover:text-brand-800'
                }`}
              >
                {t.label}
              </Link>
            )
          })}
        </div>

        <div role="tabpanel" id={`painel-${tab}`} aria-labelledby={`aba-${tab}`} className="mt-6">
          {(events.state === 'loading' && !firstPage) ||
          (events.state === 'ready' && list.length === 0 && namesPending) ? (
            <p role="status" className="py-16 text-center text-slate-600">
              Carregando eventos...
            </p>
          ) : list.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <p className="text-lg font-bold text-slate-800">Nenhum evento encontrado.</p>
              <p role={events.state === 'error' ? 'alert' : undefined} className="mt-2 text-slate-600">
                {events.state === 'error'
                  ? 'Não foi possível carregar os eventos agora. Tente novamente em instantes.'
                  : hasFilters(filters)
                    ? 'Tente outra busca ou limpe os filtros.'
                    : tab === 'proximos'
                      ? 'Novas provas são publicadas em breve.'
                      : 'Os eventos realizados aparecerão aqui.'}
              </p>
            </div>
          ) : (
            <>
              <p className="sr-only" aria-live="polite">
                {firstPage ? '' : list.length === 1 ? '1 evento' : `${list.length} eventos`}
              </p>
              <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {cards.map((e, i) => (
                  <EventCard key={e.id} event={e} past={tab === 'anteriores'} first={i === 0} />
                ))}
              </ul>
              {list.length > cards.length && (
                <div className="mt-8 flex flex-col items-center gap-2">
                  <p className="text-sm text-slate-600">
                    Mostrando {formatCount(cards.length)} de {formatCount(list.length)} eventos
                  </p>
                  <button
                    type="button"
                    onClick={() => setShown({ key: listKey, count: count + firstCards })}
                    className="min-h-11 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
                  >
                    Mostrar mais eventos
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </section>
    </>
  )
}
