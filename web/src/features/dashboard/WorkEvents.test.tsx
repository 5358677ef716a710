import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../app/routing'
import { summary } from '../../lib/testing/testEvents'
import { WorkEvents } from './WorkEvents'

afterEach(() => vi.unstubAllGlobals())

function answer(events: unknown[]) {
  const fetch = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify({ events }), { status: 200 })))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const renderIt = () =>
  render(
    <MemoryRouter>
      <WorkEvents />
    </MemoryRouter>,
  )

describe('WorkEvents', () => {
  it('lists the events the user works on, with the role, the workspace and the kit desk for retirada', async () => {
    const fetch = answer([
      { role: 'gestao', event: summary({ id: 'a1', titulo: 'Maratona de Curitiba' }) },
      { role: 'retirada', event: summary({ id: 'b2', titulo: 'Corrida do Batel' }) },
    ])
    renderIt()
    const list = await screen.findByRole('list', { name: 'Eventos em que trabalho' })
    const [gestao, retirada] = within(list).getAllByRole('listitem')
    expect(gestao).toHaveTextContent('15/03/2026 · Parque da Cidade, São Paulo - SP · Gestão')
    expect(within(gestao!).getByRole('link', { name: 'Abrir Maratona de Curitiba' })).toHaveAttribute('href', '/dashboard/eventos/a1')
    expect(within(gestao!).queryByRole('link', { name: /Balcão/ })).not.toBeInTheDocument()
    expect(retirada).toHaveTextContent('Retirada de kits')
    expect(within(retirada!).getByRole('link', { name: 'Balcão de retirada de Corrida do Batel' })).toHaveAttribute('href', '/retirada/b2')
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/me/events-staff')
  })

  it('shows nothing to someone on no team', async () => {
    const fetch = answer([])
    const { container } = renderIt()
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(container).toBeEmptyDOMElement()
  })
})
