import { api } from '../../lib/api'

/** The server's answer when an invitation's link names an address that has no account yet. */
export const noAccountCode = 'auth/user-not-found'

// A link works once: the page must not confirm it twice (a second render, a remount), or the
// second answer would call a good link used.
const confirmations = new Map<string, Promise<string>>()

/** Confirms a verification link's token (AUTH-31); the answer is the verified address. */
export function confirmEmail(token: string): Promise<string> {
  let pending = confirmations.get(token)
  if (!pending) {
    pending = api<{ email: string }>('/api/auth/email-verification/confirm', { method: 'POST', body: { token } }).then(
      ({ email }) => email,
    )
    confirmations.set(token, pending)
  }
  return pending
}

/** Mails the signed-in account's link again; the server sends at most one a minute (AUTH-32). */
export function resendEmailVerification(): Promise<unknown> {
  return api<unknown>('/api/auth/email-verification', { method: 'POST' })
}
