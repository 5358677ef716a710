import { Link } from '../../../app/routing'
import { SafeImage } from '../../../components/SafeImage'
import { openStatus, type EventSummary } from '../../../lib/events/event'
import { formatDate, formatDistances } from '../../../lib/text/format'
import { bannerFor, categoryOf, cityOf, titleOf, venueOf } from '../../../lib/events/eventText'
import { BannerPlaceholder } from '../../../components/BannerPlaceholder'
import { eventCardSizes } from '../../../lib/platform/images'
import { CalendarIcon, PinIcon } from '../../../components/icons'
import { noResultsYet, resultsLinkLabel } from '../resultStatuses'

/**
 * first: the card's picture is the page's largest paint, so it loads at once and before anything
 * else (the server's markup preloads it); the others load as they near the screen.
 */
type Props = { event: EventSummary; past: boolean; first: boolean }

/**
 * One event in the home grid: upcoming events open their page, past ones their results (HOME-12),
 * which it names by what is published, or says are not yet (HOME-19).
 */
export function EventCard({ event, past, first }: Props) {
  const title = titleOf(event)
  const src = bannerFor(event.banners, 'desktop')
  const distances = formatDistances(event.distances)
  // A past card says what its event has published, as the event's page does (HOME-19, EVT-33).
  const call = past ? resultsLinkLabel(event.resultados) : 'Ver evento'
  // A card off screen is neither laid out nor painted until it nears the screen (content-visibility):
  // on a phone one card of 24 is on screen, and laying out all of them as the page arrived held the
  // main thread. 340 px is about a card's height at any width; `auto` keeps its real height once drawn.
  return (
    <li className="[contain-intrinsic-size:auto_340px] [content-visibility:auto]">
      <Link
        to={past ? `/resultado/${encodeURIComponent(event.id)}` : `/event/${encodeURIComponent(event.id)}`}
        className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-brand-600/40"
      >
        {/* The whole banner, never cropped: organizers draw the race's name and date on it (TRUTH-3). */}
        <div className="aspect-[5/2] overflow-hidden bg-slate-800">
          {src ? (
            <SafeImage
              src={src}
              alt={`Banner de ${title}`}
              width={640}
              height={256}
              sizes={eventCardSizes}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              decoding="async"
              className={`h-full w-full object-contain transition duration-300 group-hover:scale-[1.03] ${past ? 'grayscale-[35%]' : ''}`}
            />
          ) : (
            <BannerPlaceholder categoria={categoryOf(event)} className="h-full" />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="text-xs font-extrabold uppercase tracking-wide text-brand-700">{categoryOf(event)}</span>
            {distances && <span className="text-xs font-semibold text-slate-600">{distances}</span>}
          </div>
          <h2 className="text-lg font-extrabold leading-snug text-slate-900 group-hover:text-brand-700">{title}</h2>
          <p className="flex items-center gap-1.5 text-sm font-bold text-orange-700">
            <CalendarIcon />
            {formatDate(event.dataEvento)}
          </p>
          <p className="text-sm text-slate-700">{venueOf(event.local)}</p>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <PinIcon />
            {cityOf(event.local)}
          </p>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
            {!past && event.status.trim() && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                  event.status === openStatus ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-700'
                }`}
              >
                {event.status}
              </span>
            )}
            {call === null ? (
              <span className="ml-auto text-sm font-semibold text-slate-600">{noResultsYet}</span>
            ) : (
              <span className="ml-auto text-sm font-bold text-brand-700">
                {call} <span aria-hidden="true">→</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  )
}
