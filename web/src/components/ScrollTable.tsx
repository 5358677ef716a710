import { useLayoutEffect, useRef, type ReactNode } from 'react'

type Props = {
  label: string
  columns: readonly string[]
  /** The body rows, made of RowHeader and Cell. */
  children: ReactNode
}

/**
 * A table that becomes a list of cards on a phone (below 640 px): each row a card, its row header
 * on top and each cell beside its column's name, so that nothing needs scrolling sideways. Wider,
 * it is a table that scrolls sideways instead of squeezing its columns; the scrolling box is a
 * labelled, focusable region so that keyboard users can scroll it too.
 */
export function ScrollTable({ label, columns, children }: Props) {
  const table = useRef<HTMLTableElement>(null)
  // A card names each value by its column: the cells carry it as data-label, which the phone's CSS
  // shows before them. Set here, after each render, so that the rows' code stays a plain table's.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      let column = 0
      for (const cell of row.cells) {
        cell.dataset.label = cell.colSpan > 1 ? '' : (columns[column] ?? '')
        column += cell.colSpan
      }
    }
  })
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus for keyboards to scroll it (WCAG 2.1.1; axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table ref={table} className="w-full text-left text-sm max-sm:block sm:min-w-max">
        <caption className="sr-only">{label}</caption>
        <thead className="max-sm:sr-only">
          <tr>
            {columns.map((h) => (
              <th
                key={h}
                scope="col"
                className="border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-700"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:divide-y max-sm:divide-slate-200 max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:py-2">
          {children}
        </tbody>
      </table>
    </div>
  )
}

const cellClass = 'border-b border-slate-100 px-3 py-2 text-slate-800 max-sm:block max-sm:border-0 max-sm:py-0.5'

/**
 * The cell that names its row (a person, a course), for screen readers reading across; a card's
 * title on a phone, drawn first wherever its column is (screen readers keep the table's order).
 */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={`${cellClass} font-semibold max-sm:order-first max-sm:w-full max-sm:text-base`}>
      {children}
    </th>
  )
}

/** A data cell; numeric ones keep their digits aligned down the column. On a phone, its column's name comes first. */
export function Cell({
  numeric,
  className,
  colSpan,
  children,
}: {
  numeric?: boolean
  className?: string
  colSpan?: number
  children: ReactNode
}) {
  const classes = [
    cellClass,
    'max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] max-sm:empty:hidden',
    numeric && 'tabular-nums',
    className,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <td colSpan={colSpan} className={classes}>
      {children}
    </td>
  )
}
