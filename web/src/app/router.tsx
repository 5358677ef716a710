import { lazy, Suspense, type ComponentType } from 'react'
import { matchPath, Navigate, Route, Routes } from './routing'
import { Layout } from './Layout'
import { PageLoading } from '../components/PageLoading'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { GuestOnly, RequireAuth } from './guards'

// The app's own small router (./routing) rather than React Router, which the home page's
// JavaScript budget could not afford. Every page is its own chunk, loaded on first visit.
// A page loaded before the first render (preloadPage) renders at once: React would otherwise show
// the loading fallback for a moment even when the module is already there, which delays the
// first picture of the page (LCP).
type Page = ComponentType & { preload: () => Promise<unknown> }

function page<M>(load: () => Promise<M>, name: keyof M): Page {
  let loaded: ComponentType | undefined
  const preload = () => load().then((m) => (loaded = m[name] as ComponentType))
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

const EventsPage = page(() => import('../features/events/EventsPage'), 'EventsPage')
const EventPage = page(() => import('../features/events/EventPage'), 'EventPage')
const ResultsPage = page(() => import('../features/events/ResultsPage'), 'ResultsPage')
const AboutPage = page(() => import('../features/about/AboutPage'), 'AboutPage')
const ServicesPage = page(() => import('../features/services/ServicesPage'), 'ServicesPage')
const ImpactPage = page(() => import('../features/impact/ImpactPage'), 'ImpactPage')
const TrainingPage = page(() => import('../features/training/TrainingPage'), 'TrainingPage')
const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage')
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage')
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage')
const EventFormPage = page(() => import('../features/event-form/EventFormPage'), 'EventFormPage')

/** The pages of the paths visitors arrive at, for preloadPage; the routes below are the truth. */
const landingPages: [path: string, page: Page][] = [
  ['/', EventsPage],
  ['/about', AboutPage],
  ['/services', ServicesPage],
  ['/impact', ImpactPage],
  ['/training', TrainingPage],
  ['/event/:eventId', EventPage],
  ['/resultado/:eventId', ResultsPage],
]

/** Loads every page a visitor can land on, for the server's renderer (src/ssr/entry.tsx). */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(landingPages.map(([, page]) => page.preload()))
}

/** Loads the page of pathname before the app first renders, so that it renders at once. */
export function preloadPage(pathname: string): Promise<unknown> {
  const found = landingPages.find(([path]) => matchPath(path, pathname))
  return found ? found[1].preload() : Promise.resolve()
}

/** The site. The layout keeps a failing page to its main part; this boundary catches a failing layout. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <SiteRoutes />
    </ErrorBoundary>
  )
}

/** The site's routes. Keep in step with pageRoutes in internal/httpapi/pages.go. */
function SiteRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Lazy page={EventsPage} />} />
        <Route path="about" element={<Lazy page={AboutPage} />} />
        <Route path="services" element={<Lazy page={ServicesPage} />} />
        <Route path="impact" element={<Lazy page={ImpactPage} />} />
        <Route path="training" element={<Lazy page={TrainingPage} />} />
        <Route path="event/:eventId" element={<Lazy page={EventPage} />} />
        <Route path="resultado/:eventId" element={<Lazy page={ResultsPage} />} />
        <Route element={<GuestOnly />}>
          <Route path="login" element={<Lazy page={LoginPage} />} />
        </Route>
        <Route path="redefinir-senha" element={<Lazy page={ResetPasswordPage} />} />
        {/* /cadastro requires login, a deliberate change from SPEC §6 (REQUIREMENTS GUARD-7). */}
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<Lazy page={DashboardPage} />} />
          <Route path="cadastro" element={<Lazy page={EventFormPage} />} />
          <Route path="cadastro/:eventId" element={<Lazy page={EventFormPage} />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  )
}

function Lazy({ page: Page }: { page: Page }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  )
}
