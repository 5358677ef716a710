import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type Tab<K extends string> = { id: K; label: string }

type TabsProps<K extends string> = {
  /** The tablist's accessible name. */
  label: string
  /** Keeps the ids of two tablists on one page apart. */
  idPrefix: string
  tabs: readonly Tab<K>[]
  selected: K
  onSelect: (id: K) => void
  /** 'segmented' for the panel switch, 'underline' for a panel's sections. */
  look?: 'segmented' | 'underline'
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`

/**
 * A WAI-ARIA tablist with automatic activation: the arrow keys, Home and End move to a tab and
 * select it; only the selected tab is in the Tab order. On a phone the underline look wraps its
 * tabs onto more rows, so that none is hidden; wider, one row scrolls sideways when it must, with
 * the selected tab scrolled into view.
 */
export function Tabs<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  look = 'underline',
}: TabsProps<K>) {
  const buttons = useRef(new Map<K, HTMLButtonElement>())

  // Only the row scrolls, never the page: scrollIntoView would also move the page to the tabs.
  useEffect(() => {
    const tab = buttons.current.get(selected)
    const row = tab?.parentElement
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return
    if (tab.offsetLeft < row.scrollLeft) row.scrollLeft = tab.offsetLeft
    else if (tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = tab.offsetLeft + tab.offsetWidth - row.clientWidth
  }, [selected])

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const at = tabs.findIndex((t) => t.id === selected)
    const next = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: tabs.length - 1,
    }[e.key]
    if (next === undefined) return
    e.preventDefault()
    const tab = tabs[(next + tabs.length) % tabs.length]!
    onSelect(tab.id)
    buttons.current.get(tab.id)?.focus()
  }

  const segmented = look === 'segmented'
  return (
    <div
      role="tablist"
      aria-label={label}
      className={
        segmented
          ? 'inline-flex w-full rounded-full bg-slate-200 p-1 sm:w-auto'
          : 'relative flex flex-wrap border-b border-slate-200 sm:flex-nowrap sm:overflow-x-auto'
      }
    >
      {tabs.map((t) => {
        const active = t.id === selected
        return (
          <button
            key={t.id}
            ref={(el) => {
              if (el) buttons.current.set(t.id, el)
              else buttons.current.delete(t.id)
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={active}
            // Only the shown panel exists, so only its tab points at it.
            aria-controls={active ? tabPanelId(idPrefix, t.id) : undefined}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={onKeyDown}
            className={
              segmented
                ? `flex-auto rounded-full px-2 py-2 text-sm font-semibold leading-tight transition-colors sm:flex-none sm:px-4 ${
                    active ? 'bg-white text-brand-800 shadow' : 'text-slate-700 hover:text-brand-800'
                  }`
                : `-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold transition-colors sm:px-4 ${
                    active
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:text-brand-800'
                  }`
            }
          >
            {t.label}
          </button>
        )
      })}
    </div>
  )
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0}>
      {children}
    </div>
  )
}
