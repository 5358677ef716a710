import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { Link, useSearchParams } from '../../app/routing'
import { useAuth } from '../../lib/auth'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import {
  AccountTabs,
  CurrentPasswordField,
  Field,
  NameField,
  FormMessages,
  NewPasswordFields,
  submitClass,
  textLinkClass,
} from '../../components/AccountFormParts'
import { describePolicy, fetchPasswordPolicy, newPasswordProblem } from '../../lib/account/passwordPolicy'
import { loginMessage, signupMessage, texts } from '../../lib/account/authMessages'

export type Mode = 'login' | 'signup' | 'forgotPassword'

/** After a reset link is sent, the screen returns to login mode this much later (docs/product.md §9). */
export const resetReturnDelayMs = 5000

// /login?modo=… opens a mode directly (the reset page links to the forgotPassword mode).
const modeParams: Record<string, Mode> = { cadastro: 'signup', 'esqueci-senha': 'forgotPassword' }
export const forgotPasswordPath = '/login?modo=esqueci-senha'

/** /login: sign in, sign up, or ask for a password-reset link (docs/product.md §2, §4). */
export function LoginPage() {
  usePageMeta('login')
  const auth = useAuth()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>(() => modeParams[params.get('modo') ?? ''] ?? 'login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [error, setError] = useState('')
  const [success, setSuccess] = useState('')
  const [pending, setPending] = useState(false)
  const returnTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const policy = useResource(mode === 'signup' ? 'password-policy' : null, fetchPasswordPolicy)

  useEffect(() => () => clearTimeout(returnTimer.current), [])

  /** Every switch, by hand or by the timer, clears the messages and the passwords; the e-mail stays. */
  function switchMode(next: Mode) {
    clearTimeout(returnTimer.current)
    setMode(next)
    setError('')
    setSuccess('')
    setPassword('')
    setConfirmation('')
  }

  function switchTo(e: MouseEvent, next: Mode) {
    e.preventDefault()
    switchMode(next)
  }

  async function run(action: () => Promise<void>) {
    setPending(true)
    setError('')
    try {
      await action()
    } finally {
      setPending(false)
    }
  }

  // On success the signed-in user is sent on by the /login guard (GuestOnly).
  const onLogin = (e: FormEvent) => {
    e.preventDefault()
    void run(async () => {
      try {
        await auth.login(email, password)
      } catch (err) {
        console.error(err)
        setError(loginMessage(err))
      }
    })
  }

  const onSignup = (e: FormEvent) => {
    e.preventDefault()
    const problem = newPasswordProblem(policy.state === 'ready' ? policy.data : undefined, password, confirmation)
    if (problem) {
      setError(problem)
      return
    }
    void run(async () => {
      try {
        // An invitation's sign-up link carries its token: the new account starts verified (TEAM-7).
        await auth.signup({ email, password, displayName, token: params.get('convite') ?? undefined })
      } catch (err) {
        console.error(err)
        setError(await signupMessage(err, password))
      }
    })
  }

  const onForgot = (e: FormEvent) => {
    e.preventDefault()
    void run(async () => {
      try {
        await auth.requestPasswordReset(email)
        setSuccess(texts.resetSent)
        returnTimer.current = setTimeout(() => switchMode('login'), resetReturnDelayMs)
      } catch (err) {
        console.error(err)
        setError(texts.resetFailed)
      }
    })
  }

  const emailField = (
    <Field
      label="Email"
      type="email"
      name="email"
      required
      autoComplete="email"
      value={email}
      onChange={(e) => setEmail(e.target.value)}
    />
  )
  const heading = { login: 'Acesse sua conta', signup: 'Crie sua conta', forgotPassword: 'Redefinir Senha' }[mode]

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{heading}</h1>

        {mode !== 'forgotPassword' && <AccountTabs mode={mode} onSwitch={switchMode} className="mt-6" />}

        {mode === 'login' && (
          <form onSubmit={onLogin} className="mt-6 space-y-4">
            {emailField}
            <CurrentPasswordField value={password} onValue={setPassword} />
            <div className="text-right">
              <a href={forgotPasswordPath} onClick={(e) => switchTo(e, 'forgotPassword')} className={textLinkClass}>
                Esqueceu a senha?
              </a>
            </div>
            <FormMessages error={error} success={success} />
            <button type="submit" disabled={pending} className={submitClass}>
              Entrar
            </button>
          </form>
        )}

        {mode === 'signup' && (
          <form onSubmit={onSignup} className="mt-6 space-y-4">
            <NameField value={displayName} onValue={setDisplayName} />
            {emailField}
            <NewPasswordFields
              labels={['Senha', 'Confirmar Senha']}
              hint={policy.state === 'ready' ? describePolicy(policy.data) : undefined}
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
            />
            <FormMessages error={error} success={success} />
            <button type="submit" disabled={pending} className={submitClass}>
              Cadastrar
            </button>
          </form>
        )}

        {mode === 'forgotPassword' && (
          <form onSubmit={onForgot} className="mt-4 space-y-4">
            <p className="text-sm text-slate-600">Digite seu e-mail e enviaremos um link para redefinir sua senha.</p>
            {emailField}
            <FormMessages error={error} success={success} />
            <button type="submit" disabled={pending} className={submitClass}>
              Enviar Link de Redefinição
            </button>
            <div className="text-center">
              <Link to="/login" onClick={(e) => switchTo(e, 'login')} className={textLinkClass}>
                Voltar para o Login
              </Link>
            </div>
          </form>
        )}
      </div>
    </section>
  )
}
