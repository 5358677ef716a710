// How an event's fields read on the public pages, beyond the shared fallbacks of lib/events/eventText.
import type { Event, Largada, Local, Lote } from '../../lib/events/event'
import { eventToday, isUpcoming, parseCalendarDate, siteTimeZone } from '../../lib/text/format'
import { openStatus, pastStatus, statusesAfterDate } from '../../lib/events/event'
import { safeHref } from '../../lib/events/eventText'
import { siteOrigin } from '../../lib/platform/origin'

/** A Google Maps search for the venue, or '' when nothing about the place is known. */
export function mapUrl(local: Local) {
  const query = [local.local, local.endereco, local.cidade, local.estado]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ')
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : ''
}

/** EVT-26: the earliest start time ("HH:mm" sorts as text), or '' without largadas. */
export function earliestStart(largadas: Largada[]) {
  return (
    largadas
      .map((l) => l.horario.trim())
      .filter(Boolean)
      .sort()[0] ?? ''
  )
}

/**
 * The status the page shows (TRUTH-1): an event whose date has passed is 'Evento Realizado', as an
 * organizer seldom comes back to say so, unless it was cancelled or postponed. The twin of Go's
 * event.ShownStatus; internal/event/testdata/shown_status_cases.json is the table both run.
 */
export function shownStatus(
  e: Pick<Event, 'status' | 'dataEvento'> & { fusoHorario?: string },
  today: string = eventToday(e),
): string {
  return isUpcoming(e.dataEvento, today) || statusesAfterDate.includes(e.status) ? e.status : pastStatus
}

/** `here`: the form of this site (same tab), not another platform's page. */
export type Registration = { open: true; href: string; here?: true } | { open: false; label: string }

/**
 * EVT-28..30: only 'Inscrições Abertas' enables the button: with a purchase link for an event sold
 * elsewhere, or to the registration form of one Pelotão sells (REG-78). The status is the one shown
 * (TRUTH-1): a race already run takes no registration, whatever its document still says.
 */
export function registrationOf(
  e: Pick<Event, 'status' | 'linkCompra' | 'dataEvento'> & {
    id?: string
    fusoHorario?: string
    inscricoes?: Pick<Event['inscricoes'], 'modo'>
  },
  today: string = eventToday(e),
): Registration {
  const status = shownStatus(e, today)
  const here = e.inscricoes?.modo === 'pelotao' && e.id ? `/inscricao/${encodeURIComponent(e.id)}` : ''
  const href = here || safeHref(e.linkCompra)
  if (status === openStatus && href) return here ? { open: true, href, here: true } : { open: true, href }
  return { open: false, label: status.trim() || 'Inscrições indisponíveis' }
}

/** The event's page on this site, as shared links and calendar entries name it. */
export function eventPageUrl(id: string) {
  return `${siteOrigin()}/event/${encodeURIComponent(id)}`
}

/** The calendar file of the event, which phones open in their calendar (GET /event/{id}.ics). */
export function calendarFileUrl(id: string) {
  return `/event/${encodeURIComponent(id)}.ics`
}

// A timed event's length in calendars, as in internal/site/calendar.go: the document has start
// times but no end.
const nominalHours = 2

/**
 * A Google Calendar entry for the event on its own clock (ctz: its fusoHorario, REG-224): from the
 * earliest largada for nominalHours, or all day when no largada has a time; '' without a date.
 */
export function googleCalendarUrl(
  e: Pick<Event, 'titulo' | 'dataEvento' | 'largadas' | 'local' | 'informacoes'> & { fusoHorario?: string },
  pageUrl: string,
) {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(e.dataEvento.trim())
  if (!day) return ''
  const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])]
  const times = e.largadas.map((l) => l.horario.trim()).filter((h) => /^([01]\d|2[0-3]):[0-5]\d$/.test(h))
  const start = times.sort()[0]
  const pad = (n: number) => String(n).padStart(2, '0')
  const dayOf = (t: Date) => `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`
  let dates: string
  if (start) {
    const [hh, mm] = start.split(':').map(Number) as [number, number]
    const from = new Date(Date.UTC(y, m - 1, d, hh, mm))
    const to = new Date(from.getTime() + nominalHours * 3600_000)
    const timed = (t: Date) => `${dayOf(t)}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`
    dates = `${timed(from)}/${timed(to)}`
  } else {
    dates = `${dayOf(new Date(Date.UTC(y, m - 1, d)))}/${dayOf(new Date(Date.UTC(y, m - 1, d + 1)))}`
  }
  const { local, endereco, cidade, estado } = e.local
  const place = [local, endereco, [cidade.trim(), estado.trim()].filter(Boolean).join(' - ')]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ')
  const description = e.informacoes.descricao.trim()
  const details = `${description.length > 1000 ? `${description.slice(0, 1000)}…` : description}${description ? '\n\n' : ''}Mais informações: ${pageUrl}`
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.titulo.trim() || 'Evento',
    dates,
    ctz: e.fusoHorario || siteTimeZone,
  })
  if (place) params.set('location', place)
  params.set('details', details)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}

/**
 * EVT-32: the lot on sale today — the first, in the organizer's order, whose dataLimite is today or
 * later, or that has none (open until the lots after it begin); null when every lot's date has
 * passed or none has a price. A dataLimite that is no date is not trusted to say either way.
 */
export function currentLot(lotes: readonly Lote[], today: string): Lote | null {
  for (const lot of lotes) {
    if (lot.valor == null) continue
    const limit = lot.dataLimite.trim()
    if (!limit || !parseCalendarDate(limit) || limit.slice(0, 10) >= today) return lot
  }
  return null
}

/** Where the registration happens, under the event page's button (REG-273). */
export const soldHere = 'Inscrição e pagamento por Pix aqui no Pelotão.'
export const soldElsewhere = 'Inscrições no site do organizador, em uma nova aba.'
/** The external-link icon's text alternative: a registration link's accessible name says it leaves Pelotão (REG-273). */
export const externalSiteLabel = 'no site do organizador, abre em nova aba'
