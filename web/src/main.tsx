import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppRoutes, preloadPage } from './app/router'
import { AuthProvider } from './lib/auth'
import './styles.css'

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  )
}

// A failed preload is left to the page's own loading, which reports it.
void preloadPage(window.location.pathname).then(render, render)
