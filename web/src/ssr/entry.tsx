// The server's renderer (internal/prerender): the public pages as HTML, which the browser then
// hydrates (src/main.tsx). Built by vite.ssr.config.ts into one script for goja.
import './environment'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server.browser'
import { StaticRouter } from '../app/routing'
import { AppRoutes, preloadAllPages } from '../app/router'
import { AuthProvider } from '../lib/auth'
import { provideInitialData } from '../lib/platform/initialData'
import { setServerOrigin } from '../lib/platform/origin'

/** Settles once every page's module is loaded; render is ready then. */
export const ready = preloadAllPages()

/**
 * The markup of the page at path (with its query) for the page's first data, the JSON the page
 * carries as #initial-data; origin is the browser's location.origin, for the links that name it.
 */
export function render(origin: string, path: string, data: string): string {
  setServerOrigin(origin)
  provideInitialData(JSON.parse(data) as Record<string, unknown>)
  return renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </StaticRouter>
    </StrictMode>,
  )
}
