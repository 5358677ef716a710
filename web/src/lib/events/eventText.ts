// An event's title, category, place, banner, modality labels and links as every page shows them,
// with the fallbacks of docs/product.md §8 (ERR-10, HOME-11).
import type { Banners, Event, Local, Modalidade } from './event'
import { formatKm } from '../text/format'
import { foldText } from '../text/textFold'

export const fallbacks = {
  titulo: 'Título não disponível',
  categoria: 'Sem categoria',
  local: 'Local a definir',
  imagem: 'Sem imagem',
} as const

export function titleOf(e: { titulo: string }) {
  return e.titulo.trim() || fallbacks.titulo
}

export function categoryOf(e: { categoria: string }) {
  return e.categoria.trim() || fallbacks.categoria
}

export function venueOf(local: Local) {
  return local.local.trim() || fallbacks.local
}

/** 'Cidade - UF', the city alone, or 'Local a definir'. */
export function cityOf(local: Local) {
  const cidade = local.cidade.trim()
  const estado = local.estado.trim()
  if (!cidade) return estado || fallbacks.local
  return estado ? `${cidade} - ${estado}` : cidade
}

/** The banner for a device, falling back to the other one; '' when there is none. */
export function bannerFor(banners: Banners, device: 'desktop' | 'mobile') {
  const other = device === 'desktop' ? 'mobile' : 'desktop'
  return banners[device].trim() || banners[other].trim()
}

/**
 * Links come from organizers: only web addresses and the site's own paths become hrefs, so that a
 * 'javascript:' value can never run.
 */
export function safeHref(url: string) {
  const u = url.trim()
  return /^https?:\/\//i.test(u) || /^\/(?!\/)/.test(u) ? u : ''
}

/** A modality's accordion label and its distance beside it, unless the name already says it ('10 km'). */
export function modalityLabel(m: Pick<Modalidade, 'nome' | 'km'>, index: number) {
  const title = m.nome.trim() || `Modalidade ${index + 1}`
  const km = formatKm(m.km)
  const compact = (s: string) => foldText(s).replaceAll(' ', '')
  return { title, aside: km && !compact(title).includes(compact(km)) ? km : '' }
}

/** EVT-22: regulamentoUrl, falling back to regulamento. */
export function regulationUrl(e: Pick<Event, 'regulamentoUrl' | 'regulamento'>) {
  return safeHref(e.regulamentoUrl) || safeHref(e.regulamento)
}
