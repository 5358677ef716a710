import type { Event } from '../../../lib/events/event'
import { eventToday, formatMoney } from '../../../lib/text/format'
import { currentLot, externalSiteLabel, registrationOf } from '../eventDisplay'
import { ExternalIcon } from '../../../components/icons'
import { Link } from '../../../app/routing'
import { useInBrowser } from '../../../lib/platform/inBrowser'
import { lazy, Suspense } from 'react'

// An event Pelotão sells shows the server's price (REG-78), with code loaded only for it, in the
// browser only (the server's renderer cannot wait for it).
const OfferBarPrice = lazy(async () => ({ default: (await import('./OfferPrices')).OfferBarPrice }))

/**
 * EVT-32: on a phone the sidebar's 'Inscreva-se Agora' is far down the page, so a bar at the bottom
 * keeps registration in reach, with what it costs today. It is sticky, not fixed: it ends where the
 * event's page ends and holds its own room there, so it never covers the last content nor the
 * footer. Only for an event open for registration, which a past one never is (TRUTH-1); from
 * 768 px the sidebar is in view. Its text holds two lines' room from the server's markup, so the
 * price that arrives later moves nothing (TRUTH-4).
 */
export function RegistrationBar({ event }: { event: Event }) {
  const registration = registrationOf(event)
  const inBrowser = useInBrowser()
  if (!registration.open) return null
  const price = priceOf(event.inscricoes, eventToday(event))
  const className =
    'shrink-0 rounded-full bg-orange-700 px-5 py-2.5 font-extrabold text-white shadow-md hover:bg-orange-800'
  return (
    <section
      aria-label="Inscrição"
      className="sticky bottom-0 z-30 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur md:hidden"
    >
      <p className="min-h-12 min-w-0 text-sm leading-tight text-slate-700">
        {event.inscricoes.modo === 'pelotao'
          ? inBrowser && (
              <Suspense fallback={null}>
                <OfferBarPrice eventId={event.id} />
              </Suspense>
            )
          : price && (
              <>
                <span className="block truncate">{price.label}</span>
                <span className="text-lg font-extrabold text-brand-800">{price.value}</span>
              </>
            )}
      </p>
      {registration.here ? (
        <Link to={registration.href} className={className}>
          Inscreva-se
        </Link>
      ) : (
        <a
          href={registration.href}
          target="_blank"
          rel="noopener noreferrer"
          className={`${className} inline-flex items-center gap-1.5`}
        >
          Inscreva-se <ExternalIcon label={externalSiteLabel} />
        </a>
      )}
    </section>
  )
}

/** The current lot's name and price on today (the event's own day), or the cheapest kit's; nothing for a price given as text. */
function priceOf(inscricoes: Event['inscricoes'], today: string): { label: string; value: string } | null {
  if (inscricoes.tipoPreco === 'lotes') {
    const lot = currentLot(inscricoes.lotes, today)
    return lot ? { label: lot.nome.trim() || 'Lote atual', value: formatMoney(lot.valor) } : null
  }
  if (inscricoes.tipoPreco === 'kit') {
    const values = inscricoes.precosPorKit.map((p) => p.valor).filter((v): v is number => v != null)
    return values.length > 0 ? { label: 'A partir de', value: formatMoney(Math.min(...values)) } : null
  }
  return null
}
