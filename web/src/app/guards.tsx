import { Navigate, Outlet, useLocation } from './routing'
import { useAuth } from '../lib/auth'
import { PageLoading } from '../components/PageLoading'

// Where the guard of a signed-in-only page sent the visitor from, to go back there after login.
type FromState = { from?: string } | null

/**
 * The page to open after signing in: the one the visitor was sent away from, else the `next`
 * parameter of /login (a link in an e-mail, such as a team invitation, cannot carry history
 * state), else the dashboard. Only a path of this site: '//host' and '/\host' leave it.
 */
export function afterLoginPath(state: unknown, next?: string | null) {
  const from = (state as FromState)?.from ?? next
  const sitePath = from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
  return sitePath && !from.startsWith('/login') ? from : '/dashboard'
}

/**
 * Layout route for signed-in users only (/dashboard, /cadastro). A visitor goes to /login and
 * comes back after signing in; someone who just chose 'Sair' here goes home (docs/product.md §4). While the
 * session is still loading nothing is decided, so nothing flashes.
 */
export function RequireAuth() {
  const { loading, isAuthenticated, signedOut } = useAuth()
  const location = useLocation()
  if (loading) return <PageLoading />
  if (signedOut) return <Navigate to="/" replace />
  if (!isAuthenticated) {
    const from = location.pathname + location.search + location.hash
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />
  }
  return <Outlet />
}

/** Layout route for visitors only (/login): a signed-in user goes on, to the dashboard or back. */
export function GuestOnly() {
  const { loading, isAuthenticated } = useAuth()
  const location = useLocation()
  if (loading) return <PageLoading />
  if (isAuthenticated)
    return <Navigate to={afterLoginPath(location.state, new URLSearchParams(location.search).get('next'))} replace />
  return <Outlet />
}
