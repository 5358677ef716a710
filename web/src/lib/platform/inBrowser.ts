import { useSyncExternalStore } from 'react'

const noChanges = () => () => {}

/**
 * False in the server's markup and while the browser hydrates it, true after. Code that only the
 * browser loads (a lazy component: the server's renderer cannot wait for it) is left out of the
 * drawn page and of its hydration alike, so the two agree.
 */
export function useInBrowser() {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}
