import { useEffect } from 'react'

let markTakenOver!: () => void
/** Settles once the app has taken over the page: src/boot.ts then replays what came before. */
export const takenOver = new Promise<void>((resolve) => (markTakenOver = resolve))

/**
 * Marks <html data-ready> once the app has taken over the page, its own part included. It sits
 * beside the page, inside the page's Suspense boundary: React takes the part of a page the server
 * drew over after the rest (the header, the footer), in a later pass, and runs this effect once it
 * has. Until then a drawn page holds a tap for the app (src/lib/platform/earlyInput.ts), so scripts that
 * drive the site, such as the end-to-end tests, wait for the mark.
 */
export function TakenOverMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = ''
    markTakenOver()
  }, [])
  return null
}
