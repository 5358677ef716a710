import { lazy, Suspense, type ComponentType } from 'react'
import { matchPath, Navigate, Route, Routes } from './routing'
import { Layout } from './Layout'
import { PageLoading } from '../components/PageLoading'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { GuestOnly, RequireAuth } from './guards'
import { pages } from './pages'
import { TakenOverMark } from './takeover'

// The app's own small router (./routing) rather than React Router, which the home page's
// JavaScript budget could not afford. Every page is its own chunk, loaded on first visit.
// A page loaded before the first render (preloadPage) renders at once: React would otherwise show
// the loading fallback for a moment even when the module is already there, which delays the
// first picture of the page (LCP).
type Page = ComponentType & { preload: () => Promise<unknown> }

function page(load: () => Promise<Record<string, ComponentType>>, name: string): Page {
  let loaded: ComponentType | undefined
  const preload = () => load().then((m) => (loaded = m[name]))
  const Lazy = lazy(async () => {
    await preload()
    return { default: loaded! }
  })
  const Component = () => {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return Object.assign(Component, { preload })
}

// Every page module the registry may name; each becomes its own chunk.
const modules = import.meta.glob<Record<string, ComponentType>>('../features/*/*Page.tsx')

/** Each page of the registry (./pages.ts) with its lazily loaded component. */
export const routedPages = pages.map((entry) => {
  const load = modules[entry.module]
  if (!load) throw new Error(`pages.json: ${entry.name}: no module ${entry.module}`)
  return { ...entry, Page: page(load, entry.component) }
})

type RoutedPage = (typeof routedPages)[number]

/** The pages the server draws, which visitors land on from links and searches. */
const landingPages = routedPages.filter((p) => p.prerender)

/** Loads every page a visitor can land on, for the server's renderer (src/ssr/entry.tsx). */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(landingPages.map((p) => p.Page.preload()))
}

/** Loads the page of pathname before the app first renders, so that it renders at once. */
export function preloadPage(pathname: string): Promise<unknown> {
  const found = landingPages.find((p) => p.paths.some((path) => matchPath(path, pathname)))
  return found ? found.Page.preload() : Promise.resolve()
}

/** The routes of some pages, behind the guard of their access. */
function routesOf(list: RoutedPage[]) {
  const routes = (access: RoutedPage['access']) =>
    list
      .filter((p) => p.access === access)
      .flatMap((p) => p.paths.map((path) => <Route key={path} path={path} element={<Lazy page={p.Page} />} />))
  return (
    <>
      {routes('public')}
      <Route element={<GuestOnly />}>{routes('guestOnly')}</Route>
      {/* /cadastro requires login, a deliberate change from docs/product.md §6 (docs/requirements.md GUARD-7). */}
      <Route element={<RequireAuth />}>{routes('signedIn')}</Route>
    </>
  )
}

/** The site. The layout keeps a failing page to its main part; this boundary catches a failing layout. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <SiteRoutes />
    </ErrorBoundary>
  )
}

/** The site's routes, from the page registry (internal/site/pages.json), which the server serves alike. */
export function SiteRoutes() {
  return (
    <Routes>
      {/* A bare page (the kit desk) fills the screen: no site header or footer. */}
      {routesOf(routedPages.filter((p) => p.layout === 'bare'))}
      <Route element={<Layout />}>
        {routesOf(routedPages.filter((p) => p.layout === 'site'))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  )
}

function Lazy({ page: Page }: { page: Page }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
      <TakenOverMark />
    </Suspense>
  )
}
