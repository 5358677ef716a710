import type { ReactNode } from 'react'

/**
 * A table that scrolls sideways on narrow screens instead of squeezing its columns. The
 * scrolling box is a labelled, focusable region so that keyboard users can scroll it too.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  )
}

export const thClass = 'border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-700'
export const tdClass = 'border-b border-slate-100 px-3 py-2 text-slate-800'
