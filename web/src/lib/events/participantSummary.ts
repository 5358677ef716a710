// GET /api/events/{id}/participants/summary (managers): an event's participants counted, read by
// the event's workspace.
import { api } from '../platform/api'

export type Summary = {
  total: number
  pagos: number
  kitRetirado: number
  /** Sums of the paid and unpaid participants' `valor`, in reais. */
  valorPago: number
  valorPendente: number
  porPercurso: Record<string, number>
  porSexo: Record<string, number>
  porCamiseta: Record<string, Record<string, number>>
}

export function getSummary(eventId: string, signal?: AbortSignal) {
  return api<Summary>(`/api/events/${encodeURIComponent(eventId)}/participants/summary`, { signal })
}
