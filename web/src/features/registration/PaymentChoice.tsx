import type { PaymentMethod } from '../../lib/events/registrationOffer'

type Props = {
  methods: PaymentMethod[]
  /** The most installments the event allows; "em até {n}x" beside the card from 2. */
  parcelasMax?: number
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
}

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-base font-semibold text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'

/**
 * "Forma de pagamento" (CARD-40): Pix or a credit card through Mercado Pago, a native radio group
 * (arrow keys move between them), shown only when the event takes both.
 */
export function PaymentChoice({ methods, parcelasMax = 1, value, onChange }: Props) {
  const label = (m: PaymentMethod) =>
    m === 'pix' ? 'Pix' : `Cartão de crédito${parcelasMax > 1 ? ` em até ${parcelasMax}x` : ''}`
  return (
    <fieldset role="radiogroup" aria-labelledby="pagamento-titulo" aria-describedby="pagamento-dica">
      <legend id="pagamento-titulo" className="text-base font-extrabold text-slate-900">
        Forma de pagamento
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {methods.map((m) => (
          <label key={m} className={optionClass}>
            <input
              type="radio"
              id={`pagamento-${m}`}
              name="pagamento"
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              className="h-5 w-5 shrink-0"
            />
            {label(m)}
          </label>
        ))}
      </div>
      <p id="pagamento-dica" className="mt-2 text-sm text-slate-600">
        {value === 'cartao'
          ? 'Ao continuar, você vai para o Mercado Pago, paga com o cartão e volta para cá.'
          : 'O QR code e o código Pix aparecem na próxima página.'}
      </p>
    </fieldset>
  )
}
