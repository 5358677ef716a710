import { Children, createContext, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from 'react'
import { useLocation } from './Router'

export type Params = Readonly<Partial<Record<string, string>>>

export type RouteProps = {
  /** Relative to the parent route: 'about', 'event/:eventId', '*' (any other address). */
  path?: string
  /** Shown at its parent's own address. */
  index?: boolean
  /** What the route shows; a layout shows its matched child where it puts an <Outlet />. */
  element?: ReactNode
  children?: ReactNode
}

/** Declares a route inside <Routes>, which reads it; it renders nothing itself. */
export function Route(_: RouteProps): ReactNode {
  return null
}

// What an <Outlet /> inside a matched route shows, and the params of the whole match.
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} })

/**
 * Shows the route that best matches the address, inside its layouts. As in React Router, the
 * most specific path wins whatever the order ('cadastro/:eventId' before '*'), and a route with
 * neither path nor index (a layout or a guard) matches only through its children.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  for (const { pattern, routes } of branches(children)) {
    const params = matchPath(pattern, pathname)
    if (!params) continue
    return routes.reduceRight<ReactNode>(
      (outlet, route) => (
        <RouteContext value={{ outlet, params }}>{route.element === undefined ? outlet : route.element}</RouteContext>
      ),
      null,
    )
  }
  return null
}

/** Where a layout route shows its matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet
}

/** The params of the matched route, such as eventId for 'event/:eventId', decoded. */
export function useParams(): Params {
  return useContext(RouteContext).params
}

// A route that can match, with its full pattern and the routes from the outermost layout down to it.
type Branch = { pattern: string; score: number; routes: RouteProps[] }

function branches(children: ReactNode): Branch[] {
  const found: Branch[] = []
  collect(children, '', [], found)
  // Array.sort is stable: among equal scores the first declared wins.
  return found.sort((a, b) => b.score - a.score)
}

// Children before their parent, as in React Router, so a tie between them goes to the child.
function collect(children: ReactNode, parentPattern: string, parents: RouteProps[], found: Branch[]) {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return
    const props = (child as ReactElement<RouteProps>).props
    if (child.type === Fragment) return collect(props.children, parentPattern, parents, found)
    const pattern = props.path === undefined ? parentPattern : `${parentPattern}/${props.path}`.replace(/\/\/+/g, '/')
    const routes = [...parents, props]
    collect(props.children, pattern, routes, found)
    if (props.path !== undefined || props.index) found.push({ pattern, score: score(pattern, props.index), routes })
  })
}

// React Router's ranking: static segments weigh most, then params; a '*' counts against.
function score(pattern: string, index?: boolean) {
  const segments = pattern.split('/')
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0)
  for (const s of segments) if (s !== '*') total += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10
  return total
}

/**
 * The params when pathname matches pattern ('/event/:eventId', '/*') as a whole, ignoring case and
 * a trailing slash; null otherwise.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const names: string[] = []
  let source = pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name)
      return '/([^\\/]+)'
    })
  if (pattern.endsWith('*')) {
    names.push('*')
    source += source === '/' ? '(.*)' : '(?:\\/(.+)|\\/*)'
  } else source += '\\/*'
  const found = new RegExp(`^${source}$`, 'i').exec(pathname)
  if (!found) return null
  return Object.fromEntries(names.map((name, i) => [name, decode(found[i + 1] ?? '')]))
}

function decode(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
