// The order's price inside the form's "Resumo do pedido" (REG-73, REG-291, REG-294): fetched after
// the form's first paint (RegistrationPage loads it lazily), since it sits below the athletes and
// says nothing until one of them has a modality.
import type { Offer } from '../../lib/events/registrationOffer'
import { formatMoney } from '../../lib/text/format'
import type { Draft } from './athleteForm'
import { estimate } from './estimate'
import type { Quote } from './registrationApi'

export type QuoteState =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; quote: Quote } | { state: 'failed'; message: string }

type Props = {
  quote: QuoteState
  complete: boolean
  names: string[]
  /** What alone stands in the way, when the form can say it better than "Preencha os dados…". */
  problem: string | null
  /** A visitor's order, priced from the offer (REG-294); null once signed in, when the server quotes it. */
  visitor: { draft: Draft; offer: Offer; today: string } | null
}

/**
 * The order's price as the server quoted it: each athlete's lot, discount and total (REG-73); a
 * visitor's estimated from the offer (REG-294); what alone stands in the way (REG-291).
 */
export function OrderSummary({ quote, complete, names, problem, visitor }: Props) {
  const estimated = visitor && estimate(visitor.draft, visitor.offer, visitor.today)
  if (problem) return <p className="text-sm text-red-800">{problem}</p>
  if (visitor && estimated) {
    return (
      <>
        <ul className="divide-y divide-slate-100">
          {estimated.itens.map((it, i) => (
            <li key={i} className="py-2 text-sm text-slate-700">
              <span className="flex justify-between gap-3">
                <span className="font-semibold text-slate-900">{names[i] || `Atleta ${i + 1}`}</span>
                <span className="font-bold text-slate-900">{formatMoney(it.total)}</span>
              </span>
              {it.meiaEntrada && (
                <span className="block">{`valor ${formatMoney(it.valor)} · desconto ${formatMoney(it.desconto)} (60+)`}</span>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-lg font-extrabold text-brand-800">
          <span>Total estimado (confirmado após entrar)</span>
          <span>{formatMoney(estimated.total)}</span>
        </p>
        {visitor.draft.cupom.trim() && (
          <p className="mt-1 text-sm text-slate-700">O cupom é conferido depois que você entrar.</p>
        )}
      </>
    )
  }
  if (visitor)
    return <p className="text-sm text-slate-700">Escolha a modalidade de cada atleta para ver o total estimado.</p>
  if (!complete) return <p className="text-sm text-slate-700">Preencha os dados de cada atleta para ver o total.</p>
  if (quote.state === 'ready') {
    return (
      <>
        <ul className="divide-y divide-slate-100">
          {quote.quote.itens.map((it, i) => (
            <li key={i} className="py-2 text-sm text-slate-700">
              <span className="flex justify-between gap-3">
                <span className="font-semibold text-slate-900">{names[i] || `Atleta ${i + 1}`}</span>
                <span className="font-bold text-slate-900">{formatMoney(it.total)}</span>
              </span>
              <span className="block">
                {[it.lote, it.categoria, `valor ${formatMoney(it.valor)}`].filter(Boolean).join(' · ')}
                {it.desconto > 0 &&
                  (it.descontoGrupo
                    ? ` · Desconto de grupo ${it.descontoGrupo}%: ${formatMoney(it.desconto)}`
                    : ` · desconto ${formatMoney(it.desconto)}${it.meiaEntrada ? ' (60+)' : it.cupom ? ' (cupom)' : ''}`)}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-lg font-extrabold text-brand-800">
          <span>Total</span>
          <span>{formatMoney(quote.quote.total)}</span>
        </p>
      </>
    )
  }
  if (quote.state === 'failed') return <p className="text-sm text-red-800">{quote.message}</p>
  return <p className="text-sm text-slate-700">Calculando o total...</p>
}
