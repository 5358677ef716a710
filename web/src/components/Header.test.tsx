import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from '../app/routing'
import { describe, expect, it } from 'vitest'
import { Header } from './Header'

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  )
}

describe('mobile menu', () => {
  it('opens full screen with the site links and closes on its close button', async () => {
    const user = userEvent.setup()
    renderHeader()
    const toggle = screen.getByRole('button', { name: 'Abrir menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    const menu = screen.getByRole('dialog', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Eventos', 'Sobre', 'Login', 'Serviços', 'Impacto', 'Planos de Treino']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(within(menu).queryByRole('link', { name: 'Minhas inscrições' })).not.toBeInTheDocument() // NAV-17: signed in only
    expect(document.body.style.overflow).toBe('hidden')

    await user.click(within(menu).getByRole('button', { name: 'Fechar menu' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
    expect(toggle).toHaveFocus()
  })

  it('closes on Escape', async () => {
    const user = userEvent.setup()
    renderHeader()
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes when a link is chosen', async () => {
    const user = userEvent.setup()
    renderHeader()
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Sobre' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
