import { api } from '../../lib/platform/api'
import type { Checkin, CheckinAnswer, GrupoNoBalcao, RosterAnswer } from './types'

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/checkin`

/** The whole roster (since = '') or only what changed after the cursor `since`. */
export function fetchRoster(eventId: string, since: string, signal?: AbortSignal) {
  const query = since ? `?since=${encodeURIComponent(since)}` : ''
  return api<RosterAnswer>(`${base(eventId)}/roster${query}`, { signal })
}

/** Sends pickups in the order given; the answer holds one item per pickup, in the same order. */
export async function sendCheckins(eventId: string, checkins: Checkin[]) {
  return (await api<{ checkins: CheckinAnswer[] }>(base(eventId), { method: 'POST', body: { checkins } })).checkins
}

/** Undoes a participant's pickup (owner and gestao); the server keeps it in the history. */
export function undoCheckin(eventId: string, participantId: string) {
  return api<void>(`${base(eventId)}/${encodeURIComponent(participantId)}`, { method: 'DELETE' })
}

/** What the desk shows and keeps of the event itself (GET /api/events/{id}, public); fusoHorario '' is Horário de Brasília. */
export async function fetchEvento(eventId: string) {
  const e = await api<{ titulo: string; dataEvento: string; fusoHorario?: string }>(
    `/api/events/${encodeURIComponent(eventId)}`,
  )
  return { titulo: e.titulo, dataEvento: e.dataEvento, fusoHorario: e.fusoHorario ?? '' }
}

/** The group of a group's code as the server knows it now (GRP-60); the desk offline goes on with its roster. */
export async function fetchGrupo(codigo: string, signal?: AbortSignal) {
  return (await api<{ grupo?: GrupoNoBalcao }>(`/api/i/${encodeURIComponent(codigo)}`, { signal })).grupo ?? null
}
