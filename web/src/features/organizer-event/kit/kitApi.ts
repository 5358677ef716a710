// The calls of the organizer's Retirada de kits tab: progress and history of the kit desk
// (internal/httpapi/checkin_handlers.go), and undo (DELETE, as the desk does).
import { api } from '../../../lib/platform/api'

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/checkin`

export type KitStats = {
  total: number
  retirados: number
  porPercurso: { percurso: string; total: number; retirados: number }[]
  porBalcao: { balcao: string; retirados: number }[]
  /** Pickups per 15 minutes, oldest first; quarters with none are left out. */
  porQuartoDeHora: { inicio: string; retirados: number }[]
}

/** One pickup as the history lists it: the current one, one undone, or one refused (conflict). */
export type PickupRecord = {
  id: string
  participantId: string
  nome: string
  numeroPeito: number | null
  at: string
  balcao: string
  por: string
  retiradoPor: { nome: string; documento: string } | null
  camisetaEntregue: string
  status: 'ok' | 'conflict'
  desfeitoEm: string | null
  desfeitoPor: string
}

export const fetchKitStats = (eventId: string, signal?: AbortSignal) =>
  api<KitStats>(`${base(eventId)}/stats`, { signal })

export async function fetchKitHistory(eventId: string, signal?: AbortSignal) {
  return (await api<{ history: PickupRecord[] }>(`${base(eventId)}/history?limit=100`, { signal })).history
}

export const undoPickup = (eventId: string, participantId: string) =>
  api<void>(`${base(eventId)}/${encodeURIComponent(participantId)}`, { method: 'DELETE' })
