import { useState } from 'react'
import { EmailAddress } from '../../components/EmailAddress'
import { useAuth } from '../../lib/auth'
import { ResendVerification } from '../../components/ResendVerification'

// The address whose banner was closed in this tab: it stays closed until the tab is (AUTH-36).
const closedKey = 'pelotao.avisoEmailFechado'

function closedFor(email: string) {
  try {
    return sessionStorage.getItem(closedKey) === email
  } catch {
    return false // storage refused (a private window): the banner shows
  }
}

/**
 * Shown above every page of the site while the signed-in account has not verified its e-mail
 * (AUTH-30), with a button that sends the link again (AUTH-32). Loaded only for such accounts.
 * On a phone it is one or two lines beside the button and a close button, which hides it for the
 * rest of the tab's session (AUTH-36); wider screens show the address too.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth()
  const [closed, setClosed] = useState(() => (user ? closedFor(user.email) : false))
  if (!user || user.emailVerificado || closed) return null

  function close() {
    try {
      sessionStorage.setItem(closedKey, user!.email)
    } catch {
      // closed for this page only
    }
    setClosed(true)
    document.getElementById('conteudo')?.focus()
  }

  return (
    <aside
      aria-label="Confirmação de e-mail"
      className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:px-4"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 sm:gap-x-4">
        {/* A phone has room for two lines beside the buttons: the address shows from 640 px. */}
        <p className="min-w-0 flex-1 sm:hidden">Confirme o seu e-mail pelo link enviado.</p>
        <p className="hidden min-w-0 flex-1 sm:block">
          Confirme o seu e-mail <EmailAddress email={user.email} />: enviamos um link para ele.
        </p>
        <ResendVerification buttonClass="shrink-0 rounded-lg border border-amber-400 bg-white px-2.5 py-1 font-semibold text-amber-950 hover:bg-amber-100" />
        <button
          type="button"
          aria-label="Fechar aviso"
          onClick={close}
          className="shrink-0 rounded-md p-1 text-amber-900 hover:bg-amber-100"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </aside>
  )
}
