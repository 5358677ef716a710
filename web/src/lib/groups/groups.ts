// Assessorias and groups (docs/requirements.md GRP-1 … GRP-16; docs/http-api.md "Groups"): the
// calls of the coach's page, the athlete's dashboard and the organizer's "Grupos" tab, and the
// totals the coach's page shows.
import type { EventSummary } from '../events/event'
import { sortSizes } from '../events/shirtSizes'
import { api } from '../platform/api'
import type { Order } from '../registration/orders'

export type Coach = { userId: string; nome: string }

export type Group = {
  id: string
  eventId: string
  nome: string
  codigo: string
  /** The registration form with the group's code: /inscricao/{eventId}?grupo={codigo}. */
  link: string
  coaches: Coach[]
  /** Registrations held or confirmed. */
  inscritos: number
  confirmados: number
}

/** A registration of the group, held (pendente) or confirmed. */
export type Member = {
  inscricaoId: string
  nome: string
  percurso: string
  camiseta: string
  status: 'pendente' | 'confirmada'
  pedidoId: string
  pago: boolean
}

export type GroupWithMembers = Group & { membros: Member[] }

export type MyGroup = Group & { evento: EventSummary }

const eventGroups = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/grupos`
const oneGroup = (id: string) => `/api/grupos/${encodeURIComponent(id)}`

export const createGroup = (eventId: string, nome: string) =>
  api<Group>(eventGroups(eventId), { method: 'POST', body: { nome } })

export const listEventGroups = (eventId: string, signal?: AbortSignal) =>
  api<{ grupos: Group[] }>(eventGroups(eventId), { signal }).then((a) => a.grupos)

export const getGroup = (id: string, signal?: AbortSignal) => api<GroupWithMembers>(oneGroup(id), { signal })

export const changeGroup = (id: string, change: { nome?: string; coachEmail?: string }) =>
  api<Group>(oneGroup(id), { method: 'PATCH', body: change })

/** The PNG of the group's QR code, {base}/i/{codigo}: the kit desk reads it to hand the group's paid kits to the coach (GRP-59). */
export const groupQRCode = (id: string) => `${oneGroup(id)}/qrcode.png`

export const deleteGroup = (id: string) => api<void>(oneGroup(id), { method: 'DELETE' })

export const mergeGroup = (eventId: string, id: string, into: string) =>
  api<Group>(`${eventGroups(eventId)}/${encodeURIComponent(id)}/mesclar`, { method: 'POST', body: { em: into } })

export const myGroups = (signal?: AbortSignal) =>
  api<{ grupos: MyGroup[] }>('/api/me/grupos', { signal }).then((a) => a.grupos)

/** The coach's page of a group. */
export const groupPagePath = (id: string) => `/dashboard/grupos/${encodeURIComponent(id)}`

/** Shirts by size, smallest first as the organizer's totals order them, with how many are paid (GRP-12). */
export function shirtsBySize(members: Member[]): { tamanho: string; total: number; pagas: number }[] {
  const sizes = new Map<string, { total: number; pagas: number }>()
  for (const m of members) {
    const tamanho = m.camiseta || 'Sem camiseta'
    const s = sizes.get(tamanho) ?? { total: 0, pagas: 0 }
    s.total++
    if (m.pago) s.pagas++
    sizes.set(tamanho, s)
  }
  return sortSizes(sizes.keys()).map((tamanho) => ({ tamanho, ...sizes.get(tamanho)! }))
}

/** A row's problem in the coach's spreadsheet: the line as the spreadsheet numbers it, the column as the file names it (GRP-54). */
export type SheetRowError = { linha: number; campo: string; mensagem: string }
export type SheetCheck = { linhas: number; erros: SheetRowError[] }

/** Checks the coach's spreadsheet row by row, holding nothing (GRP-53 … GRP-56). */
export function checkGroupSheet(id: string, file: File) {
  const form = new FormData()
  form.append('confirmar', '0')
  form.append('arquivo', file)
  return api<SheetCheck>(`${oneGroup(id)}/planilha`, { method: 'POST', body: form })
}

/**
 * Holds the coach's checked spreadsheet as the coach's orders of at most 50 athletes, each with
 * its Pix charge, the regulation accepted for the group (GRP-71). A row's problem is a 422 whose
 * ApiError rows list them, nothing held (GRP-72).
 */
export function holdGroupSheet(id: string, file: File) {
  const form = new FormData()
  form.append('confirmar', '1')
  form.append('aceiteRegulamento', '1')
  form.append('arquivo', file)
  return api<{ pedidos: Order[] }>(`${oneGroup(id)}/planilha`, { method: 'POST', body: form })
}
