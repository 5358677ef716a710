import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { serve, type Answer } from '../../lib/testing/fakeFetch'
import { renderAt } from '../../lib/testing/renderAt'
import { ResetPasswordPage } from './ResetPasswordPage'

let confirmAnswer: () => Answer

beforeEach(() => {
  confirmAnswer = () => [200, {}]
  serve([
    ['GET', '/api/auth/password-policy', [200, { minLength: 8, maxBytes: 128, rejectCommon: true }]],
    [
      'POST',
      '/api/auth/password-reset/verify',
      ({ body }) =>
        (body as { token?: string }).token === 'bom'
          ? [200, { email: 'maria@exemplo.com' }]
          : [400, { error: { code: 'auth/invalid-action-code', message: 'Link inválido ou expirado.' } }],
    ],
    ['POST', '/api/auth/password-reset/confirm', () => confirmAnswer()],
    ['*', /^/, [200, { user: null }]],
  ])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderPage = (path: string) =>
  renderAt(path, { '/redefinir-senha': <ResetPasswordPage />, '/login': <p>tela de login</p> })

describe('reset password page', () => {
  it('shows the account, the rule from the server, and confirms a new password', async () => {
    const user = userEvent.setup()
    renderPage('/redefinir-senha?token=bom')
    expect(await screen.findByText('maria@exemplo.com')).toBeInTheDocument()
    expect(
      screen.getByText('A senha deve ter pelo menos 8 caracteres e não pode ser uma senha comum.'),
    ).toBeInTheDocument()

    await user.type(screen.getByLabelText('Nova senha'), 'curta12')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'curta123')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Confirmar nova senha'))
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'curta12')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(screen.getByText('A senha não atende aos requisitos: ter pelo menos 8 caracteres.')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password-reset/confirm', expect.anything())

    await user.clear(screen.getByLabelText('Nova senha'))
    await user.clear(screen.getByLabelText('Confirmar nova senha'))
    await user.type(screen.getByLabelText('Nova senha'), 'nova-largada')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-largada')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(await screen.findByText('Senha redefinida com sucesso!')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password-reset/confirm',
      expect.objectContaining({ body: JSON.stringify({ token: 'bom', password: 'nova-largada' }) }),
    )
    await user.click(screen.getByRole('link', { name: 'Ir para o login' }))
    expect(screen.getByText('tela de login')).toBeInTheDocument()
  })

  it('an invalid, used or expired link says so and leads to a new request', async () => {
    renderPage('/redefinir-senha?token=usado')
    expect(await screen.findByText('Link inválido ou expirado.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/login?modo=esqueci-senha',
    )
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument()
  })

  it('a link without a token is invalid without asking the server', () => {
    renderPage('/redefinir-senha')
    expect(screen.getByText('Link inválido ou expirado.')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password-reset/verify', expect.anything())
  })

  it('a link used up while the page was open turns into the invalid-link view', async () => {
    const user = userEvent.setup()
    confirmAnswer = () => [400, { error: { code: 'auth/invalid-action-code', message: 'Link inválido ou expirado.' } }]
    renderPage('/redefinir-senha?token=bom')
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-largada')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-largada')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(await screen.findByText('Link inválido ou expirado.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeInTheDocument()
  })
})
