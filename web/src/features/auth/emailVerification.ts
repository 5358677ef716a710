import { api } from '../../lib/platform/api'

/** The server's answer when an invitation's link names an address that has no account yet. */
export const noAccountCode = 'auth/user-not-found'

/**
 * The server's answer when the address's account is unverified and this browser is not signed in
 * to it: the link's opener takes the account over with a new password (AUTH-35).
 */
export const passwordResetRequiredCode = 'auth/password-reset-required'

// A link works once: the page must not confirm it twice (a second render, a remount), or the
// second answer would call a good link used.
const confirmations = new Map<string, Promise<string>>()

/** Confirms a verification link's token (AUTH-31); the answer is the verified address. */
export function confirmEmail(token: string): Promise<string> {
  let pending = confirmations.get(token)
  if (!pending) {
    pending = api<{ email: string }>('/api/auth/email-verification/confirm', { method: 'POST', body: { token } }).then(
      ({ email }) => email,
      (error: unknown) => {
        // A refused link may work later (signed in to its account): ask again then.
        confirmations.delete(token)
        throw error
      },
    )
    confirmations.set(token, pending)
  }
  return pending
}
