// What the account forms say when signing in or up fails: /login and the registration form's
// inline sign-in (features/registration) say the same.
import { ApiError, networkErrorCode } from '../platform/api'
import { refusedPasswordMessage } from './passwordPolicy'

export const texts = {
  invalidCredential: 'Credenciais inválidas. Tente novamente.',
  emailInUse: 'Este e-mail já está cadastrado.',
  signupFailed: 'Não foi possível criar a conta. Tente novamente.',
  resetSent: 'Link de redefinição enviado! Verifique sua caixa de entrada.',
  resetFailed: 'Email não encontrado ou erro ao enviar.',
}

// Too many attempts, a network failure and a disabled account (told only after the right
// password) get the server's or the client's own clear text; every other failure is one text,
// so the screen never tells whether an e-mail has an account.
const explainedCodes = ['auth/too-many-requests', networkErrorCode, 'auth/user-disabled']

export function loginMessage(err: unknown) {
  return err instanceof ApiError && explainedCodes.includes(err.code) ? err.message : texts.invalidCredential
}

export async function signupMessage(err: unknown, password: string) {
  if (!(err instanceof ApiError)) return texts.signupFailed
  switch (err.code) {
    case 'auth/email-already-in-use':
      return texts.emailInUse
    case 'auth/password-does-not-meet-requirements':
      return refusedPasswordMessage(password, err.message)
    case 'auth/too-many-requests':
    case networkErrorCode:
      return err.message
    case 'invalid-argument':
      return Object.values(err.fields).join(' ') || texts.signupFailed
    default:
      return texts.signupFailed
  }
}
