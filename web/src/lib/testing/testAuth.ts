import { vi } from 'vitest'
import type { Auth, AuthUser } from '../auth'

/** The session as a page reads it from AuthContext: `user` signed in (or nobody), already loaded. */
export function testAuth(user: AuthUser | null): Auth {
  return {
    user,
    isAuthenticated: user !== null,
    loading: false,
    signedOut: false,
    login: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(async () => {}),
    requestPasswordReset: vi.fn(),
    refresh: vi.fn(async () => {}),
  }
}
