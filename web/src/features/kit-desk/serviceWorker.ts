// The kit desk's service worker (public/retirada-sw.js) keeps the app's shell for /retirada/* only:
// registered from this page alone, scoped to /retirada/, so the public pages neither load it nor
// have their requests pass through it.

export const workerCache = 'pelotao-retirada'

export async function registerDeskWorker() {
  if (!('serviceWorker' in navigator)) return
  try {
    const registration = await navigator.serviceWorker.register('/retirada-sw.js', { scope: '/retirada/' })
    const worker = (await navigator.serviceWorker.ready).active ?? registration.active
    // What this first visit loaded before the worker existed: the page itself and its files.
    worker?.postMessage({ type: 'guardar', urls: loadedFiles() })
  } catch (err) {
    console.error('service worker da retirada', err) // the desk still works online
  }
}

/**
 * Has the worker keep the files loaded so far, once it is active: a chunk fetched before the worker
 * controlled the page (the group's panel, right after the roster arrives) would not be kept else.
 * The worker skips what it keeps already.
 */
export async function keepLoadedFiles() {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration('/retirada/')
  registration?.active?.postMessage({ type: 'guardar', urls: loadedFiles() })
}

/** The page itself and the files it loaded from this site. */
function loadedFiles(): string[] {
  const urls = [location.pathname]
  for (const e of performance.getEntriesByType('resource')) {
    const url = new URL(e.name)
    if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'))
      urls.push(url.pathname)
  }
  return urls
}

/**
 * Removes the worker and what it keeps (the page, which carries the signed-in user, and its
 * files); the next visit online installs it again.
 */
export async function clearDeskWorker() {
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/retirada/') : undefined
  await registration?.unregister()
  if (typeof caches !== 'undefined') await caches.delete(workerCache)
}
