// The form's building blocks: every control has a label, its own error slot tied to it by
// aria-describedby, and the required mark only where the caller asks for it.
import { type ReactNode, type InputHTMLAttributes, type ChangeEvent } from 'react'
import {
  get,
  useController,
  useFormContext,
  type FieldError,
  type FieldPath,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import type { EventFormValues } from './formModel'

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-[invalid=true]:border-red-600'

export function fieldId(name: string) {
  return 'campo-' + name.replace(/\./g, '-')
}

export function errorId(name: string) {
  return fieldId(name) + '-erro'
}

/** The message of the field's error, from the schema, a transition or the server's 422. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<EventFormValues>()
  return (get(formState.errors, name) as FieldError | undefined)?.message
}

export function ErrorSlot({ name, message }: { name: string; message?: string }) {
  return (
    <p id={errorId(name)} className="mt-1 min-h-0 text-sm font-medium text-red-700 empty:hidden">
      {message}
    </p>
  )
}

// The mark sits beside the label, not in it, so that the label (the field's name) is just the words.
function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <div className="flex gap-0.5 text-sm font-semibold text-slate-800">
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      )}
    </div>
  )
}

type Common = {
  name: string
  label: ReactNode
  required?: boolean
  hint?: string
  className?: string
  /** Replaces register's onChange, for fields whose change moves other fields (docs/product.md §4). */
  onChange?: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void
}

function useControl(name: string, required: boolean | undefined, onChange: Common['onChange'], hint?: string) {
  const { register } = useFormContext<EventFormValues>()
  const message = useFieldError(name)
  const reg = register(name as never) as UseFormRegisterReturn
  const id = fieldId(name)
  const describedBy = [hint ? id + '-dica' : '', errorId(name)].filter(Boolean).join(' ')
  return {
    message,
    props: {
      ...reg,
      // The caller's moves happen first, so the field's own change already finds them done.
      onChange: onChange
        ? (e: ChangeEvent<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>) => {
            onChange(e)
            return reg.onChange(e)
          }
        : reg.onChange,
      id,
      'aria-invalid': message ? true : undefined,
      'aria-required': required ? true : undefined,
      'aria-describedby': describedBy,
    },
  }
}

function Hint({ name, hint }: { name: string; hint?: string }) {
  return hint ? (
    <p id={fieldId(name) + '-dica'} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  onChange,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange'>) {
  const { message, props } = useControl(name, required, onChange, hint)
  return (
    <div className={className}>
      <Label htmlFor={props.id} required={required}>
        {label}
      </Label>
      <input type="text" className={inputClass} {...input} {...props} />
      <Hint name={name} hint={hint} />
      <ErrorSlot name={name} message={message} />
    </div>
  )
}

export function TextArea({ name, label, required, hint, className, rows = 4 }: Common & { rows?: number }) {
  const { message, props } = useControl(name, required, undefined, hint)
  return (
    <div className={className}>
      <Label htmlFor={props.id} required={required}>
        {label}
      </Label>
      <textarea rows={rows} className={inputClass} {...props} />
      <Hint name={name} hint={hint} />
      <ErrorSlot name={name} message={message} />
    </div>
  )
}

export type Option = { value: string; label: string }

/**
 * Controlled, unlike the other fields: its options change with other fields (largadas,
 * modalidades…), and React then keeps the chosen option shown, which the DOM alone would not.
 */
export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  onChange,
  options,
  placeholder,
}: Common & { options: Option[]; placeholder?: string }) {
  const { control } = useFormContext<EventFormValues>()
  const {
    ref,
    value,
    onBlur,
    onChange: setValue,
  } = useController({ control, name: name as FieldPath<EventFormValues> }).field
  const message = useFieldError(name)
  const id = fieldId(name)
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <select
        id={id}
        className={inputClass}
        name={name}
        ref={ref}
        value={String(value ?? '')}
        onBlur={onBlur}
        onChange={(e) => {
          onChange?.(e)
          setValue(e)
        }}
        aria-invalid={message ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={[hint ? id + '-dica' : '', errorId(name)].filter(Boolean).join(' ')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint name={name} hint={hint} />
      <ErrorSlot name={name} message={message} />
    </div>
  )
}

export function CheckboxField({ name, label, className, onChange }: Common) {
  const { message, props } = useControl(name, false, onChange)
  return (
    <div className={className}>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input type="checkbox" className="h-5 w-5 rounded border-slate-300 accent-brand-700" {...props} />
        {label}
      </label>
      <ErrorSlot name={name} message={message} />
    </div>
  )
}

/** A choice among a few formats (texto / estruturado…), as radio buttons in a fieldset. */
export function RadioGroup({ name, label, options, onChange }: Omit<Common, 'required'> & { options: Option[] }) {
  const { register } = useFormContext<EventFormValues>()
  const reg = register(name as never) as UseFormRegisterReturn
  const message = useFieldError(name)
  return (
    <fieldset aria-describedby={errorId(name)} aria-invalid={message ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              value={o.value}
              className="h-5 w-5 accent-brand-700"
              {...reg}
              onChange={(e) => {
                onChange?.(e)
                return reg.onChange(e)
              }}
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorSlot name={name} message={message} />
    </fieldset>
  )
}

/** A titled part of the form. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** One row of a list (a lot, a kit, a modality…), with its own legend and row buttons. */
export function Row({ legend, actions, children }: { legend: string; actions: ReactNode; children: ReactNode }) {
  return (
    // The legend stays the fieldset's first child so it names the group; the buttons sit beside it.
    <fieldset className="relative min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <legend className="float-left w-full pr-36 pt-2 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="absolute right-3 top-3 flex gap-1 sm:right-4 sm:top-4">{actions}</div>
      <div className="clear-both space-y-3 pt-3">{children}</div>
    </fieldset>
  )
}

const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-slate-700 ' +
  'hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'

/** Move up, move down and remove for the row called `what` at `index` of `count`. */
export function RowActions({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string
  index: number
  count: number
  onMove?: (from: number, to: number) => void
  onRemove: () => void
}) {
  return (
    <>
      {onMove && (
        <>
          <button
            type="button"
            className={smallButton}
            aria-label={`Mover ${what} para cima`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <Arrow up />
          </button>
          <button
            type="button"
            className={smallButton}
            aria-label={`Mover ${what} para baixo`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <Arrow />
          </button>
        </>
      )}
      <button type="button" className={smallButton + ' text-red-700'} aria-label={`Remover ${what}`} onClick={onRemove}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </>
  )
}

function Arrow({ up }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        d={up ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'}
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** `label` names the button when several lists share its visible text ("Adicionar item"). */
export function AddButton({ children, onClick, label }: { children: ReactNode; onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-1 rounded-md border border-dashed border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <span aria-hidden="true">+</span> {children}
    </button>
  )
}

/** The message for a whole list (too many rows), under its add button. */
export function ListError({ name }: { name: string }) {
  const { formState } = useFormContext<EventFormValues>()
  const err = get(formState.errors, name) as (FieldError & { root?: FieldError }) | undefined
  const message = err?.message ?? err?.root?.message
  return message ? <p className="text-sm font-medium text-red-700">{message}</p> : null
}
