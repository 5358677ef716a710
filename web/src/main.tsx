import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppRoutes, preloadPage } from './app/router'
import { AuthProvider } from './lib/auth'

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
// markup; the others it draws itself.
function render() {
  const root = document.getElementById('root')!
  if (root.firstElementChild) hydrateRoot(root, app)
  else createRoot(root).render(app)
}

// A failed preload is left to the page's own loading, which reports it.
void preloadPage(window.location.pathname).then(render, render)
