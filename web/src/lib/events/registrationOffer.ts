// What an event sold by Pelotão (inscricoes.modo 'pelotao') offers now: GET /api/events/{id}/inscricao
// (docs/http-api.md). The event page shows its current lot (loaded lazily, only for such events);
// the registration form builds on it.
import { api } from '../platform/api'

export type OfferModality = {
  nome: string
  /** The current lot's price in reais; null for a price by kit (see kits) or with no current lot. */
  valor: number | null
  /** null: no limit. */
  vagasRestantes: number | null
  kits?: { nome: string; valor: number }[]
  /** The youngest age admitted on dataProva; absent: none (REG-251). */
  idadeMinima?: number
}

export type Offer = {
  aberta: boolean
  /** Why it is closed, in pt-BR. */
  motivo?: string
  lote: { nome: string; dataLimite: string; restantes: number | null } | null
  modalidades: OfferModality[]
  tamanhosCamiseta: string[]
  meiaEntradaIdoso: boolean
  /** YYYY-MM-DD: the day ages are counted on (the event's), for idadeMinima and the guardian rule. */
  dataProva: string
  /** How the buyer may pay now (CARD-19); absent from a server that sells by Pix only. */
  pagamentos?: PaymentMethod[]
  /** The most installments a card payment may take (1: no installments). */
  parcelasMax?: number
  /** The group price tiers (GRP-22): minimo registrations of a group give percentual off. */
  descontosGrupo?: { minimo: number; percentual: number }[]
}

/** How an order is paid: Pix, or a card through Mercado Pago (docs/requirements.md CARD-19..CARD-21). */
export type PaymentMethod = 'pix' | 'cartao'

export function getOffer(eventId: string, signal?: AbortSignal) {
  return api<Offer>(`/api/events/${encodeURIComponent(eventId)}/inscricao`, { signal })
}
