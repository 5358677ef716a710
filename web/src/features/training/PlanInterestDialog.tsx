import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react'
import { useForm, type FieldError, type SubmitHandler, type UseFormRegisterReturn } from 'react-hook-form'
import { z } from 'zod/mini'
import { LabelledInput } from '../../components/LabelledInput'
import { ApiError } from '../../lib/platform/api'
import { useDialogBehaviour } from '../../components/useDialogBehaviour'
import { formatPlanPrice, training, type PlanName } from './content'
import { sendPlanInterest, type PlanInterest } from './planInterestApi'

const planNames = training.planos.map((p) => p.nome) as [PlanName, ...PlanName[]]

/** Allows what people type around a phone number; the server keeps only the digits. */
function plausiblePhone(v: string) {
  if (v.trim() === '') return true
  const digits = v.replace(/\D/g, '').length
  return /^[\d\s+().-]+$/.test(v) && digits >= 10 && digits <= 13
}

// The same rules and messages as internal/coaching (Interest.Clean); the server stays the authority.
const schema = z.object({
  nome: z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe seu nome.'), z.maxLength(120, 'Use no máximo 120 caracteres.')),
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Informe seu e-mail.')),
    z.email('Informe um e-mail válido, como nome@exemplo.com.'),
  ),
  whatsapp: z.string().check(z.refine(plausiblePhone, 'Informe um WhatsApp com DDD, como (11) 91234-5678.')),
  plano: z.enum(planNames, 'Escolha um dos planos: Iniciante, Intermédio ou Avançado.'),
})

type Values = z.input<typeof schema>
const fieldNames = ['nome', 'email', 'whatsapp', 'plano'] as const
const isField = (name: string): name is (typeof fieldNames)[number] => (fieldNames as readonly string[]).includes(name)

// What was typed survives closing the dialog by mistake, until it is sent.
let draft: Partial<Values> = {}

type Props = { plano: PlanName; onClose: () => void }

/** The short interest form behind each plan's button (PLANS-9). */
export function PlanInterestDialog({ plano, onClose }: Props) {
  const panel = useRef<HTMLDivElement>(null)
  useDialogBehaviour(panel, onClose)
  const titleId = useId()
  const [sent, setSent] = useState<PlanInterest | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { nome: '', email: '', whatsapp: '', ...draft, plano },
  })

  // After useDialogBehaviour has noted the plan button, so that focus returns to it on close.
  useEffect(() => setFocus('nome'), [setFocus])
  const delivered = useRef(false)
  useEffect(
    () => () => {
      draft = delivered.current ? {} : getValues()
    },
    [getValues],
  )

  const send: SubmitHandler<z.output<typeof schema>> = async (values) => {
    setFormError(null)
    try {
      const saved = await sendPlanInterest(values)
      delivered.current = true
      setSent(saved)
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fields).filter(([name]) => isField(name)) : []
      if (fields.length === 0) {
        setFormError(err instanceof ApiError ? err.message : 'Ocorreu um erro inesperado. Tente novamente.')
      }
      fields.forEach(([name, message], i) => {
        if (isField(name)) setError(name, { type: 'server', message }, { shouldFocus: i === 0 })
      })
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 sm:items-center sm:p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-dvh w-full max-w-lg overflow-y-auto rounded-t-3xl bg-white p-6 shadow-2xl sm:rounded-3xl sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-extrabold tracking-tight text-slate-900">
            {sent ? 'Interesse recebido!' : 'Quero treinar com o Pelotão'}
          </h2>
          <button
            type="button"
            aria-label="Fechar"
            className="-mr-2 -mt-1 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {sent ? (
          <Confirmation interest={sent} onClose={onClose} />
        ) : (
          <form noValidate onSubmit={(e) => void handleSubmit(send)(e)} className="mt-2 space-y-5">
            <p className="text-slate-600">
              Deixe seu contato e um treinador do Pelotão fala com você para montar o seu plano.
            </p>
            <Field label="Nome" error={errors.nome} input={register('nome')} autoComplete="name" />
            <Field
              label="E-mail"
              error={errors.email}
              input={register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
            <Field
              label="WhatsApp (opcional)"
              hint="Com DDD, se preferir que a gente fale com você por lá."
              error={errors.whatsapp}
              input={register('whatsapp')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(11) 91234-5678"
            />
            <SelectPlan error={errors.plano} input={register('plano')} />
            {formError && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {formError}
              </p>
            )}
            <button
              type="submit"
              disabled={isSubmitting}
              className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-bold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
            >
              {isSubmitting ? 'Enviando...' : 'Enviar interesse'}
            </button>
          </form>
        )}
      </div>
    </div>
  )
}

function Confirmation({ interest, onClose }: { interest: PlanInterest; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => close.current?.focus(), [])
  const firstName = interest.nome.split(/\s+/)[0]
  return (
    <div className="mt-4">
      <p role="status" className="leading-relaxed text-slate-700">
        Obrigado, {firstName}! Recebemos seu interesse no plano <strong>{interest.plano}</strong>. Um treinador vai
        falar com você pelo e-mail <strong>{interest.email}</strong>
        {interest.whatsapp ? ' ou pelo WhatsApp' : ''} em breve.
      </p>
      <button
        ref={close}
        type="button"
        onClick={onClose}
        className="mt-6 w-full rounded-full bg-brand-700 px-6 py-3 text-base font-bold text-white hover:bg-brand-800"
      >
        Fechar
      </button>
    </div>
  )
}

const controlClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 ${
    invalid ? 'border-red-600' : 'border-slate-300'
  }`

type FieldProps = {
  label: string
  hint?: string
  error?: FieldError
  input: UseFormRegisterReturn
} & Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn>

function Field({ error, input, ...rest }: FieldProps) {
  return <LabelledInput {...rest} {...input} error={error?.message} className={controlClass(!!error)} />
}

function SelectPlan({ error, input }: { error?: FieldError; input: UseFormRegisterReturn }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Plano
      </label>
      <select
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={controlClass(!!error)}
      >
        {training.planos.map((p) => (
          <option key={p.nome} value={p.nome}>
            {p.nome} — {formatPlanPrice(p.precoMensal)}/mês
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-erro`} error={error} />
    </div>
  )
}

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error.message}
    </p>
  )
}
