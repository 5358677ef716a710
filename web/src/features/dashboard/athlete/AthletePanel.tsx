import { lazy, Suspense, useId, useMemo, useState } from 'react'
import { Link } from '../../../app/routing'
import { SafeImage } from '../../../components/SafeImage'
import type { EventSummary } from '../../../lib/events/event'
import { formatDate, formatDistances } from '../../../lib/text/format'
import { listAllEvents } from '../../../lib/events/eventsApi'
import { useResource } from '../../../lib/platform/resource'
import { categoryOf, fallbacks, titleOf } from '../../../lib/events/eventText'
import { BannerPlaceholder } from '../../../components/BannerPlaceholder'
import { eventLocation } from '../eventText'
import { filterEvents, openUpcomingEvents } from './athleteEvents'

const emptyText = 'Nenhum evento futuro encontrado.'

// Its own chunk: the dashboard's JavaScript is near its budget.
const MyRegistrations = lazy(() => import('./MyRegistrations').then((m) => ({ default: m.MyRegistrations })))
const MyGroups = lazy(() => import('./MyGroups').then((m) => ({ default: m.MyGroups })))

/**
 * 'Painel do Atleta': the athlete's registrations, the groups they coach (GRP-13), and the upcoming
 * events open for registration, from one listing of the API, filtered on the client as the athlete
 * types (docs/requirements.md ATH-1..7).
 */
export function AthletePanel() {
  const events = useResource('athlete-events', (signal) => listAllEvents({ when: 'upcoming', order: 'asc' }, signal))
  const [text, setText] = useState('')
  const searchId = useId()
  const open = useMemo(() => (events.state === 'ready' ? openUpcomingEvents(events.data) : []), [events])
  const shown = useMemo(() => filterEvents(open, text), [open, text])

  return (
    <div className="space-y-10">
      <Suspense
        fallback={
          <p role="status" className="text-slate-600">
            Carregando suas inscrições...
          </p>
        }
      >
        <MyRegistrations />
      </Suspense>
      <Suspense
        fallback={
          <p role="status" className="text-slate-600">
            Carregando seus grupos...
          </p>
        }
      >
        <MyGroups events={open} />
      </Suspense>
      <section aria-labelledby={`${searchId}-titulo`} className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={`${searchId}-titulo`} className="text-xl font-bold text-slate-900">
            Próximos eventos com inscrições abertas
          </h2>
          <div className="flex flex-col gap-1 sm:w-80">
            <label htmlFor={searchId} className="text-sm font-semibold text-slate-700">
              Buscar por nome ou local
            </label>
            <input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Ex.: São Paulo"
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-600"
            />
          </div>
        </div>

        {events.state === 'loading' ? (
          <p role="status" className="py-8 text-center text-slate-600">
            Carregando eventos...
          </p>
        ) : shown.length === 0 ? (
          // A failed fetch was logged by useResource; the athlete sees the empty text (ATH-7).
          <p role="status" className="py-8 text-center text-slate-600">
            {emptyText}
          </p>
        ) : (
          <>
            <p role="status" className="sr-only">
              {shown.length === 1 ? '1 evento encontrado' : `${shown.length} eventos encontrados`}
            </p>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((e) => (
                <li key={e.id}>
                  <AthleteEventCard event={e} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}

function AthleteEventCard({ event }: { event: EventSummary }) {
  const banner = event.banners.desktop || event.banners.mobile
  const distances = formatDistances(event.distances)
  return (
    <Link
      to={`/event/${encodeURIComponent(event.id)}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      {banner ? (
        // The whole banner, in its own proportions: organizers draw text on it that a crop would cut.
        // width and height hold the usual 5:2 box until the picture says its own.
        <SafeImage
          src={banner}
          alt=""
          width={1600}
          height={640}
          sizes="(min-width: 640px) 50vw, 100vw"
          loading="lazy"
          className="h-auto w-full"
        />
      ) : (
        <BannerPlaceholder categoria={categoryOf(event)} className="aspect-[5/2] w-full" />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-lg font-bold text-slate-900 group-hover:text-brand-800">{titleOf(event)}</h3>
        <p className="text-sm text-slate-600">{eventLocation(event.local) || fallbacks.local}</p>
        <p className="text-sm font-semibold text-slate-800">{formatDate(event.dataEvento)}</p>
        {distances && <p className="text-sm text-brand-800">{distances}</p>}
      </div>
    </Link>
  )
}
