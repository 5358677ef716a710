// How the dashboard names an event's title and place, with the fallbacks of REQUIREMENTS ERR-10.
import type { EventSummary, Local } from '../../lib/event'

export function eventTitle(e: Pick<EventSummary, 'titulo'>): string {
  return e.titulo || 'Título não disponível'
}

/** 'Parque Ibirapuera, São Paulo - SP' (ATH-3); '' when the event has no venue or city. */
export function eventLocation(local: Local): string {
  const city = [local.cidade, local.estado].filter(Boolean).join(' - ')
  return [local.local, city].filter(Boolean).join(', ')
}

export const locationFallback = 'Local a definir'
