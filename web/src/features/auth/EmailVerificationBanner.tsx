import { useState } from 'react'
import { useAuth } from '../../lib/auth'
import { resendEmailVerification } from './emailVerification'

type Sending = 'idle' | 'pending' | 'sent' | 'failed'

/**
 * Shown above every page of the site while the signed-in account has not verified its e-mail
 * (AUTH-30), with a button that sends the link again (AUTH-32). Loaded only for such accounts.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth()
  const [sending, setSending] = useState<Sending>('idle')
  if (!user || user.emailVerificado) return null

  async function resend() {
    setSending('pending')
    try {
      await resendEmailVerification()
      setSending('sent')
    } catch (err) {
      console.error(err)
      setSending('failed')
    }
  }

  return (
    <aside aria-label="Confirmação de e-mail" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1">
          Confirme o seu e-mail: enviamos um link para <strong className="break-all">{user.email}</strong>. Convites
          para a equipe de um evento só valem depois da confirmação.
        </p>
        {sending === 'sent' ? (
          <p role="status">Enviamos um novo link. Verifique sua caixa de entrada.</p>
        ) : (
          <button
            type="button"
            onClick={() => void resend()}
            disabled={sending === 'pending'}
            className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-60"
          >
            Reenviar e-mail
          </button>
        )}
        {sending === 'failed' && (
          <p role="alert" className="w-full text-red-800">
            Não foi possível reenviar o e-mail. Tente novamente.
          </p>
        )}
      </div>
    </aside>
  )
}
