import { api } from '../platform/api'

/** Mails the signed-in account's verification link again; the server sends at most one a minute (AUTH-32). */
export function resendEmailVerification(): Promise<unknown> {
  return api<unknown>('/api/auth/email-verification', { method: 'POST' })
}
