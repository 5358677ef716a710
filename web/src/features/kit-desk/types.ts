import type { Role } from '../../lib/team/staff'

// The kit desk's data, with the field names of docs/product.md §10 ("Kit pickup" and the participant).

export type Documento = { tipo: 'cpf' | 'passaporte'; numero: string }

/** Who took the kit when not the athlete: a third party with an authorization. */
export type RetiradoPor = { nome: string; documento: string }

/** A recorded pickup: when, at which desk, which staff member (por), who took it, the shirt handed. */
export type KitRetirado = {
  at: string
  balcao: string
  por: string
  retiradoPor: RetiradoPor | null
  camisetaEntregue: string
}

/**
 * A participant as the roster carries it to a desk (CPF masked for the retirada role). A
 * registration sold in Pelotão adds its code (searched, and read from its QR code), category,
 * registration id and whether it had the 60+ half price; a roster kept before these existed lacks them.
 */
export type RosterParticipant = {
  id: string
  nome: string
  documento: Documento | null
  percurso: string
  camiseta: string
  numeroPeito: number | null
  pago: boolean
  kitRetirado: KitRetirado | null
  origem?: 'importacao' | 'pelotao'
  codigo?: string
  categoria?: string
  inscricaoId?: string
  meiaEntrada?: boolean
  /** The name of a minor's guardian (REG-254): the desk checks the guardian's signed authorization. */
  responsavel?: string
  /** The name and code of the registration's group (assessoria): the desk hands a group's kits by its code (GRP-61). */
  grupo?: string
  grupoCodigo?: string
}

/** GET /api/events/{id}/checkin/roster: everything, or what changed after `since`. */
export type RosterAnswer = {
  participants: RosterParticipant[]
  cursor: string
  /** The signed-in member's role in this event (who may undo a pickup: lib/team/staff's can). */
  role: Role
  /** The organizer forbids handing the kits of unpaid registrations (the server refuses them). */
  bloquearKitSemPagamento: boolean
  /** Asked from a cursor: the participants that left the event since (a registration refunded in full). */
  removidos?: string[]
}

/**
 * One pickup made on a device, as POST /api/events/{id}/checkin takes it; id is made on the device.
 * semPagamento: the volunteer confirmed handing an unpaid kit (false: the desk took it for paid),
 * which the server checks; a pickup queued before the field existed lacks it.
 */
export type Checkin = {
  id: string
  participantId: string
  at: string
  retiradoPor: RetiradoPor | null
  camisetaEntregue: string
  balcao: string
  semPagamento?: boolean
}

/**
 * The server's answer to one sent pickup; on conflict kitRetirado is the pickup that won; refused:
 * an unpaid kit the event forbids or no one confirmed, motivo says which and nothing was recorded.
 */
export type CheckinAnswer = {
  id: string
  status: 'ok' | 'duplicate' | 'conflict' | 'refused'
  kitRetirado: KitRetirado | null
  motivo?: string
}

/**
 * What GET /api/i/{codigo} answers the event's team for a group's code (GRP-60): its coaches, who
 * take its kits, and its members held or confirmed, paid ones with their participant.
 */
export type GrupoNoBalcao = {
  id: string
  nome: string
  coaches: { nome: string }[]
  membros: { participantId?: string; nome: string; pago: boolean }[]
}
