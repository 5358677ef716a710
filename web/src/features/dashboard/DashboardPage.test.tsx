import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from '../../app/routing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '../../lib/testing/fakeFetch'
import { summary } from '../../lib/testing/testEvents'
import { DashboardPage } from './DashboardPage'

afterEach(() => vi.unstubAllGlobals())

/** A server where the user owns `mine` and works on `work`; the panel's answer is `painel`. */
function serve(mine: unknown[] = [], work: unknown[] = [], painel: unknown[] = []) {
  return stubFetch((url) => {
    if (url.pathname === '/api/me/events-staff') return [200, { events: work }]
    if (url.pathname === '/api/events') return [200, { events: url.searchParams.get('owner') === 'me' ? mine : [] }]
    if (url.pathname === '/api/me/painel') return [200, { eventos: painel }]
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
    expect(await screen.findByRole('tablist', { name: 'Seções do protótipo' })).toBeInTheDocument()
    expect(screen.getByText(/^Para seus eventos reais, use Gerenciar em/)).toHaveTextContent(
      'Para seus eventos reais, use Gerenciar em Meus eventos.',
    )
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

  it("opens an organizer's account on its real panel: figures across its events from one request, each leading to its workspace (ORG-13, ORG-14)", async () => {
    const user = userEvent.setup({ delay: null })
    const curitiba = summary({ id: 'a1', titulo: 'Maratona de Curitiba', dataEvento: '2999-06-01' })
    const batel = summary({ id: 'b2', titulo: 'Corrida do Batel', dataEvento: '2999-02-01' })
    const balcao = summary({ id: 'c3', titulo: 'Corrida do Balcão', dataEvento: '2999-04-01' })
    const money = { valorPago: 8990, valorPendente: 1798, bruto: 1000, reembolsado: 100, liquido: 900 }
    const fetch = serve(
      [curitiba],
      [
        { role: 'gestao', event: batel },
        { role: 'retirada', event: balcao },
      ],
      [
        {
          role: 'owner',
          event: curitiba,
          inscritos: 120,
          pagos: 100,
          kitsRetirados: 30,
          resultados: { oficiais: 0, preliminares: 1 },
          dinheiro: money,
        },
        {
          role: 'gestao',
          event: batel,
          inscritos: 120,
          pagos: 100,
          kitsRetirados: 30,
          resultados: { oficiais: 2, preliminares: 0 },
          dinheiro: money,
        },
        {
          role: 'retirada',
          event: balcao,
          inscritos: 40,
          pagos: 40,
          kitsRetirados: 40,
          resultados: { oficiais: 0, preliminares: 0 },
          dinheiro: null,
        },
      ],
    )
    renderAt('/dashboard')
    expect(await screen.findByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
    const list = await screen.findByRole('list', { name: 'Eventos' })
    expect(screen.queryByRole('tablist', { name: 'Seções do protótipo' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Criar Evento' })).not.toBeInTheDocument()
    const tabs = screen.getByRole('tablist', { name: 'Seções da gestão' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Visão Geral', 'Inscrições', 'Check-in', 'Resultados', 'Financeiro', 'Configurações'])
    // One request for every event's figures.
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/me/painel'))).toHaveLength(1)
    expect(fetch.mock.calls.filter(([u]) => /participants|results/.test(String(u)))).toEqual([])

    const panel = screen.getByRole('tabpanel', { name: 'Visão Geral' })
    const stat = (label: string) =>
      within(panel)
        .getByText(label)
        .nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')
    expect(stat('Eventos')).toBe('3')
    expect(stat('Inscritos')).toBe('280')
    expect(stat('Kits retirados')).toBe('100')
    expect(stat('Resultados publicados')).toBe('3')
    expect(stat('Receita')).toBe('R$ 17.980,00') // the kit desk's event carries no money
    const rows = within(list).getAllByRole('listitem')
    // The next event first.
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Corrida do Batel',
      'Corrida do Balcão',
      'Maratona de Curitiba',
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'Gerenciar: Corrida do Batel' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/b2',
    )

    await user.click(within(tabs).getByRole('tab', { name: 'Check-in' }))
    const kits = screen.getByRole('list', { name: 'Retirada de kits por evento' })
    expect(kits).toHaveTextContent('30 de 120 kits retirados')
    expect(within(kits).getByRole('link', { name: 'Acompanhar retirada: Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/a1?aba=retirada',
    )

    await user.click(within(tabs).getByRole('tab', { name: 'Resultados' }))
    const results = screen.getByRole('list', { name: 'Resultados por evento' })
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('2 oficiais'), expect.stringContaining('1 preliminar')])
    expect(within(results).getByRole('link', { name: 'Resultados: Corrida do Batel' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/b2?aba=resultados',
    )

    await user.click(within(tabs).getByRole('tab', { name: 'Financeiro' }))
    const finance = screen.getByRole('tabpanel', { name: 'Financeiro' })
    const text = finance.textContent?.replace(/\u00a0/g, ' ')
    expect(text).toContain('Recebido dos inscritosR$ 17.980,00')
    expect(text).toContain('LíquidoR$ 1.800,00')
    // Money only of the events whose role opens Financeiro.
    expect(within(finance).queryByText('Corrida do Balcão')).not.toBeInTheDocument()
    expect(within(finance).getByRole('link', { name: 'Financeiro: Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/a1?aba=financeiro',
    )

    await user.click(within(tabs).getByRole('tab', { name: 'Configurações' }))
    const config = screen.getByRole('list', { name: 'Configurações por evento' })
    expect(within(config).getByRole('link', { name: 'Editar Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/cadastro/a1',
    )
    expect(within(config).getByRole('link', { name: 'Configurações: Corrida do Batel' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/b2?aba=configuracoes',
    )
    // A manager edits no event: that is the owner's.
    expect(within(config).queryByRole('link', { name: 'Editar Corrida do Batel' })).not.toBeInTheDocument()
  })

  it('offers a kit desk volunteer their real events, not the sample data (ORG-14)', async () => {
    const balcao = summary({ id: 'c3', titulo: 'Corrida do Balcão', dataEvento: '2999-04-01' })
    serve(
      [],
      [{ role: 'retirada', event: balcao }],
      [
        {
          role: 'retirada',
          event: balcao,
          inscritos: 40,
          pagos: 40,
          kitsRetirados: 12,
          resultados: { oficiais: 0, preliminares: 0 },
          dinheiro: null,
        },
      ],
    )
    const user = userEvent.setup({ delay: null })
    renderAt('/dashboard')
    expect(await screen.findByRole('list', { name: 'Eventos' })).toHaveTextContent('Corrida do Balcão')
    expect(screen.queryByRole('tablist', { name: 'Seções do protótipo' })).not.toBeInTheDocument()
    expect(screen.getByRole('tabpanel', { name: 'Visão Geral' })).not.toHaveTextContent('Receita')
    await user.click(screen.getByRole('tab', { name: 'Financeiro' }))
    expect(screen.getByRole('tabpanel', { name: 'Financeiro' })).toHaveTextContent(
      'Seu papel nos seus eventos não inclui esta seção.',
    )
  })
})
