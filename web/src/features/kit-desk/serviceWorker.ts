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
    const urls = [location.pathname]
    for (const e of performance.getEntriesByType('resource')) {
      const url = new URL(e.name)
      if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'))
        urls.push(url.pathname)
    }
    worker?.postMessage({ type: 'guardar', urls })
  } catch (err) {
    console.error('service worker da retirada', err) // the desk still works online
  }
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
