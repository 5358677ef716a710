import { lazy, Suspense, type KeyboardEvent } from 'react'
import { Link } from '../../../app/routing'
import { eventDefaults, fusosHorarios, type Event } from '../../../lib/events/event'
import {
  dateFallbacks,
  eventToday,
  formatDate,
  formatLongDate,
  formatMoney,
  isUpcoming,
} from '../../../lib/text/format'
import { fallbacks, regulationUrl, titleOf } from '../../../lib/events/eventText'
import { useInBrowser } from '../../../lib/platform/inBrowser'
import { useResource } from '../../../lib/platform/resource'
import {
  initialSetStatuses,
  listSetStatuses,
  noResultsYet,
  publishedResults,
  resultsLinkLabel,
} from '../resultStatuses'
import {
  calendarFileUrl,
  earliestStart,
  eventPageUrl,
  externalSiteLabel,
  googleCalendarUrl,
  mapUrl,
  registrationOf,
  soldElsewhere,
  soldHere,
} from '../eventDisplay'
import { CalendarIcon, ExternalIcon, FileIcon, PinIcon } from '../../../components/icons'
import { ShareButtons } from '../../../components/ShareButtons'

// Only an event Pelotão sells asks the server for its offer: the code for it loads with it (REG-78),
// in the browser only — the server's renderer cannot wait for it, and would give up the whole page.
const OfferPrices = lazy(async () => ({ default: (await import('./OfferPrices')).OfferPrices }))

export const consentLine = 'Ao se inscrever, você declara que leu e concorda com o regulamento do evento.'

/** Prices, date and time, venue, regulation, the consent line and the registration button (EVT-23..31). */
/**
 * The label of the event's zone when it is not Horário de Brasília (REG-220): its times (largada, kit
 * pickup) are written on that clock, which a visitor from elsewhere should be told; '' otherwise.
 */
function clockOf(event: Pick<Event, 'fusoHorario'>): string {
  if (!event.fusoHorario || event.fusoHorario === eventDefaults.fusoHorario) return ''
  return fusosHorarios.find((f) => f.zona === event.fusoHorario)?.nome ?? ''
}

export function EventSidebar({ event }: { event: Event }) {
  const start = earliestStart(event.largadas)
  const regulation = regulationUrl(event)
  const map = mapUrl(event.local)
  const upcoming = isUpcoming(event.dataEvento, eventToday(event))
  const zone = clockOf(event)
  // A past date has nothing left to put in a calendar (EVT-33).
  const calendar = upcoming ? googleCalendarUrl(event, eventPageUrl(event.id)) : ''
  const inBrowser = useInBrowser()
  const { local, endereco, cidade, estado } = event.local
  const place = [cidade.trim(), estado.trim()].filter(Boolean).join(' - ')
  const hasPlace = Boolean(local.trim() || endereco.trim() || place)

  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200">
      <div className="bg-gradient-to-r from-brand-800 to-brand-700 px-5 py-4 text-white">
        <h2 className="text-lg font-extrabold">Inscrições</h2>
      </div>
      <div className="space-y-5 p-5">
        {event.inscricoes.modo === 'pelotao' ? (
          inBrowser && (
            <Suspense fallback={null}>
              <OfferPrices eventId={event.id} />
            </Suspense>
          )
        ) : (
          <Prices inscricoes={event.inscricoes} />
        )}

        <div className="space-y-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
          <div className="flex gap-3">
            <CalendarIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <div>
              <h3 className="text-xs font-bold uppercase tracking-wide text-slate-500">Data e horário</h3>
              <p className="font-semibold text-slate-900">{formatLongDate(event.dataEvento)}</p>
              {start && <p className="text-sm text-slate-600">Largada às {start}</p>}
              {zone && <p className="text-sm text-slate-600">Horários no fuso {zone}</p>}
              {calendar && (
                <p className="mt-1 flex flex-wrap gap-x-3 text-sm font-bold">
                  <a
                    href={calendarFileUrl(event.id)}
                    download
                    className="text-brand-700 underline-offset-4 hover:underline"
                  >
                    Adicionar ao calendário
                  </a>
                  <a
                    href={calendar}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                  >
                    Google Agenda
                    <ExternalIcon />
                  </a>
                </p>
              )}
            </div>
          </div>
          <div className="flex gap-3">
            <PinIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <div className="min-w-0">
              <h3 className="text-xs font-bold uppercase tracking-wide text-slate-500">Local</h3>
              {hasPlace ? (
                <>
                  {local.trim() && <p className="font-semibold text-slate-900">{local}</p>}
                  {endereco.trim() && <p className="text-sm text-slate-600">{endereco}</p>}
                  {place && <p className="text-sm text-slate-600">{place}</p>}
                </>
              ) : (
                <p className="font-semibold text-slate-900">{fallbacks.local}</p>
              )}
              {map && (
                <a
                  href={map}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-1 text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
                >
                  Ver no mapa
                  <ExternalIcon />
                </a>
              )}
            </div>
          </div>
          {regulation && (
            <div className="flex gap-3">
              <FileIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-xs font-bold uppercase tracking-wide text-slate-500">Regulamento</h3>
                <a
                  href={regulation}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
                >
                  Ler o regulamento
                </a>
              </div>
            </div>
          )}
        </div>

        <div className="border-t border-slate-100 pt-5">
          <p className="text-xs leading-relaxed text-slate-600">{consentLine}</p>
          <RegistrationButton event={event} />
          {!upcoming && <ResultsLink event={event} />}
          <ShareButtons title={titleOf(event)} url={eventPageUrl(event.id)} />
        </div>
      </div>
    </div>
  )
}

