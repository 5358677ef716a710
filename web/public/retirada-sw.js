// Service worker of the kit desk, registered only by /retirada/{eventId} with scope /retirada/
// (web/src/features/kit-desk/serviceWorker.ts). It keeps the desk's page and its files so that
// the desk opens with no network; the roster and the pickups live in IndexedDB, not here, and no
// API answer is ever cached (requests to /api/ go straight to the network).
/* global self, caches, fetch, URL, setTimeout */
const cacheName = 'pelotao-retirada'
// A slow hall network: after this long the page kept from the last visit is shown instead.
const networkWait = 4000

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

// The page lists what it loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'guardar' || !Array.isArray(event.data.urls)) return
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      Promise.all(
        event.data.urls
          .filter(
            (u) =>
              typeof u === 'string' && (u.startsWith('/retirada/') || u.startsWith('/assets/') || u === '/favicon.svg'),
          )
          .map((u) =>
            cache
              .match(u)
              .then((hit) => hit || cache.add(u))
              .catch(() => undefined),
          ),
      ),
    ),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && url.pathname.startsWith('/retirada/')) {
    event.respondWith(page(request, url.pathname))
  } else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(file(request))
  }
})

// The page: from the network when it answers in time (and kept for next time), else the kept copy.
async function page(request, key) {
  const cache = await caches.open(cacheName)
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(key, response.clone())
    return response
  })
  const kept = await cache.match(key)
  if (!kept) return fromNetwork
  const timeout = new Promise((resolve) => setTimeout(() => resolve(kept), networkWait))
  return Promise.race([fromNetwork.catch(() => kept), timeout])
}

// Built files carry a hash in their name, so a kept copy is always right.
async function file(request) {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(request, { ignoreSearch: true })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}
