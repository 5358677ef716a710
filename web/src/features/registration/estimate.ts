// A visitor's price (REG-294), apart from the form's checks: only the order's summary reads it, and
// the summary is fetched after the form's first paint (RegistrationPage's lazy OrderSummary).
import type { Offer } from '../../lib/events/registrationOffer'
import { centavos, fromCentavos, sumReais, toCentavos } from '../../lib/text/format'
import { ageOn, birthDateISO, limits, type Draft } from './athleteForm'

/** An athlete's price as a visitor's estimate shows it (REG-294), in reais. */
export type EstimateItem = { valor: number; desconto: number; total: number; meiaEntrada: boolean }

/**
 * The order's price estimated from the offer, for a visitor, who may not ask for the quote
 * (REG-294): each athlete's modality at the current lot's price (or its kit's), half for 60 or
 * more on today when the event gives it, as internal/registration/quote.go does (the athlete pays
 * half, rounded down to the centavo). No coupon, and a large order is not spread over the next
 * lot: the server's quote, once signed in, is the price. null until every athlete has a priced
 * modality (and kit).
 */
export function estimate(draft: Draft, offer: Offer, today: string): { itens: EstimateItem[]; total: number } | null {
  const itens: EstimateItem[] = []
  for (const a of draft.atletas) {
    const modality = offer.modalidades.find((m) => m.nome === a.percurso)
    const price = modality?.kits?.length ? modality.kits.find((k) => k.nome === a.kit)?.valor : modality?.valor
    if (price == null) return null
    const valor = toCentavos(price)
    const nascimento = birthDateISO(a.nascimento)
    const meiaEntrada =
      offer.meiaEntradaIdoso &&
      Boolean(nascimento) &&
      nascimento <= today &&
      ageOn(nascimento, today) >= limits.idadeMeiaEntrada
    const total = meiaEntrada ? centavos(Math.floor(valor / 2)) : valor
    itens.push({
      valor: fromCentavos(valor),
      desconto: fromCentavos(centavos(valor - total)),
      total: fromCentavos(total),
      meiaEntrada,
    })
  }
  return { itens, total: sumReais(itens.map((it) => it.total)) }
}
