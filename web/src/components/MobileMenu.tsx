import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { Link } from '../app/routing'
import { footerLinks, headerLinks } from '../app/navigation'
import { useAuth } from '../lib/auth'
import { myRegistrationsPath } from '../lib/registration/orders'
import { useDialogBehaviour } from './useDialogBehaviour'
import { useSignOut } from './AccountMenu'

type Props = { onClose: () => void }

/**
 * The full-screen menu of narrow screens: closes on a choice, on its close button and on Escape.
 * Rendered into <body>, because the header's backdrop blur would otherwise confine a fixed child.
 */
export function MobileMenu({ onClose }: Props) {
  const panel = useRef<HTMLDivElement>(null)
  useDialogBehaviour(panel, onClose)
  const closeButton = useRef<HTMLButtonElement>(null)
  const { user, loading } = useAuth()
  const signOut = useSignOut()
  useEffect(() => closeButton.current?.focus(), [])

  const itemClass = 'block rounded-lg px-4 py-3 text-lg font-semibold text-slate-800 hover:bg-brand-50'
  return createPortal(
    <div
      id="menu-mobile"
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      className="fixed inset-0 z-50 flex flex-col bg-white md:hidden"
    >
      <div className="flex h-16 items-center justify-end px-4">
        <button ref={closeButton} type="button" aria-label="Fechar menu" className="rounded-md p-2" onClick={onClose}>
          <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav aria-label="Menu principal" className="flex flex-col gap-1 px-4">
        {headerLinks.map((l) => (
          <Link key={l.to} to={l.to} className={itemClass} onClick={onClose}>
            {l.label}
          </Link>
        ))}
        {loading ? null : user ? (
          <>
            <Link to="/dashboard" className={itemClass} onClick={onClose}>
              Meu Painel
            </Link>
            {/* Phone only: the desktop avatar's menu is Meu Painel and Sair alone (NAV-5, NAV-17). */}
            <Link to={myRegistrationsPath} className={itemClass} onClick={onClose}>
              Minhas inscrições
            </Link>
            <button type="button" className={`${itemClass} text-left`} onClick={() => void signOut().then(onClose)}>
              Sair
            </button>
          </>
        ) : (
          <Link to="/login" className={itemClass} onClick={onClose}>
            Login
          </Link>
        )}
        <hr className="my-3 border-slate-200" />
        {footerLinks
          .filter((l) => !headerLinks.some((h) => h.to === l.to))
          .map((l) => (
            <Link key={l.to} to={l.to} className={itemClass} onClick={onClose}>
              {l.label}
            </Link>
          ))}
      </nav>
    </div>,
    document.body,
  )
}
