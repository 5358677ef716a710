import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from '../app/routing'
import { initialOf, useAuth, type AuthUser } from '../lib/auth'

/**
 * Signs out on the server, then goes to the home page (docs/product.md §4). On a signed-in-only page the
 * guard goes home by itself once the session has ended. A failure is logged.
 */
export function useSignOut() {
  const { logout } = useAuth()
  const navigate = useNavigate()
  return async () => {
    try {
      await logout()
    } catch (err) {
      console.error(err)
    }
    navigate('/')
  }
}

/** The header's avatar (first letter of the name, or of the e-mail) and its menu: Meu Painel, Sair. */
export function AccountMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false)
  const signOut = useSignOut()
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const menuId = useId()

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    items()[0]?.focus()
    function onPointerDown(e: PointerEvent) {
      const target = e.target as Node
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function onMenuKeyDown(e: KeyboardEvent) {
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLElement)
    const moveTo = (i: number) => list[(i + list.length) % list.length]?.focus()
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        moveTo(at + 1)
        break
      case 'ArrowUp':
        e.preventDefault()
        moveTo(at - 1)
        break
      case 'Home':
        e.preventDefault()
        moveTo(0)
        break
      case 'End':
        e.preventDefault()
        moveTo(list.length - 1)
        break
      case 'Escape':
        e.preventDefault()
        close(true)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  const itemClass =
    'block w-full px-4 py-2 text-left text-sm font-semibold text-slate-700 hover:bg-brand-50 focus:bg-brand-50'
  return (
    <div className="relative ml-3">
      <button
        ref={button}
        type="button"
        aria-label={`Menu da conta de ${user.displayName || user.email}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            setOpen(true)
          }
        }}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white hover:bg-brand-800"
      >
        <span aria-hidden="true">{initialOf(user)}</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Conta"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 mt-2 w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link to="/dashboard" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => close(false)}>
            Meu Painel
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              close(false)
              void signOut()
            }}
          >
            Sair
          </button>
        </div>
      )}
    </div>
  )
}
