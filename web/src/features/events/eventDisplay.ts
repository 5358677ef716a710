// How an event's fields read on the public pages, beyond the shared fallbacks of lib/eventText.
import type { Banners, Event, Largada, Local, Modalidade } from '../../lib/event'
import { openStatus } from '../../lib/event'
import { formatKm, normalizeText } from '../../lib/format'

/** The banner for a device, falling back to the other one; '' when there is none. */
export function bannerFor(banners: Banners, device: 'desktop' | 'mobile') {
  const other = device === 'desktop' ? 'mobile' : 'desktop'
  return banners[device].trim() || banners[other].trim()
}

/** A Google Maps search for the venue, or '' when nothing about the place is known. */
export function mapUrl(local: Local) {
  const query = [local.local, local.endereco, local.cidade, local.estado].map((s) => s.trim()).filter(Boolean).join(', ')
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : ''
}

/** EVT-22: regulamentoUrl, falling back to regulamento. */
export function regulationUrl(e: Pick<Event, 'regulamentoUrl' | 'regulamento'>) {
  return safeHref(e.regulamentoUrl) || safeHref(e.regulamento)
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

export type Registration = { open: true; href: string } | { open: false; label: string }

/** EVT-28..30: only 'Inscrições Abertas' with a purchase link enables the button. */
export function registrationOf(e: Pick<Event, 'status' | 'linkCompra'>): Registration {
  const href = safeHref(e.linkCompra)
  if (e.status === openStatus && href) return { open: true, href }
  return { open: false, label: e.status.trim() || 'Inscrições indisponíveis' }
}

/**
 * Links come from organizers: only web addresses and the site's own paths become hrefs, so that a
 * 'javascript:' value can never run.
 */
export function safeHref(url: string) {
  const u = url.trim()
  return /^https?:\/\//i.test(u) || /^\/(?!\/)/.test(u) ? u : ''
}

/** A WhatsApp share of the event page; api.whatsapp.com shows link previews more reliably than wa.me. */
export function whatsappShareUrl(title: string, pageUrl: string) {
  return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${pageUrl}`)}`
}

/** A modality's accordion label and its distance beside it, unless the name already says it ('10 km'). */
export function modalityLabel(m: Pick<Modalidade, 'nome' | 'km'>, index: number) {
  const title = m.nome.trim() || `Modalidade ${index + 1}`
  const km = formatKm(m.km)
  const compact = (s: string) => normalizeText(s).replace(/\s+/g, '')
  return { title, aside: km && !compact(title).includes(compact(km)) ? km : '' }
}
