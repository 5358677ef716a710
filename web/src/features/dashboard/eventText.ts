// How the dashboard names an event's place; titles and fallbacks are lib/events/eventText's (ERR-10).
import type { Local } from '../../lib/events/event'

/** 'Parque Ibirapuera, São Paulo - SP' (ATH-3); '' when the event has no venue or city. */
export function eventLocation(local: Local): string {
  const city = [local.cidade, local.estado].filter(Boolean).join(' - ')
  return [local.local, city].filter(Boolean).join(', ')
}
