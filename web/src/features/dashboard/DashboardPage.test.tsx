import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from '../../app/routing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DashboardPage } from './DashboardPage'

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ events: [] }), { status: 200 }))),
  )
})
afterEach(() => vi.unstubAllGlobals())

function Address() {
  const { search } = useLocation()
  return <output aria-label="endereço">{search}</output>
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <DashboardPage />
      <Address />
    </MemoryRouter>,
  )
}

describe('DashboardPage', () => {
  it("opens on 'Painel do Atleta' and switches to 'Painel do Organizador' and back", async () => {
    const user = userEvent.setup()
    renderAt('/dashboard')
    const athlete = screen.getByRole('tab', { name: 'Painel do Atleta' })
    const organizer = screen.getByRole('tab', { name: 'Painel do Organizador' })
    expect(athlete).toHaveAttribute('aria-selected', 'true')
    expect(organizer).toHaveAttribute('aria-selected', 'false')
    expect(screen.getByRole('tabpanel', { name: 'Painel do Atleta' })).toBeInTheDocument()
    expect(await screen.findByText('Nenhum evento futuro encontrado.')).toBeInTheDocument()

    await user.click(organizer)
    expect(organizer).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Painel do Organizador' })).toBeInTheDocument()
    expect(screen.queryByRole('tabpanel', { name: 'Painel do Atleta' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Meus eventos' })).toBeInTheDocument()
    expect(screen.getByRole('tablist', { name: 'Seções do protótipo' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('?painel=organizador')

    await user.keyboard('{ArrowLeft}')
    expect(athlete).toHaveFocus()
    expect(athlete).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('heading', { name: 'Meus eventos' })).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'endereço' })).toBeEmptyDOMElement()
  })

  it('keeps the organizer panel chosen in the address', () => {
    renderAt('/dashboard?painel=organizador')
    expect(screen.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('heading', { name: 'Meus eventos' })).toBeInTheDocument()
  })
})
