// Where the app is, and the three places that keep it: the browser's history, a list in memory
// (tests) and one fixed address (the server's renderer). No React here; Router.tsx wraps them.

/** An address of the site, with the state a navigation carried and the key of its history entry. */
export type Location = {
  pathname: string
  search: string
  hash: string
  state: unknown
  /** 'default' for the entry the visit started on, a fresh key for every navigation after. */
  key: string
}

export type History = {
  read(): Location
  /** Adds an entry for location, or replaces the current one. */
  write(location: Location, replace: boolean): void
  /** Moves through the entries (-1 is Back); listeners hear where it arrived. */
  go(delta: number): void
  listen(onMove: () => void): () => void
}

/** The address as text, as in an href. */
export function createPath({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return pathname + search + hash
}

/**
 * The location a link or navigation names: an absolute path ('/event/x?a=1#b'), or a query or
 * fragment alone ('?aba=anteriores'), which stays on the current page. The site uses no other.
 */
export function resolve(to: string, pathname: string, state: unknown = null): Location {
  const hashAt = to.indexOf('#')
  const hash = hashAt < 0 || hashAt === to.length - 1 ? '' : to.slice(hashAt)
  const rest = hashAt < 0 ? to : to.slice(0, hashAt)
  const searchAt = rest.indexOf('?')
  const search = searchAt < 0 || searchAt === rest.length - 1 ? '' : rest.slice(searchAt)
  const path = searchAt < 0 ? rest : rest.slice(0, searchAt)
  return { pathname: path || pathname, search, hash, state, key: newKey() }
}

function newKey() {
  return Math.random().toString(36).slice(2, 10)
}

// What the browser's history entries carry: the navigation's state and the entry's key.
type EntryState = { usr: unknown; key: string } | null

/** The browser's own history; read only after the page has loaded, never on the server. */
export function createBrowserHistory(): History {
  return {
    read() {
      const { pathname, search, hash } = window.location
      const entry = window.history.state as EntryState
      return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }
    },
    write(location, replace) {
      const entry: EntryState = { usr: location.state, key: location.key }
      if (replace) window.history.replaceState(entry, '', createPath(location))
      else window.history.pushState(entry, '', createPath(location))
    },
    go: (delta) => window.history.go(delta),
    listen(onMove) {
      window.addEventListener('popstate', onMove)
      return () => window.removeEventListener('popstate', onMove)
    },
  }
}

/** A history in memory, starting at the last of entries (paths), as for tests. */
export function createMemoryHistory(entries: string[]): History {
  const stack = entries.map((path, i) => ({ ...resolve(path, '/'), key: i === 0 ? 'default' : newKey() }))
  let index = stack.length - 1
  const listeners = new Set<() => void>()
  return {
    read: () => stack[index]!,
    write(location, replace) {
      if (!replace) index += 1
      stack.splice(index, replace ? 1 : stack.length, location)
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), stack.length - 1)
      listeners.forEach((onMove) => onMove())
    },
    listen(onMove) {
      listeners.add(onMove)
      return () => listeners.delete(onMove)
    },
  }
}

/** One fixed address, for rendering on the server: nothing moves. */
export function createStaticHistory(path: string): History {
  const location = { ...resolve(path, '/'), key: 'default' }
  return { read: () => location, write() {}, go() {}, listen: () => () => {} }
}
