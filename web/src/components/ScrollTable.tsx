import type { ReactNode } from 'react'

type Props = {
  label: string
  columns: readonly string[]
  /** The body rows, made of RowHeader and Cell. */
  children: ReactNode
}

/**
 * A table that scrolls sideways on narrow screens instead of squeezing its columns. The
 * scrolling box is a labelled, focusable region so that keyboard users can scroll it too.
 */
export function ScrollTable({ label, columns, children }: Props) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus for keyboards to scroll it (WCAG 2.1.1; axe scrollable-region-focusable)
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className="border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

const cellClass = 'border-b border-slate-100 px-3 py-2 text-slate-800'

/** The cell that names its row (a person, a course), for screen readers reading across. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={`${cellClass} font-semibold`}>
      {children}
    </th>
  )
}

/** A data cell; numeric ones keep their digits aligned down the column. */
export function Cell({ numeric, className, children }: { numeric?: boolean; className?: string; children: ReactNode }) {
  const classes = [cellClass, numeric && 'tabular-nums', className].filter(Boolean).join(' ')
  return <td className={classes}>{children}</td>
}
