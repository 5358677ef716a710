import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from './reactDom'
import { BrowserRouter } from './app/routing'
import { AppRoutes, preloadPage } from './app/router'
import { AuthProvider } from './lib/auth'

const app = (
  <StrictMode>
    <BrowserRouter>
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    </BrowserRouter>
    <ReadyMark />
  </StrictMode>
)

/**
 * Marks <html data-ready> once the app has taken over the page. Until then a drawn page's buttons
 * do nothing (its links work), so scripts that drive the site, such as the end-to-end tests, wait for it.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = ''
  }, [])
  return null
}

// The public pages come drawn by the server (src/ssr/entry.tsx), and the app takes over that
// markup; the others it draws itself. Taking over is a transition, which React does in slices,
// giving the main thread back between them (a tap meanwhile is replayed once its part is ready):
// on a phone (4× slowed CPU), the event page's long tasks fell from 840 to 520 ms (median of 12).
function render() {
  const root = document.getElementById('root')!
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}

// A failed preload is left to the page's own loading, which reports it.
void preloadPage(window.location.pathname).then(render, render)
