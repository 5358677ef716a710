import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from './reactDom'
import { BrowserRouter } from './app/routing'
import { AppRoutes, preloadPage } from './app/router'
import { AuthProvider } from './lib/auth'

export { takenOver } from './app/takeover'

const app = (
  <StrictMode>
    <BrowserRouter>
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>
)

// The public pages come drawn by the server (src/ssr/entry.tsx), and the app takes over that
// markup; the others it draws itself. Taking over is a transition, which React does in slices,
// giving the main thread back between them (a tap meanwhile is held for it, src/lib/platform/earlyInput.ts):
function render() {
  const root = document.getElementById('root')!
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}

// A failed preload is left to the page's own loading, which reports it.
void preloadPage(window.location.pathname).then(render, render)
