import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from './routing'
import { describe, expect, it, vi } from 'vitest'
import { AuthContext, type Auth } from '../lib/auth'
import { afterLoginPath, GuestOnly, RequireAuth } from './guards'

function auth(state: Pick<Auth, 'loading' | 'isAuthenticated'> & { signedOut?: boolean }): Auth {
  const user = state.isAuthenticated
    ? { uid: 'u1', email: 'm@x.com', displayName: 'M', createdAt: '', emailVerificado: true }
    : null
  const never = vi.fn(() => new Promise<never>(() => {}))
  return {
    signedOut: false,
    ...state,
    user,
    login: never,
    signup: never,
    logout: never,
    requestPasswordReset: never,
    refresh: never,
  }
}

function Where() {
  const l = useLocation()
  return (
    <p data-testid="where">
      {l.pathname +
        l.search +
        ((l.state as { from?: string } | null)?.from ? ` from ${(l.state as { from: string }).from}` : '')}
    </p>
  )
}

function renderAt(path: string, a: Auth) {
  return render(
    <AuthContext.Provider value={a}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<GuestOnly />}>
            <Route
              path="/login"
              element={
                <>
                  <p>página de login</p>
                  <Where />
                </>
              }
            />
          </Route>
          <Route element={<RequireAuth />}>
            <Route
              path="/dashboard"
              element={
                <>
                  <p>painel</p>
                  <Where />
                </>
              }
            />
            <Route path="/cadastro/:id" element={<p>formulário</p>} />
          </Route>
          <Route path="/" element={<p>início</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
}

describe('guards', () => {
  it('while the session loads, neither page nor redirect: a loading indicator', () => {
    for (const path of ['/dashboard', '/login', '/cadastro/e1']) {
      const { unmount } = renderAt(path, auth({ loading: true, isAuthenticated: false }))
      expect(screen.getByRole('status')).toHaveTextContent('Carregando...')
      expect(screen.queryByText(/painel|página de login|formulário/)).not.toBeInTheDocument()
      unmount()
    }
  })

  it('a visitor on /dashboard or /cadastro goes to /login, remembering the page', () => {
    renderAt('/cadastro/e1?x=1', auth({ loading: false, isAuthenticated: false }))
    expect(screen.getByText('página de login')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent('/login from /cadastro/e1?x=1')
  })

  it("someone who chose 'Sair' on a guarded page goes home, not to /login", () => {
    renderAt('/dashboard', auth({ loading: false, isAuthenticated: false, signedOut: true }))
    expect(screen.getByText('início')).toBeInTheDocument()
    expect(screen.queryByText('página de login')).not.toBeInTheDocument()
  })

  it('a signed-in user on /login goes to /dashboard', () => {
    renderAt('/login', auth({ loading: false, isAuthenticated: true }))
    expect(screen.getByText('painel')).toBeInTheDocument()
  })

  it('a signed-in user reaches the guarded pages', () => {
    renderAt('/dashboard', auth({ loading: false, isAuthenticated: true }))
    expect(screen.getByText('painel')).toBeInTheDocument()
  })

  it('after login the visitor goes back only to a page of this site', () => {
    expect(afterLoginPath({ from: '/cadastro/e1' })).toBe('/cadastro/e1')
    expect(afterLoginPath(null)).toBe('/dashboard')
    expect(afterLoginPath({ from: '//malicioso.example' })).toBe('/dashboard')
    expect(afterLoginPath({ from: 'https://malicioso.example' })).toBe('/dashboard')
    expect(afterLoginPath({ from: '/login' })).toBe('/dashboard')
  })

  it("an e-mailed link's next parameter is followed, to a page of this site only", () => {
    expect(afterLoginPath(null, '/dashboard/eventos/e1')).toBe('/dashboard/eventos/e1')
    expect(afterLoginPath({ from: '/cadastro/e1' }, '/dashboard/eventos/e1')).toBe('/cadastro/e1')
    for (const next of [
      '//malicioso.example',
      '/\\malicioso.example',
      'https://malicioso.example',
      '/login?modo=cadastro',
      '',
    ]) {
      expect(afterLoginPath(null, next)).toBe('/dashboard')
    }
  })

  it('a user who signs in on /login?next=… goes there', () => {
    renderAt('/login?modo=cadastro&next=%2Fcadastro%2Fe1', auth({ loading: false, isAuthenticated: true }))
    expect(screen.getByText('formulário')).toBeInTheDocument()
  })
})
