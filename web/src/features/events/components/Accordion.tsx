import { useId, useState, type ReactNode } from 'react'
import { ChevronIcon } from './icons'

export type AccordionItem = { key: string; title: ReactNode; aside?: ReactNode; content: ReactNode }

type Props = { items: AccordionItem[]; headingLevel: 2 | 3 }

/**
 * The modalities accordion of the event and results pages: the first item starts open and opening
 * one closes the other, so at most one is open (EVT-15/16, RES-8/9).
 */
export function Accordion({ items, headingLevel }: Props) {
  const [open, setOpen] = useState<number | null>(0)
  const id = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item, i) => {
        const expanded = open === i
        const buttonId = `${id}-botao-${i}`
        const panelId = `${id}-painel-${i}`
        return (
          <div key={item.key}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className={`flex w-full items-center gap-3 px-4 py-4 text-left transition sm:px-5 ${
                  expanded ? 'bg-brand-50' : 'hover:bg-slate-50'
                }`}
              >
                <span className="min-w-0 flex-1 text-base font-extrabold text-slate-900 sm:text-lg">{item.title}</span>
                {item.aside && <span className="shrink-0 text-sm font-bold text-brand-700">{item.aside}</span>}
                <ChevronIcon className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-4 pb-5 pt-3 sm:px-5">
              {item.content}
            </div>
          </div>
        )
      })}
    </div>
  )
}
