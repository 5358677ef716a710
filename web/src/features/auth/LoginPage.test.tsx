import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from '../../app/routing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/platform/api'
import { serve } from '../../lib/testing/fakeFetch'
import { AuthContext, type Auth, type AuthUser } from '../../lib/auth'
import { LoginPage, resetReturnDelayMs } from './LoginPage'

const maria: AuthUser = {
  uid: 'u1',
  email: 'maria@exemplo.com',
  displayName: 'Maria',
  createdAt: '2026-01-01T00:00:00Z',
  emailVerificado: true,
}

function fakeAuth(overrides: Partial<Auth> = {}): Auth {
  return {
    user: null,
    isAuthenticated: false,
    loading: false,
    signedOut: false,
    login: vi.fn(async () => maria),
    signup: vi.fn(async () => maria),
    logout: vi.fn(async () => {}),
    requestPasswordReset: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
    ...overrides,
  }
}

function renderLogin(auth: Auth, path = '/login') {
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <LoginPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  )
}

const policy = { minLength: 6, maxBytes: 128, rejectCommon: true }

beforeEach(() => {
  // The only request the page makes itself: the password policy (signup mode).
  serve([['GET', '/api/auth/password-policy', [200, policy]]])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const tab = (name: string) => screen.getByRole('tab', { name })
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement

describe('login modes', () => {
  it('opens in login mode with the fields, link and button of docs/product.md §2', () => {
    renderLogin(fakeAuth())
    expect(tab('Entrar')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Cadastrar')).toHaveAttribute('aria-selected', 'false')
    expect(field('Email')).toHaveAttribute('type', 'email')
    expect(field('Email')).toBeRequired()
    expect(field('Senha')).toHaveAttribute('type', 'password')
    expect(field('Senha')).toBeRequired()
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveAttribute('type', 'submit')
  })

  it('signup mode has Nome, Email, Senha, Confirmar Senha and the rule from the server', async () => {
    const user = userEvent.setup()
    renderLogin(fakeAuth())
    await user.click(tab('Cadastrar'))
    for (const label of ['Nome', 'Email', 'Senha', 'Confirmar Senha']) expect(field(label)).toBeRequired()
    expect(
      await screen.findByText('A senha deve ter pelo menos 6 caracteres e não pode ser uma senha comum.'),
    ).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/password-policy', expect.anything())
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeInTheDocument()
  })

  it('forgotPassword mode hides the tabs and shows its title, text, field, button and way back', async () => {
    const user = userEvent.setup()
    renderLogin(fakeAuth())
    await user.click(screen.getByRole('link', { name: 'Esqueceu a senha?' }))
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Redefinir Senha' })).toBeInTheDocument()
    expect(screen.getByText('Digite seu e-mail e enviaremos um link para redefinir sua senha.')).toBeInTheDocument()
    expect(field('Email')).toBeRequired()
    expect(screen.getByRole('button', { name: 'Enviar Link de Redefinição' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Voltar para o Login' }))
    expect(tab('Entrar')).toHaveAttribute('aria-selected', 'true')
  })

  it('every switch clears the error and the passwords, and keeps the e-mail', async () => {
    const user = userEvent.setup()
    const auth = fakeAuth({
      login: vi.fn(async () => Promise.reject(new ApiError(401, 'auth/invalid-credential', 'x'))),
    })
    renderLogin(auth)
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'errada1')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Credenciais inválidas. Tente novamente.')).toBeInTheDocument()
    expect(console.error).toHaveBeenCalled()

    await user.click(tab('Cadastrar'))
    expect(screen.queryByText('Credenciais inválidas. Tente novamente.')).not.toBeInTheDocument()
    expect(field('Senha').value).toBe('')
    expect(field('Email').value).toBe('maria@exemplo.com')

    await user.type(field('Senha'), 'abcdef1')
    await user.type(field('Confirmar Senha'), 'abcdef2')
    await user.type(field('Nome'), 'Maria')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument()
    expect(auth.signup).not.toHaveBeenCalled()

    await user.click(tab('Entrar'))
    expect(screen.queryByText('As senhas não coincidem.')).not.toBeInTheDocument()
    expect(field('Senha').value).toBe('')
  })

  // Fake timers drive the 5000 ms; fireEvent (not userEvent) because it needs no timers itself.
  async function sendResetLink(email: string) {
    fireEvent.change(field('Email'), { target: { value: email } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Link de Redefinição' }))
    await act(async () => {}) // the request's promise settles
  }

  it('after a reset link is sent, returns to login mode after 5000 ms and clears the message', async () => {
    vi.useFakeTimers()
    const auth = fakeAuth()
    renderLogin(auth, '/login?modo=esqueci-senha')
    await sendResetLink('ninguem@exemplo.com')
    expect(auth.requestPasswordReset).toHaveBeenCalledWith('ninguem@exemplo.com')
    expect(screen.getByText('Link de redefinição enviado! Verifique sua caixa de entrada.')).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(4999))
    expect(screen.getByRole('heading', { name: 'Redefinir Senha' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(resetReturnDelayMs).toBe(5000)
    expect(tab('Entrar')).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByText('Link de redefinição enviado! Verifique sua caixa de entrada.')).not.toBeInTheDocument()
    expect(field('Email').value).toBe('ninguem@exemplo.com')
  })

  it('a manual switch cancels the pending return to login', async () => {
    vi.useFakeTimers()
    renderLogin(fakeAuth(), '/login?modo=esqueci-senha')
    await sendResetLink('maria@exemplo.com')
    fireEvent.click(screen.getByRole('link', { name: 'Voltar para o Login' }))
    fireEvent.click(tab('Cadastrar'))
    await act(async () => {})
    act(() => vi.advanceTimersByTime(10_000))
    expect(tab('Cadastrar')).toHaveAttribute('aria-selected', 'true')
  })

  it('a failed reset request shows the error text and is logged', async () => {
    const user = userEvent.setup()
    const err = new ApiError(0, 'network-request-failed', 'Falha de conexão.')
    renderLogin(fakeAuth({ requestPasswordReset: vi.fn(async () => Promise.reject(err)) }), '/login?modo=esqueci-senha')
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar Link de Redefinição' }))
    expect(await screen.findByText('Email não encontrado ou erro ao enviar.')).toBeInTheDocument()
    expect(console.error).toHaveBeenCalledWith(err)
  })
})

describe('messages', () => {
  it.each([
    ['auth/invalid-credential', 'Credenciais inválidas.', 'Credenciais inválidas. Tente novamente.'],
    [
      'auth/too-many-requests',
      'Muitas tentativas. Tente novamente mais tarde.',
      'Muitas tentativas. Tente novamente mais tarde.',
    ],
    ['auth/user-disabled', 'Esta conta está desativada.', 'Esta conta está desativada.'],
    [
      'network-request-failed',
      'Falha de conexão. Verifique sua internet e tente novamente.',
      'Falha de conexão. Verifique sua internet e tente novamente.',
    ],
    ['internal', 'Erro inesperado.', 'Credenciais inválidas. Tente novamente.'],
  ])('login failure %s shows a message and the form is usable again', async (code, serverText, shown) => {
    const user = userEvent.setup()
    renderLogin(fakeAuth({ login: vi.fn(async () => Promise.reject(new ApiError(400, code, serverText))) }))
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'qualquer')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    // The alert region is always there (empty until a message): wait for its text, not for it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(shown))
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it('disables the submit button while the request runs', async () => {
    const user = userEvent.setup()
    let finish!: (u: AuthUser) => void
    const auth = fakeAuth({ login: vi.fn(() => new Promise<AuthUser>((resolve) => (finish = resolve))) })
    renderLogin(auth)
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'qualquer')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(auth.login).toHaveBeenCalledTimes(1)
    await act(async () => finish(maria))
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it('signup: e-mail in use, and the unmet rules from the fetched policy', async () => {
    const user = userEvent.setup()
    const signup = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'auth/email-already-in-use', 'x'))
      .mockRejectedValueOnce(new ApiError(422, 'auth/password-does-not-meet-requirements', 'x'))
    const auth = fakeAuth({ signup })
    renderLogin(auth, '/login?modo=cadastro')
    await user.type(field('Nome'), 'Maria')
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'flamengo')
    await user.type(field('Confirmar Senha'), 'flamengo')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByText('Este e-mail já está cadastrado.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByText('A senha não atende aos requisitos: não ser uma senha comum.')).toBeInTheDocument()
    expect(signup).toHaveBeenCalledWith({ email: 'maria@exemplo.com', password: 'flamengo', displayName: 'Maria' })
  })

  it('signup: too many accounts from this address shows the server text by the button, keeping what was typed', async () => {
    const user = userEvent.setup()
    const text = 'Muitas tentativas. Tente novamente mais tarde.'
    const signup = vi.fn().mockRejectedValueOnce(new ApiError(429, 'auth/too-many-requests', text))
    renderLogin(fakeAuth({ signup }), '/login?modo=cadastro')
    await user.type(field('Nome'), 'Maria')
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'pedal-de-domingo')
    await user.type(field('Confirmar Senha'), 'pedal-de-domingo')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text))
    const alert = screen.getByRole('alert')
    const button = screen.getByRole('button', { name: 'Cadastrar' })
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(alert.closest('form')).toBe(button.closest('form'))
    expect(button).toBeEnabled()
    expect(field('Nome').value).toBe('Maria')
    expect(field('Email').value).toBe('maria@exemplo.com')
    expect(field('Senha').value).toBe('pedal-de-domingo')
    expect(field('Confirmar Senha').value).toBe('pedal-de-domingo')
    expect(console.error).toHaveBeenCalled()
  })

  it('signup: a password shorter than the policy is refused before any request', async () => {
    const user = userEvent.setup()
    const auth = fakeAuth()
    renderLogin(auth, '/login?modo=cadastro')
    await screen.findByText(/A senha deve ter pelo menos 6 caracteres/)
    await user.type(field('Nome'), 'Maria')
    await user.type(field('Email'), 'maria@exemplo.com')
    await user.type(field('Senha'), 'trilh')
    await user.type(field('Confirmar Senha'), 'trilh')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(screen.getByText('A senha não atende aos requisitos: ter pelo menos 6 caracteres.')).toBeInTheDocument()
    expect(auth.signup).not.toHaveBeenCalled()
  })
})
