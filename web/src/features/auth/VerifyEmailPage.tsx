import { useEffect } from 'react'
import { Link, useSearchParams } from '../../app/routing'
import { ApiError } from '../../lib/platform/api'
import { useAuth } from '../../lib/auth'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { PageLoading } from '../../components/PageLoading'
import { submitClass, textLinkClass } from '../../components/AccountFormParts'
import { confirmEmail, noAccountCode, passwordResetRequiredCode } from './emailVerification'

/**
 * /verificar-email?token=…: the page the verification e-mail and an invitation link to. It
 * confirms the address as it opens (AUTH-31, TEAM-7); outside the session of an unverified
 * account, it leads to taking the account over with a new password (AUTH-35).
 */
export function VerifyEmailPage() {
  usePageMeta('verifyEmail')
  const token = useSearchParams()[0].get('token') ?? ''
  const { user, isAuthenticated, refresh } = useAuth()
  // Signing in changes the server's answer, so the session is part of the key.
  const confirmation = useResource(token ? `verify:${token}:${user?.uid ?? ''}` : null, () => confirmEmail(token))
  const confirmed = confirmation.state === 'ready'

  // This browser's session, if it is the verified account's, loses its banner.
  useEffect(() => {
    if (confirmed && isAuthenticated) void refresh()
  }, [confirmed, isAuthenticated, refresh])

  let body
  if (confirmation.state === 'ready') {
    body = (
      <>
        <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-green-800">
          E-mail confirmado! O endereço <strong>{confirmation.data}</strong> é seu, e os convites para ele já valem.
        </p>
        <Link to={isAuthenticated ? '/dashboard' : '/login'} className={`mt-6 block text-center ${submitClass}`}>
          {isAuthenticated ? 'Ir para o painel' : 'Entrar'}
        </Link>
      </>
    )
  } else if (token && confirmation.state === 'loading') {
    body = <PageLoading text="Confirmando o seu e-mail..." />
  } else if (
    confirmation.state === 'error' &&
    confirmation.error instanceof ApiError &&
    confirmation.error.code === noAccountCode
  ) {
    body = (
      <>
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {confirmation.error.message}
        </p>
        <Link
          to={`/login?${new URLSearchParams({ modo: 'cadastro', convite: token, next: '/dashboard' })}`}
          className={`mt-6 block text-center ${submitClass}`}
        >
          Criar minha conta
        </Link>
      </>
    )
  } else if (
    confirmation.state === 'error' &&
    confirmation.error instanceof ApiError &&
    confirmation.error.code === passwordResetRequiredCode
  ) {
    body = (
      <>
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {confirmation.error.message}
        </p>
        <Link
          to={`/redefinir-senha?${new URLSearchParams({ token })}`}
          className={`mt-6 block text-center ${submitClass}`}
        >
          Criar nova senha
        </Link>
        {!isAuthenticated && (
          <p className="mt-4 text-center text-sm text-slate-600">
            Foi você quem criou a conta?{' '}
            <Link
              to={`/login?${new URLSearchParams({ next: `/verificar-email?${new URLSearchParams({ token })}` })}`}
              className={textLinkClass}
            >
              Entre com a sua senha
            </Link>{' '}
            para confirmá-la.
          </p>
        )}
      </>
    )
  } else {
    const refused = !token || (confirmation.error instanceof ApiError && confirmation.error.status === 400)
    body = (
      <>
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {refused ? 'Link inválido ou expirado.' : 'Não foi possível confirmar o e-mail. Tente novamente.'}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          {isAuthenticated
            ? 'Peça um novo link no aviso no alto da página.'
            : 'Entre na sua conta para pedir um novo link.'}
        </p>
        {!isAuthenticated && (
          <Link to="/login" className={`mt-6 block text-center ${submitClass}`}>
            Entrar
          </Link>
        )}
      </>
    )
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Confirmar e-mail</h1>
        {body}
      </div>
    </section>
  )
}
