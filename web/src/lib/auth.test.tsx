import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthProvider, useAuth } from './auth'
import { serve, type Answer } from './testing/fakeFetch'

function Probe() {
  const { loading, isAuthenticated, user, logout, login } = useAuth()
  return (
    <>
      <p>{loading ? 'carregando' : isAuthenticated ? `entrou: ${user?.displayName}` : 'visitante'}</p>
      <button onClick={() => void login('maria@x.com', 'segredo-bom')}>entrar</button>
      <button onClick={() => void logout()}>sair</button>
    </>
  )
}

const maria = {
  uid: 'u1',
  email: 'maria@x.com',
  displayName: 'Maria',
  createdAt: '2026-01-01T00:00:00Z',
  emailVerificado: true,
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AuthProvider', () => {
  it('is loading until the session answers, then follows login and logout', async () => {
    let answer!: (a: Answer) => void
    serve([
      ['*', '/api/auth/session', () => new Promise<Answer>((resolve) => (answer = resolve))],
      ['*', '/api/auth/login', [200, { user: maria }]],
      ['*', /^/, [204]],
    ])
    const user = userEvent.setup()
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    expect(screen.getByText('carregando')).toBeInTheDocument()
    await act(async () => answer([200, { user: null }]))
    expect(screen.getByText('visitante')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'entrar' }))
    expect(await screen.findByText('entrou: Maria')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'maria@x.com', password: 'segredo-bom' }),
      }),
    )

    await user.click(screen.getByRole('button', { name: 'sair' }))
    expect(await screen.findByText('visitante')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }))
  })

  it('a session that cannot be read ends loading as a visitor, and is logged', async () => {
    serve([['*', /^/, () => Promise.reject(new TypeError('offline'))]])
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    expect(await screen.findByText('visitante')).toBeInTheDocument()
    expect(error).toHaveBeenCalled()
  })
})
