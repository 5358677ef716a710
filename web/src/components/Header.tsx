import { useState } from 'react'
import { Link, NavLink } from '../app/routing'
import { headerLinks } from '../app/navigation'
import { useAuth } from '../lib/auth'
import { AccountMenu } from './AccountMenu'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'
  }`

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false)
  const { user, loading } = useAuth()
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" aria-label="Pelotão — página inicial">
          <Logo />
        </Link>
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {headerLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          {/* Nothing while the session loads, so that neither state flashes. */}
          {loading ? null : user ? (
            <AccountMenu user={user} />
          ) : (
            <Link
              to="/login"
              className="ml-3 rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Login
            </Link>
          )}
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 md:hidden"
          aria-label="Abrir menu"
          aria-expanded={menuOpen}
          aria-controls="menu-mobile"
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
    </header>
  )
}
