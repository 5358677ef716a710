import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../app/routing'
import { serve } from '../../lib/testing/fakeFetch'
import { summary } from '../../lib/testing/testEvents'
import { useResource } from '../../lib/platform/resource'
import { listWorkEvents } from '../../lib/team/staff'
import { WorkEvents } from './WorkEvents'

afterEach(() => vi.unstubAllGlobals())

const answer = (events: unknown[]) => serve([['GET', '/api/me/events-staff', [200, { events }]]])

/** As the dashboard gives it: the list it loaded. */
function Loaded() {
  return <WorkEvents work={useResource('work-events', listWorkEvents)} />
}

const renderIt = () =>
  render(
    <MemoryRouter>
      <Loaded />
    </MemoryRouter>,
  )

describe('WorkEvents', () => {
  it('lists the events the user works on, with the role, the workspace and the kit desk for retirada', async () => {
    const sent = answer([
      { role: 'gestao', event: summary({ id: 'a1', titulo: 'Maratona de Curitiba' }) },
      { role: 'retirada', event: summary({ id: 'b2', titulo: 'Corrida do Batel' }) },
    ])
    renderIt()
    const list = await screen.findByRole('list', { name: 'Eventos em que trabalho' })
    const [gestao, retirada] = within(list).getAllByRole('listitem')
    expect(gestao).toHaveTextContent('15/03/2026 · Parque da Cidade, São Paulo - SP · Gestão')
    expect(within(gestao!).getByRole('link', { name: 'Abrir Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/a1',
    )
    expect(within(gestao!).queryByRole('link', { name: /Balcão/ })).not.toBeInTheDocument()
    expect(retirada).toHaveTextContent('Retirada de kits')
    expect(within(retirada!).getByRole('link', { name: 'Balcão de retirada de Corrida do Batel' })).toHaveAttribute(
      'href',
      '/retirada/b2',
    )
    expect(sent[0]!.path).toBe('/api/me/events-staff')
  })

  it('lists the next event first: upcoming soonest first, then past ones (TEAM-9)', async () => {
    answer([
      { role: 'retirada', event: summary({ id: 'p', titulo: 'Corrida Passada', dataEvento: '2020-01-01' }) },
      { role: 'gestao', event: summary({ id: 'f', titulo: 'Corrida Distante', dataEvento: '2999-12-01' }) },
      { role: 'retirada', event: summary({ id: 'n', titulo: 'Corrida Próxima', dataEvento: '2999-01-10' }) },
    ])
    renderIt()
    const list = await screen.findByRole('list', { name: 'Eventos em que trabalho' })
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Corrida Próxima', 'Corrida Distante', 'Corrida Passada'])
  })

  it('shows nothing to someone on no team', async () => {
    const sent = answer([])
    const { container } = renderIt()
    await vi.waitFor(() => expect(sent).not.toHaveLength(0))
    expect(container).toBeEmptyDOMElement()
  })
})