/** A past event's way to its results, named by what they are: official or preliminary (EVT-33). */
function ResultsLink({ event }: { event: Event }) {
  const sets = useResource(
    `resultStatuses:${event.id}`,
    (signal) => listSetStatuses(event.id, signal),
    initialSetStatuses(event.id),
  )
  const label = resultsLinkLabel(sets.data && publishedResults(sets.data, event.modalidades))
  const className =
    'mt-3 flex items-center justify-center gap-2 rounded-full border-2 px-6 py-2.5 text-sm font-extrabold'
  // While the sets are read (the server's page comes with them), the link's room, not yet a link.
  if (sets.state === 'loading')
    return (
      <span aria-hidden="true" className={`${className} invisible border-transparent`}>
        {label}
      </span>
    )
  // No results yet: said, not linked to an empty page (EVT-34).
  if (label === null) return <p className={`${className} border-slate-200 text-slate-600`}>{noResultsYet}</p>
  return (
    <Link
      to={`/resultado/${encodeURIComponent(event.id)}`}
      className={`${className} border-brand-700 text-brand-700 hover:bg-brand-50`}
    >
      <FileIcon className="h-4 w-4 shrink-0" />
      {label}
    </Link>
  )
}

function Prices({ inscricoes }: { inscricoes: Event['inscricoes'] }) {
  const { tipoPreco, lotes, precosPorKit, textoPreco, periodo } = inscricoes
  const hasPeriod = Boolean(periodo.inicio.trim() || periodo.fim.trim())
  let prices = null
  if (tipoPreco === 'lotes' && lotes.length > 0) {
    prices = (
      <ul className="divide-y divide-slate-100">
        {lotes.map((l, i) => (
          <li key={i} className="flex items-baseline justify-between gap-3 py-2">
            <span>
              <span className="block font-semibold text-slate-900">{l.nome}</span>
              <span className="text-xs text-slate-500">
                {l.dataLimite.trim() ? `até ${formatDate(l.dataLimite)}` : dateFallbacks.secondaryMissing}
              </span>
            </span>
            <span className="whitespace-nowrap text-lg font-extrabold text-brand-800">{formatMoney(l.valor)}</span>
          </li>
        ))}
      </ul>
    )
  } else if (tipoPreco === 'kit' && precosPorKit.length > 0) {
    prices = (
      <ul className="divide-y divide-slate-100">
        {precosPorKit.map((p, i) => (
          <li key={i} className="flex items-baseline justify-between gap-3 py-2">
            <span className="font-semibold text-slate-900">{p.kitNome}</span>
            <span className="whitespace-nowrap text-lg font-extrabold text-brand-800">{formatMoney(p.valor)}</span>
          </li>
        ))}
      </ul>
    )
  } else if (tipoPreco === 'texto' && textoPreco.trim()) {
    prices = <p className="whitespace-pre-line text-slate-800">{textoPreco}</p>
  }
  if (!prices && !hasPeriod) return null
  return (
    <div className="space-y-3">
      {prices && (
        <div>
          <h3 className="text-xs font-bold uppercase tracking-wide text-slate-500">Valores</h3>
          {prices}
        </div>
      )}
      {hasPeriod && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-semibold">Período de inscrições:</span>{' '}
          {formatDate(periodo.inicio, dateFallbacks.secondaryMissing)} a{' '}
          {formatDate(periodo.fim, dateFallbacks.secondaryMissing)}
        </p>
      )}
    </div>
  )
}

const buttonClass =
  'mt-3 flex w-full items-center justify-center gap-2 rounded-full px-6 py-3.5 text-base font-extrabold'

/**
 * EVT-28..30. Open: a link to the purchase page in a new tab, with the role of the button the spec
 * describes (Space activates it like one). Otherwise a disabled button that shows the status.
 */
export function RegistrationButton({ event }: { event: Parameters<typeof registrationOf>[0] }) {
  const registration = registrationOf(event)
  if (!registration.open) {
    return (
      <button type="button" disabled className={`${buttonClass} cursor-not-allowed bg-slate-200 text-slate-600`}>
        {registration.label}
      </button>
    )
  }
  const props = {
    role: 'button',
    onKeyDown: (e: KeyboardEvent<HTMLAnchorElement>) => {
      if (e.key === ' ') {
        e.preventDefault()
        e.currentTarget.click()
      }
    },
    className: `${buttonClass} bg-orange-700 text-white shadow-md transition hover:bg-orange-800`,
  }
  // The form of an event Pelotão sells opens in the same tab (REG-78); another platform's page in a
  // new one, and the button and the line below say so (REG-273).
  return registration.here ? (
    <>
      <Link to={registration.href} {...props}>
        Inscreva-se Agora
      </Link>
      <p className={whereClass}>{soldHere}</p>
    </>
  ) : (
    <>
      <a href={registration.href} target="_blank" rel="noopener noreferrer" {...props}>
        Inscreva-se Agora <ExternalIcon className="h-5 w-5 shrink-0" label={externalSiteLabel} />
      </a>
      <p className={whereClass}>{soldElsewhere}</p>
    </>
  )
}

const whereClass = 'mt-2 text-center text-sm text-slate-600'
