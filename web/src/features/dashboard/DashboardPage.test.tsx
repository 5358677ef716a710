import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from '../../app/routing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch, summary } from '../../lib/testing/testEvents'
import { DashboardPage } from './DashboardPage'

afterEach(() => vi.unstubAllGlobals())

/** A server where the user owns `mine` and works on `work`; every event has the same figures. */
function serve(mine: unknown[] = [], work: unknown[] = []) {
  return stubFetch((url) => {
    if (url.pathname === '/api/me/events-staff') return [200, { events: work }]
    if (url.pathname === '/api/events') return [200, { events: url.searchParams.get('owner') === 'me' ? mine : [] }]
    if (url.pathname.endsWith('/participants/summary')) {
      return [200, { total: 120, pagos: 100, kitRetirado: 30, valorPago: 8990, valorPendente: 1798, porPercurso: {}, porSexo: {}, porCamiseta: {} }]
    }
    if (url.pathname.endsWith('/results')) return [200, { resultSets: [{ id: 's1', percurso: '10 km', status: 'preliminar' }] }]
    return [404, {}]
  })
}

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
  it("opens an account without events on 'Painel do Atleta', and switches to 'Painel do Organizador' and back", async () => {
    serve()
    const user = userEvent.setup({ delay: null })
    renderAt('/dashboard')
    const athlete = await screen.findByRole('tab', { name: 'Painel do Atleta' })
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
    // No events yet: the prototype, as a tour that points to the real workspace (ORG-13).
    expect(screen.getByRole('tablist', { name: 'Seções do protótipo' })).toBeInTheDocument()
    expect(screen.getByText(/^Para seus eventos reais, use Gerenciar em/)).toHaveTextContent('Para seus eventos reais, use Gerenciar em Meus eventos.')
    expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('?painel=organizador')

    await user.keyboard('{ArrowLeft}')
    expect(athlete).toHaveFocus()
    expect(athlete).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('heading', { name: 'Meus eventos' })).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('?painel=atleta')
  })

  it('keeps the panel chosen in the address, whatever fits the account', () => {
    serve([summary({ id: 'a1' })])
    renderAt('/dashboard?painel=atleta')
    expect(screen.getByRole('tab', { name: 'Painel do Atleta' })).toHaveAttribute('aria-selected', 'true')
  })

  it('keeps the organizer panel chosen in the address', () => {
    serve()
    renderAt('/dashboard?painel=organizador')
    expect(screen.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('heading', { name: 'Meus eventos' })).toBeInTheDocument()
  })

  it('opens on the organizer panel for an account with a team role (NAV-15)', async () => {
    serve([], [{ role: 'retirada', event: summary({ id: 'r1', titulo: 'Corrida do Balcão' }) }])
    renderAt('/dashboard')
    expect(await screen.findByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('status', { name: 'endereço' })).toBeEmptyDOMElement()
  })

  it("opens an organizer's account on its real panel: figures across its events, each leading to its workspace (ORG-13)", async () => {
    const user = userEvent.setup({ delay: null })
    serve(
      [summary({ id: 'a1', titulo: 'Maratona de Curitiba', dataEvento: '2999-06-01' })],
      [{ role: 'gestao', event: summary({ id: 'b2', titulo: 'Corrida do Batel', dataEvento: '2999-02-01' }) }],
    )
    renderAt('/dashboard')
    expect(await screen.findByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('tablist', { name: 'Seções do protótipo' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Criar Evento' })).not.toBeInTheDocument()
    const tabs = screen.getByRole('tablist', { name: 'Seções da gestão' })
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Visão Geral',
      'Inscrições',
      'Check-in',
      'Resultados',
      'Financeiro',
      'Configurações',
    ])

    const list = await screen.findByRole('list', { name: 'Eventos' })
    const panel = screen.getByRole('tabpanel', { name: 'Visão Geral' })
    expect(panel).toHaveTextContent('Eventos2')
    expect(panel).toHaveTextContent('Inscritos240')
    expect(panel).toHaveTextContent('Receita')
    const rows = within(list).getAllByRole('listitem')
    // The next event first.
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Corrida do Batel', 'Maratona de Curitiba'])
    expect(within(rows[0]!).getByRole('link', { name: 'Gerenciar: Corrida do Batel' })).toHaveAttribute('href', '/dashboard/eventos/b2')

    await user.click(within(tabs).getByRole('tab', { name: 'Check-in' }))
    const kits = screen.getByRole('list', { name: 'Retirada de kits por evento' })
    expect(kits).toHaveTextContent('30 de 120 kits retirados')
    expect(within(kits).getByRole('link', { name: 'Acompanhar retirada: Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/a1?aba=retirada',
    )

    await user.click(within(tabs).getByRole('tab', { name: 'Resultados' }))
    expect(screen.getByRole('list', { name: 'Resultados por evento' })).toHaveTextContent('1 preliminar')

    await user.click(within(tabs).getByRole('tab', { name: 'Financeiro' }))
    const money = screen.getByRole('tabpanel', { name: 'Financeiro' })
    expect(money.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 17.980,00') // 2 × R$ 8.990,00 received

    await user.click(within(tabs).getByRole('tab', { name: 'Configurações' }))
    const config = screen.getByRole('list', { name: 'Configurações por evento' })
    expect(within(config).getByRole('link', { name: 'Editar Maratona de Curitiba' })).toHaveAttribute('href', '/cadastro/a1')
    // A manager edits no event: that is the owner's.
    expect(within(config).queryByRole('link', { name: 'Editar Corrida do Batel' })).not.toBeInTheDocument()
  })
})
