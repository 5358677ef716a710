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
  /** The groups (assessorias) having participants, by name: athletes and shirts by size (GRP-49). */
  porGrupo?: GrupoTotais[]
}

export type GrupoTotais = { nome: string; inscritos: number; camisetas: Record<string, number> }

export function getSummary(eventId: string, signal?: AbortSignal) {
  return api<Summary>(`/api/events/${encodeURIComponent(eventId)}/participants/summary`, { signal })
}
