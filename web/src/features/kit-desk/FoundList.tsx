import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { SearchResult } from './search'

/**
 * How many cards a search draws at once: a phone shows two or three below the search box. Every
 * keystroke draws its cards (some twenty elements each to create, style, lay out and paint), the
 * first letter before the browser has warmed up to any; a screenful keeps each keystroke within its
 * 100 ms on a slow phone (KIT-13).
 */
export const firstCards = 4

type Props = {
  found: SearchResult
  card: (id: string) => ReactNode
  /** The desk's index is not made from the roster it shows yet (aria-busy, which scripts wait on). */
  busy: boolean
}

/**
 * The cards of a search, a screenful first: the others are drawn when the list's end comes into
 * view (scrolled to, reached by the keyboard, or on a screen tall enough to show it at once).
 */
export function FoundList({ found, card, busy }: Props) {
  // The cards found when the list's end was last seen: the same cards found again stay drawn.
  const [whole, setWhole] = useState('')
  const key = found.ids.join('\n')
  const showAll = useCallback(() => setWhole(key), [key])
  const ids = whole === key ? found.ids : found.ids.slice(0, firstCards)
  // In the page, a search's results are painted with the next frame: scripts/kit-desk-speed.ts times
  // each keystroke's paint from this User Timing mark.
  useLayoutEffect(() => void performance.mark('retirada:resultados'), [found])
  return (
    <>
      <ul aria-label="Inscritos encontrados" aria-busy={busy} className="flex flex-col gap-3">
        {ids.map((id) => card(id))}
      </ul>
      {ids.length < found.ids.length ? (
        <ListEnd onView={showAll} />
      ) : (
        found.more && <p className="mt-3 text-lg">Há mais resultados: digite mais letras do nome.</p>
      )}
    </>
  )
}

/** An empty mark that calls onView whenever it comes on screen (and at once if it is there already). */
function ListEnd({ onView }: { onView: () => void }) {
  const mark = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onView()
    })
    observer.observe(mark.current!)
    return () => observer.disconnect()
  }, [onView])
  return <div ref={mark} className="h-px" />
}
