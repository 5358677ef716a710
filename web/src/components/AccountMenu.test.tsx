import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from '../app/routing'
import { describe, expect, it, vi } from 'vitest'
import { AuthContext, type Auth, type AuthUser } from '../lib/auth'
import { Header } from './Header'

function renderHeader(auth: Partial<Auth>, path = '/about') {
  const value: Auth = {
    user: null,
    isAuthenticated: false,
    loading: false,
    signedOut: false,
    login: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(async () => {}),
    requestPasswordReset: vi.fn(),
    refresh: vi.fn(),
    ...auth,
  }
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <Routes>
          <Route path="/" element={<h1>início</h1>} />
          <Route path="/about" element={<h1>sobre</h1>} />
          <Route path="/dashboard" element={<h1>painel</h1>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
  return value
}

const signedIn = (user: Partial<AuthUser>) => ({
  isAuthenticated: true,
  user: { uid: 'u1', email: 'maria@x.com', displayName: '', createdAt: '', emailVerificado: true, ...user },
})

describe('header account menu', () => {
  it('a visitor sees Login and no avatar', () => {
    renderHeader({})
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: /Menu da conta/ })).not.toBeInTheDocument()
  })

  it('shows neither Login nor the avatar while the session loads', () => {
    renderHeader({ loading: true })
    expect(
      within(screen.getByRole('navigation', { name: 'Principal' })).queryByRole('link', { name: 'Login' }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Menu da conta/ })).not.toBeInTheDocument()
  })

  it.each([
    [{ displayName: 'ana Souza' }, 'A'],
    [{ displayName: '', email: 'maria@x.com' }, 'M'],
    [{ displayName: '  ', email: 'érica@x.com' }, 'É'],
  ])('the avatar shows the uppercase first letter (%j → %s)', (user, letter) => {
    renderHeader(signedIn(user))
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Menu da conta/ })).toHaveTextContent(new RegExp(`^${letter}$`))
  })

  it('the menu has exactly Meu Painel and Sair; Sair signs out, then goes home', async () => {
    const user = userEvent.setup()
    const auth = renderHeader(signedIn({ displayName: 'Maria' }))
    const avatar = screen.getByRole('button', { name: 'Menu da conta de Maria' })
    expect(avatar).toHaveAttribute('aria-expanded', 'false')
    await user.click(avatar)
    const menu = screen.getByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Meu Painel', 'Sair'])
    expect(within(menu).getByRole('menuitem', { name: 'Meu Painel' })).toHaveFocus()

    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Sair' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(avatar).toHaveFocus()

    await user.click(avatar)
    await user.click(screen.getByRole('menuitem', { name: 'Meu Painel' }))
    expect(screen.getByRole('heading', { name: 'painel' })).toBeInTheDocument()

    await user.click(avatar)
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }))
    expect(auth.logout).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('heading', { name: 'início' })).toBeInTheDocument()
  })

  it('the mobile menu shows Meu Painel, Minhas inscrições and Sair instead of Login when signed in', async () => {
    const user = userEvent.setup()
    const auth = renderHeader(signedIn({ displayName: 'Maria' }))
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    const menu = screen.getByRole('dialog', { name: 'Menu' })
    expect(within(menu).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: 'Meu Painel' })).toHaveAttribute('href', '/dashboard')
    // NAV-17: the phone menu also leads to "Minhas inscrições" (the desktop avatar's menu stays two entries).
    expect(within(menu).getByRole('link', { name: 'Minhas inscrições' })).toHaveAttribute(
      'href',
      '/dashboard?painel=atleta#minhas-inscricoes',
    )
    await user.click(within(menu).getByRole('button', { name: 'Sair' }))
    expect(auth.logout).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('heading', { name: 'início' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
