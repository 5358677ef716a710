import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { api } from './platform/api'
import { forgetInitialData, initialData } from './platform/initialData'

// The signed-in person, as GET /api/auth/session and the sign-in routes answer. Until
// emailVerificado, the layout asks the person to confirm the address (AUTH-30).
export type AuthUser = { uid: string; email: string; displayName: string; createdAt: string; emailVerificado: boolean }

/** `token`: the invitation's, from its sign-up link (/login?modo=cadastro&convite=…), verifies the address at once. */
export type SignupInput = { email: string; password: string; displayName: string; token?: string }

export type Auth = {
  user: AuthUser | null
  isAuthenticated: boolean
  /** True until the server first answers whether this browser has a session. */
  loading: boolean
  /** True once the person signed out in this tab: a signed-in-only page then goes home, not to /login. */
  signedOut: boolean
  login: (email: string, password: string) => Promise<AuthUser>
  signup: (input: SignupInput) => Promise<AuthUser>
  logout: () => Promise<void>
  requestPasswordReset: (email: string) => Promise<void>
  /** Asks the server again (after a password reset ended this browser's session). */
  refresh: () => Promise<void>
}

type UserBody = { user: AuthUser | null }

const sessionPath = '/api/auth/session'

const missingProvider = () => Promise.reject(new Error('AuthProvider ausente'))

// Outside an AuthProvider (isolated component tests) everyone is a visitor.
export const AuthContext = createContext<Auth>({
  user: null,
  isAuthenticated: false,
  loading: false,
  signedOut: false,
  login: missingProvider,
  signup: missingProvider,
  logout: missingProvider,
  requestPasswordReset: missingProvider,
  refresh: async () => {}, // a visitor has no session to re-read
})

export function useAuth() {
  return useContext(AuthContext)
}

// Other tabs of the same browser follow a sign-in or sign-out made in this one.
const channelName = 'pelotao-auth'

/**
 * Holds the session for the whole app. It is on every page, so it stays small: one request at
 * start (the session), and one per action.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // The page carries the session it was rendered for (lib/platform/initialData): no request at start.
  const [user, setUser] = useState<AuthUser | null>(() => initialData<UserBody>(sessionPath)?.user ?? null)
  const [loading, setLoading] = useState(() => initialData<UserBody>(sessionPath) === undefined)
  const [signedOut, setSignedOut] = useState(false)

  const refresh = useCallback(async () => {
    try {
      setUser((await api<UserBody>(sessionPath)).user)
    } catch (err) {
      console.error(err)
      setUser(null)
    } finally {
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    if (initialData<UserBody>(sessionPath) !== undefined) forgetInitialData(sessionPath)
    // refresh sets state once the server has answered, not during the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else void refresh()
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(channelName)
    channel.onmessage = () => void refresh()
    return () => channel.close()
  }, [refresh])

  const value = useMemo<Auth>(() => {
    const changed = (u: AuthUser | null) => {
      setUser(u)
      setSignedOut(u === null)
      if (typeof BroadcastChannel === 'undefined') return
      const channel = new BroadcastChannel(channelName)
      channel.postMessage('changed')
      channel.close()
    }
    return {
      user,
      isAuthenticated: user !== null,
      loading,
      signedOut,
      refresh,
      async login(email, password) {
        const { user } = await api<{ user: AuthUser }>('/api/auth/login', { method: 'POST', body: { email, password } })
        changed(user)
        return user
      },
      async signup(input) {
        const { user } = await api<{ user: AuthUser }>('/api/auth/signup', { method: 'POST', body: input })
        changed(user)
        return user
      },
      async logout() {
        await api<void>('/api/auth/logout', { method: 'POST' })
        changed(null)
      },
      async requestPasswordReset(email) {
        await api<unknown>('/api/auth/password-reset', { method: 'POST', body: { email } })
      },
    }
  }, [user, loading, signedOut, refresh])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/** The avatar's letter: the first of the display name, or of the e-mail, in upper case. */
export function initialOf(user: Pick<AuthUser, 'displayName' | 'email'>) {
  const source = user.displayName.trim() || user.email.trim()
  return (Array.from(source)[0] ?? '?').toLocaleUpperCase('pt-BR')
}
