import { useId, useState, type ReactNode } from 'react'
import { ChevronIcon } from './icons'

export type AccordionItem = { key: string; title: ReactNode; aside?: ReactNode; content: ReactNode }

type Props = { items: AccordionItem[]; headingLevel: 2 | 3 }

/**
 * The modalities accordion of the event and results pages: the first item starts open and opening
 * one closes the other, so at most one is open (EVT-15/16, RES-8/9).
 *
 * Each item is a <details>, which the browser opens by itself, before the app has taken over a page
 * the server drew too (src/lib/platform/earlyInput.ts then tells the app). The shared name makes the browser
 * keep one open; the app keeps the same rule where a browser lacks that.
 */
export function Accordion({ items, headingLevel }: Props) {
  const [open, setOpen] = useState<number | null>(0)
  const group = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item, i) => {
        return (
          <details
            key={item.key}
            name={group}
            open={open === i}
            // The browser may have opened it before the app took the page over.
            suppressHydrationWarning
            // Fired after any change, the browser's or the app's own: follow what the item shows.
            onToggle={(e) => {
              const nowOpen = e.currentTarget.open
              setOpen((current) => (nowOpen ? i : current === i ? null : current))
            }}
            className="group"
          >
            <summary className="flex w-full cursor-pointer list-none items-center gap-3 px-4 py-4 text-left transition hover:bg-slate-50 group-open:bg-brand-50 sm:px-5 [&::-webkit-details-marker]:hidden">
              <Heading className="m-0 min-w-0 flex-1 text-base font-extrabold text-slate-900 sm:text-lg">
                {item.title}
              </Heading>
              {item.aside && <span className="shrink-0 text-sm font-bold text-brand-700">{item.aside}</span>}
              <ChevronIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-4 pb-5 pt-3 sm:px-5">{item.content}</div>
          </details>
        )
      })}
    </div>
  )
}
