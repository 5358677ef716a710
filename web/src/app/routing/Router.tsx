import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  resolve,
  type History,
  type Location,
} from './history'

export type NavigateOptions = { replace?: boolean; state?: unknown }

/** Goes to an address (see resolve in history.ts), or moves through history: navigate(-1) is Back. */
export type Navigate = (to: string | number, options?: NavigateOptions) => void

type Router = { location: Location; navigate: Navigate }

const RouterContext = createContext<Router | null>(null)

/**
 * Holds where the app is and moves it. A move shows its page as a transition, as React Router
 * did: the current page stays on screen while the next one's module loads, instead of the
 * loading fallback.
 */
function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.read)
  useLayoutEffect(() => history.listen(() => startTransition(() => setLocation(history.read()))), [history])
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to)
      const next = resolve(to, history.read().pathname, options.state ?? null)
      history.write(next, options.replace ?? false)
      startTransition(() => setLocation(next))
    },
    [history],
  )
  const router = useMemo(() => ({ location, navigate }), [location, navigate])
  return <RouterContext value={router}>{children}</RouterContext>
}

/** The app in the browser, at the address of the page and moving with its history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory)
  return <Router history={history}>{children}</Router>
}

/** The app in tests, at the last of initialEntries (paths). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries))
  return <Router history={history}>{children}</Router>
}

/** The app on the server, at location (a path with its query); it reads nothing of window. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [history] = useState(() => createStaticHistory(location))
  return <Router history={history}>{children}</Router>
}

function useRouter(hook: string) {
  const router = useContext(RouterContext)
  if (!router) throw new Error(`${hook}() needs a router around it (BrowserRouter, MemoryRouter or StaticRouter)`)
  return router
}

export function useLocation(): Location {
  return useRouter('useLocation').location
}

/** The same function for the life of the router, so it can sit in an effect's dependencies. */
export function useNavigate(): Navigate {
  return useRouter('useNavigate').navigate
}

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0]

/** Sets the page's query: to the given params, or to what a function makes of the current ones. */
export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void

/** The page's query, and a way to change it that keeps the path (and drops the fragment). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter('useSearchParams')
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const setParams = useCallback<SetSearchParams>(
    (next, options) => navigate(`?${new URLSearchParams(typeof next === 'function' ? next(params) : next)}`, options),
    [navigate, params],
  )
  return [params, setParams]
}
