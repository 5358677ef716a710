import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, Route, Routes } from '../../app/routing'
import { AuthContext, type Auth, type AuthUser } from '../../lib/auth'
import { serve, type Answer, type Sent } from '../../lib/testing/fakeFetch'
import { EmailVerificationBanner } from './EmailVerificationBanner'
import { VerifyEmailPage } from './VerifyEmailPage'

const maria: AuthUser = {
  uid: 'u1',
  email: 'maria@exemplo.com.br',
  displayName: 'Maria',
  createdAt: '',
  emailVerificado: false,
}

const takeOverMessage =
  'Já existe uma conta com este e-mail, ainda não confirmada. Para confirmar que ela é sua, crie uma nova senha: quem usava a senha anterior perde o acesso.'

let sent: Sent[] = []
let resendAnswer: Answer

beforeEach(() => {
  resendAnswer = [202, {}]
  sent = serve([
    ['*', '/api/auth/email-verification', () => resendAnswer],
    [
      '*',
      '/api/auth/email-verification/confirm',
      ({ body }) => {
        const token = (body as { token?: string } | undefined)?.token
        if (token?.startsWith('bom')) return [200, { email: 'maria@exemplo.com.br' }]
        if (token === 'conta-de-outro')
          return [409, { error: { code: 'auth/password-reset-required', message: takeOverMessage } }]
        if (token === 'convite-sem-conta')
          return [
            404,
            {
              error: {
                code: 'auth/user-not-found',
                message: 'Ainda não há conta com este e-mail. Cadastre-se com ele para aceitar o convite.',
              },
            },
          ]
        return [400, { error: { code: 'auth/invalid-action-code', message: 'Link inválido ou expirado.' } }]
      },
    ],
  ])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const withAuthRendered = (user: AuthUser) => withAuthResult(user, <EmailVerificationBanner />)

function withAuth(user: AuthUser | null, children: ReactNode, path = '/') {
  return withAuthResult(user, children, path).auth
}

function withAuthResult(user: AuthUser | null, children: ReactNode, path = '/') {
  const auth: Auth = {
    user,
    isAuthenticated: user !== null,
    loading: false,
    signedOut: false,
    login: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(),
    requestPasswordReset: vi.fn(),
    refresh: vi.fn(async () => {}),
  }
  const rendered = render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/verificar-email" element={children} />
          <Route path="/login" element={<p>tela de login</p>} />
          <Route path="/" element={children} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
  return { auth, unmount: rendered.unmount }
}

const confirmCalls = () => sent.filter((s) => s.path === '/api/auth/email-verification/confirm')

// AUTH-30, AUTH-32
describe('the e-mail verification banner', () => {
  it('asks an unverified account to confirm, and sends the link again', async () => {
    const user = userEvent.setup()
    withAuth(maria, <EmailVerificationBanner />)
    const banner = screen.getByRole('complementary', { name: 'Confirmação de e-mail' })
    // AUTH-36: a runner is not told about team invitations; a phone reads the short text, a wider
    // screen the address too, which wraps only before its "@".
    const [phone, wide] = within(banner).getAllByText((_, el) => el?.tagName === 'P')
    expect(phone).toHaveTextContent(/^Confirme o seu e-mail pelo link enviado\.$/)
    expect(phone).toHaveClass('sm:hidden')
    expect(wide).toHaveTextContent(/^Confirme o seu e-mail maria@exemplo\.com\.br: enviamos um link para ele\.$/)
    expect(wide).toHaveClass('hidden', 'sm:block')
    expect(banner).not.toHaveTextContent(/Convite/)
    const address = within(banner).getByText((_, el) => el?.tagName === 'STRONG')
    expect(address.innerHTML).toBe('maria<wbr>@exemplo.com.br')
    expect(address.className).not.toMatch(/break-all/)
    await user.click(within(banner).getByRole('button', { name: 'Reenviar e-mail' }))
    expect(await within(banner).findByRole('status')).toHaveTextContent(
      'Enviamos um novo link. Verifique sua caixa de entrada.',
    )
    expect(fetch).toHaveBeenCalledWith('/api/auth/email-verification', expect.objectContaining({ method: 'POST' }))
    expect(within(banner).queryByRole('button', { name: 'Reenviar e-mail' })).toBeNull()
  })

  it('says so when the link could not be sent, and lets the person try again', async () => {
    resendAnswer = [500, { error: { code: 'internal', message: 'Erro interno.' } }]
    const user = userEvent.setup()
    withAuth(maria, <EmailVerificationBanner />)
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível reenviar o e-mail. Tente novamente.')
    expect(screen.getByRole('button', { name: 'Reenviar e-mail' })).toBeEnabled()
  })

  // AUTH-36
  it('closes for the rest of the session, for this address', async () => {
    const user = userEvent.setup()
    sessionStorage.clear()
    const { unmount } = withAuthRendered(maria)
    await user.click(
      within(screen.getByRole('complementary', { name: 'Confirmação de e-mail' })).getByRole('button', {
        name: 'Fechar aviso',
      }),
    )
    expect(screen.queryByRole('complementary', { name: 'Confirmação de e-mail' })).toBeNull()
    unmount()
    withAuthRendered(maria) // another page of the same tab
    expect(screen.queryByRole('complementary', { name: 'Confirmação de e-mail' })).toBeNull()
    withAuthRendered({ ...maria, uid: 'u2', email: 'joao@exemplo.com.br' }) // another account signs in
    expect(screen.getByRole('complementary', { name: 'Confirmação de e-mail' })).toHaveTextContent(
      'joao@exemplo.com.br',
    )
    sessionStorage.clear()
  })

  it('is not shown to a verified account or a visitor', () => {
    withAuth({ ...maria, emailVerificado: true }, <EmailVerificationBanner />)
    withAuth(null, <EmailVerificationBanner />)
    expect(screen.queryByRole('complementary', { name: 'Confirmação de e-mail' })).toBeNull()
  })
})

// AUTH-31, TEAM-7
describe('the /verificar-email page', () => {
  it('confirms the link once as it opens and refreshes the session', async () => {
    const auth = withAuth(maria, <VerifyEmailPage />, '/verificar-email?token=bom-1')
    expect(screen.getByRole('status')).toHaveTextContent('Confirmando o seu e-mail...')
    expect(await screen.findByRole('link', { name: 'Ir para o painel' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('status')).toHaveTextContent(
      'E-mail confirmado! O endereço maria@exemplo.com.br é seu, e os convites para ele já valem.',
    )
    // The session is refreshed by an effect of the confirmed page, after it is shown.
    await waitFor(() => expect(auth.refresh).toHaveBeenCalled())
    expect(confirmCalls()).toHaveLength(1)
    expect(confirmCalls()[0]?.body).toEqual({ token: 'bom-1' })
  })

  it('works for a visitor, who is sent to sign in', async () => {
    withAuth(null, <VerifyEmailPage />, '/verificar-email?token=bom-2')
    expect(await screen.findByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('status')).toHaveTextContent('E-mail confirmado!')
  })

  it('says a used, expired or missing link is invalid', async () => {
    withAuth(null, <VerifyEmailPage />, '/verificar-email?token=usado')
    expect(await screen.findByRole('alert')).toHaveTextContent('Link inválido ou expirado.')
    expect(screen.getByText('Entre na sua conta para pedir um novo link.')).toBeInTheDocument()
  })

  it('without a token makes no request', () => {
    withAuth(maria, <VerifyEmailPage />, '/verificar-email')
    expect(screen.getByRole('alert')).toHaveTextContent('Link inválido ou expirado.')
    expect(screen.getByText('Peça um novo link no aviso no alto da página.')).toBeInTheDocument()
    expect(confirmCalls()).toHaveLength(0)
  })

  // AUTH-35
  it("leads a link opened outside an unverified account's session to a new password, or to signing in", async () => {
    withAuth(null, <VerifyEmailPage />, '/verificar-email?token=conta-de-outro')
    expect(await screen.findByRole('alert')).toHaveTextContent(takeOverMessage)
    expect(screen.getByRole('link', { name: 'Criar nova senha' })).toHaveAttribute(
      'href',
      '/redefinir-senha?token=conta-de-outro',
    )
    const signIn = new URL(
      screen.getByRole('link', { name: 'Entre com a sua senha' }).getAttribute('href') ?? '',
      'http://x',
    )
    expect(signIn.pathname).toBe('/login')
    expect(signIn.searchParams.get('next')).toBe('/verificar-email?token=conta-de-outro')
    expect(screen.queryByText('E-mail confirmado!', { exact: false })).toBeNull()
  })

  it("sends an invitation's link for an address without an account to sign up with its token", async () => {
    withAuth(null, <VerifyEmailPage />, '/verificar-email?token=convite-sem-conta')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ainda não há conta com este e-mail. Cadastre-se com ele para aceitar o convite.',
    )
    const link = screen.getByRole('link', { name: 'Criar minha conta' })
    const target = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(target.pathname).toBe('/login')
    expect(Object.fromEntries(target.searchParams)).toEqual({
      modo: 'cadastro',
      convite: 'convite-sem-conta',
      next: '/dashboard',
    })
  })
})
