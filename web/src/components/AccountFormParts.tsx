import type { ComponentProps } from 'react'
import { LabelledInput } from './LabelledInput'

/** A labelled input of the account forms, with an optional hint read out with it. */
export function Field(props: ComponentProps<typeof LabelledInput>) {
  return (
    <LabelledInput
      labelClassName="block text-sm font-semibold text-slate-700"
      className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600"
      hintClassName="mt-1 text-xs text-slate-500"
      {...props}
    />
  )
}

type ValueProps = { value: string; onValue: (value: string) => void }

/** The account's display name, on a sign-up form. */
export function NameField({ value, onValue }: ValueProps) {
  return (
    <Field
      label="Nome"
      type="text"
      name="name"
      required
      maxLength={100}
      autoComplete="name"
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  )
}

/** The password of an existing account, on a sign-in form. */
export function CurrentPasswordField({ value, onValue }: ValueProps) {
  return (
    <Field
      label="Senha"
      type="password"
      name="password"
      required
      autoComplete="current-password"
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  )
}

type NewPasswordProps = {
  labels: readonly [password: string, confirmation: string]
  hint?: string
  password: string
  confirmation: string
  onPassword: (value: string) => void
  onConfirmation: (value: string) => void
}

/** A new password typed twice, marked so that password managers offer to generate and store it. */
export function NewPasswordFields({
  labels,
  hint,
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: NewPasswordProps) {
  return (
    <>
      <Field
        label={labels[0]}
        type="password"
        name="new-password"
        required
        autoComplete="new-password"
        hint={hint}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={labels[1]}
        type="password"
        name="confirm-password"
        required
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
      />
    </>
  )
}

/** The error and success lines of a form; screen readers announce them as they appear. */
export function FormMessages({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      <div role="alert" className={error ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : undefined}>
        {error}
      </div>
      <div role="status" className={success ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800' : undefined}>
        {success}
      </div>
    </>
  )
}

export const submitClass =
  'w-full rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60'
export const textLinkClass = 'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline'

/** Entrar / Cadastrar: the two modes of an account form, as tabs. */
export function AccountTabs({
  mode,
  onSwitch,
  className = '',
}: {
  mode: string
  onSwitch: (mode: 'login' | 'signup') => void
  className?: string
}) {
  return (
    <div
      role="tablist"
      aria-label="Entrar ou cadastrar"
      className={`grid grid-cols-2 rounded-full bg-slate-100 p-1 ${className}`}
    >
      {(
        [
          ['login', 'Entrar'],
          ['signup', 'Cadastrar'],
        ] as const
      ).map(([tab, label]) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={mode === tab}
          onClick={() => onSwitch(tab)}
          className={`rounded-full py-2 text-sm font-semibold ${mode === tab ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600'}`}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
