import { useState } from 'react'
import { resendEmailVerification } from '../lib/account/emailVerification'

type Sending = 'idle' | 'pending' | 'sent' | 'failed'

/**
 * 'Reenviar e-mail' (AUTH-32): mails the signed-in account's verification link again, then says it
 * went, or that it failed and may be tried again. The banner, /i/{codigo} and an empty "Minhas
 * inscrições" offer it.
 */
export function ResendVerification({ buttonClass }: { buttonClass: string }) {
  const [sending, setSending] = useState<Sending>('idle')

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

  if (sending === 'sent') return <p role="status">Enviamos um novo link. Verifique sua caixa de entrada.</p>
  return (
    <>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={sending === 'pending'}
        className={`${buttonClass} disabled:opacity-60`}
      >
        Reenviar e-mail
      </button>
      {sending === 'failed' && (
        <p role="alert" className="w-full text-red-800">
          Não foi possível reenviar o e-mail. Tente novamente.
        </p>
      )}
    </>
  )
}
