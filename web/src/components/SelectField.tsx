import { useId } from 'react'

type Props = {
  label: string
  value: string | undefined
  onChange: (value: string) => void
  /** [value, text] of each choice. */
  options: readonly (readonly [value: string, text: string])[]
  labelClassName: string
  className: string
}

/**
 * A labelled select, as the filters of a list use it. The label sits beside the select, not
 * around it, so that the options' text is not part of its name.
 */
export function SelectField({ label, value, onChange, options, labelClassName, className }: Props) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
