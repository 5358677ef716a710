// What an event Pelotão sells costs now (REG-78), by the server's count of each lot rather than
// by date alone: GET /api/events/{id}/inscricao. Loaded lazily, only for such events, so that the
// event page of every other event carries none of it.
import { getOffer, type Offer } from '../../../lib/events/registrationOffer'
import { useResource } from '../../../lib/platform/resource'
import { formatDate, formatMoney } from '../../../lib/text/format'

// The sidebar and the phone's bar show the same offer: one request for both.
const offers = new Map<string, Promise<Offer>>()

function useOffer(eventId: string) {
  return useResource(`offer:${eventId}`, () => {
    let offer = offers.get(eventId)
    if (!offer) {
      offer = getOffer(eventId)
      offers.set(eventId, offer)
      offer.catch(() => offers.delete(eventId))
    }
    return offer
  })
}

/**
 * What the offer sells at, by name: each modality's price in the current lot, or, for an event
 * priced by kit, each kit's (the same for every modality).
 */
function pricesOf(offer: Offer): { nome: string; valor: number }[] {
  const kits = offer.modalidades.find((m) => m.kits && m.kits.length > 0)?.kits
  if (kits) return kits
  return offer.modalidades.flatMap((m) => (m.valor == null ? [] : [{ nome: m.nome, valor: m.valor }]))
}

/** The sidebar's prices: the current lot and each modality's price in it (or each kit's), or why it is closed. */
export function OfferPrices({ eventId }: { eventId: string }) {
  const offer = useOffer(eventId)
  if (offer.state !== 'ready') return null
  const { lote, aberta, motivo } = offer.data
  if (!aberta) return <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{motivo}</p>
  return (
    <div>
      <h3 className="text-xs font-bold uppercase tracking-wide text-slate-500">{lote ? 'Lote atual' : 'Valores'}</h3>
      {lote && (
        <p className="font-semibold text-slate-900">
          {lote.nome}
          {lote.dataLimite && (
            <span className="text-xs font-normal text-slate-500"> · até {formatDate(lote.dataLimite)}</span>
          )}
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {pricesOf(offer.data).map((p) => (
          <li key={p.nome} className="flex items-baseline justify-between gap-3 py-2">
            <span className="font-semibold text-slate-900">{p.nome}</span>
            <span className="whitespace-nowrap text-lg font-extrabold text-brand-800">{formatMoney(p.valor)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The phone bar's price (EVT-32, TRUTH-4): the current lot's name and its lowest price ('A partir
 * de' the cheapest kit), or why registration is closed.
 */
export function OfferBarPrice({ eventId }: { eventId: string }) {
  const offer = useOffer(eventId)
  if (offer.state !== 'ready') return null
  if (!offer.data.aberta) return <span className="line-clamp-2">{offer.data.motivo}</span>
  const values = pricesOf(offer.data).map((p) => p.valor)
  if (values.length === 0) return null
  // The lowest price is "from" whenever another one is dearer: a 10 km at R$ 119,90 is not R$ 59,90.
  const from = new Set(values).size > 1
  const lot = offer.data.lote?.nome
  return (
    <>
      <span className="block truncate">{lot ? (from ? `${lot} · a partir de` : lot) : 'A partir de'}</span>
      <span className="text-lg font-extrabold text-brand-800">{formatMoney(Math.min(...values))}</span>
    </>
  )
}
