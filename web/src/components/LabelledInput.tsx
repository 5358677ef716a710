import { useId, type ComponentProps, type ReactNode } from 'react'

type LabelledInputProps = Omit<ComponentProps<'input'>, 'aria-invalid' | 'children'> & {
  /** The input's name for everyone: the text of its <label>. */
  label: string
  /** Read out with the input, below it: `${id}-dica`. */
  hint?: ReactNode
  /** What is wrong with the value: `${id}-erro`, below the hint; the input is aria-invalid only while it is set. */
  error?: string
  /** The error is a role="alert", announced as it appears (a form of one field, where nothing else says it). */
  announceError?: boolean
  /** Shown between the hint and the error: a chosen file's name, an upload's progress. */
  children?: ReactNode
  /** The <div> around it all. */
  fieldClassName?: string
  labelClassName?: string
  hintClassName?: string
  errorClassName?: string
}

/**
 * A <label> and its <input>, tied by id (`id` or a useId), with an optional hint and error below,
 * both read out with the input through aria-describedby (after any the caller passes).
 * Every other prop is the input's: `className`, `ref` (react-hook-form's `register`, a RefObject),
 * `type`, `onChange`… The classes default to those of most of the site's forms; the kit desk's
 * big fields, the account forms and the file pickers pass their own.
 */
export function LabelledInput({
  label,
  hint,
  error,
  announceError,
  children,
  fieldClassName,
  labelClassName = 'block text-sm font-semibold text-slate-800',
  hintClassName = 'mt-1 text-sm text-slate-600',
  errorClassName = 'mt-1 text-sm font-medium text-red-700',
  id: givenId,
  'aria-describedby': describedBy,
  ...input
}: LabelledInputProps) {
  const ownId = useId()
  const id = givenId ?? ownId
  const hintId = `${id}-dica`
  const errorId = `${id}-erro`
  const described = [describedBy, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={fieldClassName}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {hint && (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} role={announceError ? 'alert' : undefined} className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  )
}
