import { useState, type FormEvent } from 'react'
import { useAuth, type AuthUser } from '../../lib/auth'
import { useResource } from '../../lib/platform/resource'
import {
  AccountTabs,
  CurrentPasswordField,
  Field,
  NameField,
  FormMessages,
  NewPasswordFields,
  submitClass,
} from '../../components/AccountFormParts'
import { loginMessage, signupMessage } from '../../lib/account/authMessages'
import { describePolicy, fetchPasswordPolicy, newPasswordProblem } from '../../lib/account/passwordPolicy'

type Mode = 'login' | 'signup'

/**
 * Sign-in and sign-up inside the registration page (REG-75): the athletes typed above stay as they
 * are, and the buyer goes on from where they were. Its own <form>, beside the registration's.
 */
export function InlineAuth({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const auth = useAuth()
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const policy = useResource(mode === 'signup' ? 'password-policy' : null, fetchPasswordPolicy)

  function switchMode(next: Mode) {
    setMode(next)
    setError('')
    setPassword('')
    setConfirmation('')
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (mode === 'signup') {
      const problem = newPasswordProblem(policy.state === 'ready' ? policy.data : undefined, password, confirmation)
      if (problem) {
        setError(problem)
        return
      }
    }
    setPending(true)
    setError('')
    try {
      onSignedIn(
        mode === 'login' ? await auth.login(email, password) : await auth.signup({ email, password, displayName }),
      )
    } catch (err) {
      console.error(err)
      setError(mode === 'login' ? loginMessage(err) : await signupMessage(err, password))
    } finally {
      setPending(false)
    }
  }

  return (
    <section
      aria-labelledby="inscricao-conta"
      className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4 sm:p-6"
    >
      <h2 id="inscricao-conta" className="text-lg font-extrabold text-slate-900">
        Entre ou crie sua conta para concluir
      </h2>
      <p className="mt-1 text-sm text-slate-700">O que você preencheu acima continua aqui.</p>
      <AccountTabs mode={mode} onSwitch={switchMode} className="mt-4" />
      <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        {mode === 'signup' && <NameField value={displayName} onValue={setDisplayName} />}
        <Field
          label="Email"
          type="email"
          name="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {mode === 'login' ? (
          <CurrentPasswordField value={password} onValue={setPassword} />
        ) : (
          <NewPasswordFields
            labels={['Senha', 'Confirmar Senha']}
            hint={policy.state === 'ready' ? describePolicy(policy.data) : undefined}
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
        )}
        <FormMessages error={error} />
        <button type="submit" disabled={pending} className={submitClass}>
          {mode === 'login' ? 'Entrar e continuar' : 'Cadastrar e continuar'}
        </button>
      </form>
    </section>
  )
}
