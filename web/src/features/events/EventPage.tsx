import { useParams } from '../../app/routing'
import { openStatus, type Event } from '../../lib/events/event'
import { formatDate } from '../../lib/text/format'
import { eventPageTitle, usePageMeta } from '../../lib/platform/pageMeta'
import { BackButton } from './components/BackButton'
import { EventBanner } from './components/EventBanner'
import { EventSections } from './components/EventSections'
import { EventSidebar } from './components/EventSidebar'
import { RegistrationBar } from './components/RegistrationBar'
import { shownStatus } from './eventDisplay'
import { CalendarIcon, PinIcon } from '../../components/icons'
import { PageMessage } from '../../components/PageMessage'
import { documentMessages, useEventDocument } from '../../lib/events/eventDocument'
import { categoryOf, cityOf, titleOf } from '../../lib/events/eventText'

/** /event/{eventId}: the event's details (EVT-1..31). */
export function EventPage() {
  const { eventId } = useParams()
  const doc = useEventDocument(eventId)
  usePageMeta(
    'event',
    doc.state === 'ready' && doc.event.titulo.trim()
      ? { title: eventPageTitle('event', doc.event.titulo.trim()) }
      : undefined,
  )

  if (doc.state === 'loading') return <PageMessage loading text="Carregando evento..." />
  if (doc.state !== 'ready') return <PageMessage text={documentMessages[doc.state]} />
  return <EventDetails event={doc.event} />
}

function EventDetails({ event }: { event: Event }) {
  const title = titleOf(event)
  const status = shownStatus(event)
  return (
    <article>
      <EventBanner banners={event.banners} title={title} categoria={categoryOf(event)} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 pt-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <header className="lg:col-start-1">
          <BackButton className="-ml-3 text-slate-700 hover:bg-slate-200/60 hover:text-brand-800" />
          <div className="mt-3 flex flex-wrap gap-2">
            <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
              {categoryOf(event)}
            </span>
            {status.trim() && (
              <span
                className={`rounded-full px-3 py-1 text-xs font-bold ${
                  status === openStatus ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'
                }`}
              >
                {status}
              </span>
            )}
          </div>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-slate-700">
            <span className="inline-flex items-center gap-1.5">
              <CalendarIcon className="h-4 w-4 text-brand-700" />
              {formatDate(event.dataEvento)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <PinIcon className="h-4 w-4 text-brand-700" />
              {cityOf(event.local)}
            </span>
          </p>
        </header>
        <aside aria-label="Inscrições e informações práticas" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-20">
            <EventSidebar event={event} />
          </div>
        </aside>
        <div className="lg:col-start-1">
          <EventSections event={event} />
        </div>
      </div>
      <RegistrationBar event={event} />
    </article>
  )
}
