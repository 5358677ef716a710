import { api } from '../platform/api'

// The password policy, as GET /api/auth/password-policy serves it from the server's configuration.
// Nothing here hard-codes its values (docs/requirements.md AUTH-17, CONST-14).
export type PasswordPolicy = { minLength: number; maxBytes: number; rejectCommon: boolean }

export function fetchPasswordPolicy(signal?: AbortSignal) {
  return api<PasswordPolicy>('/api/auth/password-policy', { signal })
}

const characters = (n: number) => (n === 1 ? '1 caractere' : `${n} caracteres`)

/** The rule as a sentence, shown under a new-password field. */
export function describePolicy(p: PasswordPolicy) {
  const parts = [`ter pelo menos ${characters(p.minLength)}`]
  if (p.rejectCommon) parts.push('não pode ser uma senha comum')
  return `A senha deve ${parts.join(' e ')}.`
}

/**
 * The rules a password fails, in the server's words. A common password can only be recognised by
 * the server, so when it refused a password that passes the local rules, that is the reason.
 */
function unmetRules(p: PasswordPolicy, password: string, refusedByServer: boolean) {
  const unmet: string[] = []
  if (Array.from(password).length < p.minLength) unmet.push(`ter pelo menos ${characters(p.minLength)}`)
  if (new TextEncoder().encode(password).length > p.maxBytes) unmet.push(`ter no máximo ${characters(p.maxBytes)}`)
  if (unmet.length === 0 && refusedByServer && p.rejectCommon) unmet.push('não ser uma senha comum')
  return unmet
}

function requirementsMessage(unmet: string[]) {
  return `A senha não atende aos requisitos: ${unmet.join('; ')}.`
}

/**
 * Why a new password and its confirmation cannot be sent yet, or '' when they can. Without the
 * policy (not loaded yet) only the server judges the rules.
 */
export function newPasswordProblem(p: PasswordPolicy | undefined, password: string, confirmation: string) {
  if (password !== confirmation) return 'As senhas não coincidem.'
  const unmet = p ? unmetRules(p, password, false) : []
  return unmet.length > 0 ? requirementsMessage(unmet) : ''
}

/**
 * The pt-BR message for a password the server refused, from the policy fetched afresh (it may
 * have changed since the page loaded); the server's own message when the policy cannot be read.
 */
export async function refusedPasswordMessage(password: string, serverMessage: string) {
  try {
    const unmet = unmetRules(await fetchPasswordPolicy(), password, true)
    if (unmet.length > 0) return requirementsMessage(unmet)
  } catch (err) {
    console.error(err)
  }
  return serverMessage
}
