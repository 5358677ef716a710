import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from '../../app/routing'
import { api, ApiError } from '../../lib/platform/api'
import { useAuth } from '../../lib/auth'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { PageLoading } from '../../components/PageLoading'
import { FormMessages, NewPasswordFields, submitClass } from '../../components/AccountFormParts'
import { forgotPasswordPath } from './LoginPage'
import {
  describePolicy,
  fetchPasswordPolicy,
  newPasswordProblem,
  refusedPasswordMessage,
  type PasswordPolicy,
} from '../../lib/account/passwordPolicy'

const invalidLinkCode = 'auth/invalid-action-code'

/** Whose password the link resets, and the policy the new one must meet. */
async function loadReset(token: string, signal: AbortSignal) {
  const [{ email }, policy] = await Promise.all([
    api<{ email: string }>('/api/auth/password-reset/verify', { method: 'POST', body: { token }, signal }),
    fetchPasswordPolicy(signal),
  ])
  return { email, policy }
}

/** /redefinir-senha?token=…: the page the reset e-mail links to (docs/requirements.md AUTH-27). */
export function ResetPasswordPage() {
  usePageMeta('resetPassword')
  const token = useSearchParams()[0].get('token') ?? ''
  const reset = useResource(token ? `reset:${token}` : null, (signal) => loadReset(token, signal))
  const [linkRefused, setLinkRefused] = useState(false)
  const [done, setDone] = useState(false)

  let body
  if (
    !token ||
    linkRefused ||
    (reset.state === 'error' && reset.error instanceof ApiError && reset.error.code === invalidLinkCode)
  ) {
    body = <InvalidLink />
  } else if (done) {
    body = (
      <>
        <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-green-800">
          Senha redefinida com sucesso!
        </p>
        <Link to="/login" className={`mt-6 block text-center ${submitClass}`}>
          Ir para o login
        </Link>
      </>
    )
  } else if (reset.state === 'loading') {
    body = <PageLoading text="Verificando o link..." />
  } else if (reset.state === 'error') {
    body = (
      <p role="alert" className="mt-4 text-red-800">
        {reset.error instanceof ApiError ? reset.error.message : 'Não foi possível verificar o link. Tente novamente.'}
      </p>
    )
  } else {
    body = (
      <NewPasswordForm
        token={token}
        email={reset.data.email}
        policy={reset.data.policy}
        onDone={() => setDone(true)}
        onLinkRefused={() => setLinkRefused(true)}
      />
    )
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Redefinir Senha</h1>
        {body}
      </div>
    </section>
  )
}

function InvalidLink() {
  return (
    <>
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
        Link inválido ou expirado.
      </p>
      <Link to={forgotPasswordPath} className={`mt-6 block text-center ${submitClass}`}>
        Pedir um novo link
      </Link>
    </>
  )
}

type FormProps = { token: string; email: string; policy: PasswordPolicy; onDone: () => void; onLinkRefused: () => void }

function NewPasswordForm({ token, email, policy, onDone, onLinkRefused }: FormProps) {
  const { refresh } = useAuth()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(policy, password, confirmation)
    if (problem) {
      setError(problem)
      return
    }
    setPending(true)
    setError('')
    try {
      await api<unknown>('/api/auth/password-reset/confirm', { method: 'POST', body: { token, password } })
      onDone()
      // The reset ended every session of the account, perhaps this browser's.
      void refresh()
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError && err.code === invalidLinkCode) onLinkRefused()
      else if (err instanceof ApiError && err.code === 'auth/password-does-not-meet-requirements')
        setError(await refusedPasswordMessage(password, err.message))
      else setError(err instanceof ApiError ? err.message : 'Não foi possível redefinir a senha. Tente novamente.')
    } finally {
      setPending(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <p className="text-sm text-slate-600">
        Escolha uma nova senha para <strong className="text-slate-900">{email}</strong>.
      </p>
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        labels={['Nova senha', 'Confirmar nova senha']}
        hint={describePolicy(policy)}
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      <FormMessages error={error} />
      <button type="submit" disabled={pending} className={submitClass}>
        Salvar nova senha
      </button>
    </form>
  )
}
