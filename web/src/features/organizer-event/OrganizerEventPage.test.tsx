import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, Navigate, Route, Routes, useLocation } from '../../app/routing'
import { savedEventState } from '../../components/savedEvent'
import { AuthContext, type Auth } from '../../lib/auth'
import { OrganizerEventPage } from './OrganizerEventPage'
import { makeEvent } from '../../lib/testing/testEvents'
import { serve } from '../../lib/testing/fakeFetch'
import type { Finance } from './finance/financeApi'

afterEach(() => vi.unstubAllGlobals())

function signedInAs(uid: string): Auth {
  const never = vi.fn(() => new Promise<never>(() => {}))
  return {
    loading: false,
    isAuthenticated: true,
    signedOut: false,
    user: { uid, email: `${uid}@exemplo.com.br`, displayName: uid, createdAt: '', emailVerificado: true },
    login: never,
    signup: never,
    logout: never,
    requestPasswordReset: never,
    refresh: never,
  }
}

function Address() {
  const { search } = useLocation()
  return <output aria-label="endereço">{search}</output>
}

function renderPage(uid: string, url = '/dashboard/eventos/ev1') {
  return render(
    <AuthContext.Provider value={signedInAs(uid)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/dashboard/eventos/:eventId"
            element={
              <>
                <OrganizerEventPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
}

const emptyFinance: Finance = {
  bruto: 0,
  reembolsado: 0,
  liquido: 0,
  reembolsoEmProcessamento: 0,
  pedidos: { pagos: 0, aguardando: 0, expirados: 0, cancelados: 0, reembolsados: 0 },
  porLote: {},
  porPercurso: {},
  porDia: {},
  porGrupo: {},
  conciliacao: null,
}

/** The event ev1 of 'dona', with `team` as the work list of whoever asks, and empty lists. */
function world(team: { role: string }[] = []) {
  return serve([
    ['GET', '/api/events/ev1', () => [200, makeEvent({ ownerId: 'dona' })]],
    [
      'GET',
      '/api/me/events-staff',
      () => [200, { events: team.map((t) => ({ role: t.role, event: makeEvent({ ownerId: 'dona' }) })) }],
    ],
    ['GET', '/api/events/ev1/participants', () => [200, { participants: [], total: 0, nextCursor: null }]],
    [
      'GET',
      '/api/events/ev1/participants/summary',
      () => [200, { total: 0, pagos: 0, kitRetirado: 0, porPercurso: {}, porSexo: {}, porCamiseta: {} }],
    ],
    ['GET', '/api/events/ev1/participants/settings', () => [200, { faixasPeito: [] }]],
    [
      'GET',
      '/api/events/ev1/staff',
      () => [200, { owner: { id: 'dona', email: 'dona@exemplo.com.br', nome: 'Dona' }, staff: [] }],
    ],
    ['GET', '/api/events/ev1/financeiro', () => [200, emptyFinance]],
    ['GET', '/api/events/ev1/pedidos', () => [200, { pedidos: [], total: 0, nextCursor: null }]],
    ['GET', '/api/events/ev1/cupons', () => [200, { cupons: [] }]],
  ])
}

/** The workspace as the event form leaves it after saving a new event: the message in the navigation's state. */
function arriveFromTheForm(saved: { id: string; titulo: string }) {
  const state = savedEventState(saved)
  return render(
    <AuthContext.Provider value={signedInAs('dona')}>
      <MemoryRouter initialEntries={['/cadastro']}>
        <Routes>
          <Route path="/cadastro" element={<Navigate to={`/dashboard/eventos/ev1`} state={state} />} />
          <Route path="/dashboard/eventos/:eventId" element={<OrganizerEventPage />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent)

describe('OrganizerEventPage', () => {
  it("shows the event's header and the owner's seven tabs, Inscritos first", async () => {
    world()
    renderPage('dona')
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(screen.getByText('15 de março de 2026')).toBeInTheDocument()
    expect(screen.getByText('São Paulo - SP')).toBeInTheDocument()
    expect(screen.getByText('Inscrições Abertas')).toBeInTheDocument()
    expect(screen.getByRole('tablist', { name: 'Gestão do evento' })).toBeInTheDocument()
    expect(tabNames()).toEqual([
      'Inscritos',
      'Retirada de kits',
      'Resultados',
      'Financeiro',
      'Grupos',
      'Equipe',
      'Configurações',
    ])
    expect(screen.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Inscritos' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Importar inscritos' })).toBeInTheDocument() // its code loads after the page's
  })

  it('says a new event was saved, focused, with the ways to its public page and its form (FORM-40, FORM-42)', async () => {
    world()
    arriveFromTheForm({ id: 'ev1', titulo: 'Corrida da Serra' })
    // The message's code loads only for a page that has one to say.
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'Evento "Corrida da Serra" salvo com sucesso!' },
      { timeout: 5_000 },
    )
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver página do evento' })).toHaveAttribute('href', '/event/ev1')
    expect(screen.getByRole('link', { name: 'Editar este evento' })).toHaveAttribute('href', '/cadastro/ev1')
  })

  it("says nothing of a save that was another event's", async () => {
    world()
    arriveFromTheForm({ id: 'outro', titulo: 'Outra Corrida' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(screen.queryByText(/salvo com sucesso/)).toBeNull()
  })

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    world()
    const user = userEvent.setup()
    renderPage('dona')
    const inscritos = await screen.findByRole('tab', { name: 'Inscritos' })
    await user.click(inscritos)
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Retirada de kits' })).toHaveFocus()
    // Tabs other than the first load their code when opened (the page's JavaScript budget).
    await waitFor(() => expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('?aba=retirada'))
    expect(
      within(screen.getByRole('tabpanel', { name: 'Retirada de kits' })).getByRole('link', {
        name: 'Abrir o balcão de retirada',
      }),
    ).toHaveAttribute('href', '/retirada/ev1')
    await user.keyboard('{End}')
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveAttribute('aria-selected', 'true'),
    )
    expect(screen.getByRole('status', { name: 'endereço' })).toHaveTextContent('?aba=configuracoes')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Inscritos' })).toHaveFocus()
    expect(screen.getByRole('status', { name: 'endereço' })).toBeEmptyDOMElement()
  })

  it('opens on the tab named in the address, as after a reload', async () => {
    world()
    renderPage('dona', '/dashboard/eventos/ev1?aba=equipe')
    expect(await screen.findByRole('tab', { name: 'Equipe' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('Dona')).toBeInTheDocument()
  })

  it('shows a manager the same tabs as the owner', async () => {
    world([{ role: 'gestao' }])
    renderPage('gerente')
    expect(await screen.findByText('Gestão')).toBeInTheDocument()
    expect(tabNames()).toEqual([
      'Inscritos',
      'Retirada de kits',
      'Resultados',
      'Financeiro',
      'Grupos',
      'Equipe',
      'Configurações',
    ])
  })

  // REG-130: the money is the owner's and the managers' only.
  it('opens Financeiro for the owner, loading its figures only then', async () => {
    const sent = world()
    sent.length = 0
    renderPage('dona', '/dashboard/eventos/ev1?aba=financeiro')
    expect(await screen.findByRole('tab', { name: 'Financeiro' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('heading', { name: 'Resumo financeiro' })).toBeInTheDocument()
    expect(sent.some((s) => s.url.pathname === '/api/events/ev1/financeiro')).toBe(true)
  })

  it('hides Financeiro from the kit desk even when the address asks for it, and asks for no figures', async () => {
    const sent = world([{ role: 'retirada' }])
    renderPage('balcao', '/dashboard/eventos/ev1?aba=financeiro')
    expect(await screen.findByRole('heading', { name: 'Lista de inscritos' })).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Financeiro' })).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
    expect(sent.some((s) => /financeiro|pedidos|cupons/.test(s.url.pathname))).toBe(false)
  })

  it('shows the kit desk only the list and the link to the kit desk app, whatever the address asks', async () => {
    const sent = world([{ role: 'retirada' }])
    renderPage('balcao', '/dashboard/eventos/ev1?aba=equipe')
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(tabNames()).toEqual(['Inscritos', 'Retirada de kits'])
    expect(screen.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('heading', { name: 'Lista de inscritos' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Importar inscritos' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Baixar planilha (CSV)' })).not.toBeInTheDocument()
    expect(sent.some((s) => s.url.pathname.endsWith('/summary'))).toBe(false)

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Retirada de kits' }))
    const panel = screen.getByRole('tabpanel', { name: 'Retirada de kits' })
    expect(within(panel).getByRole('link', { name: 'Abrir o balcão de retirada' })).toHaveAttribute(
      'href',
      '/retirada/ev1',
    )
    // Only the link: the progress and the pickup history are the managers'.
    expect(sent.some((s) => s.url.pathname.includes('/checkin'))).toBe(false)
  })

  it('answers a stranger with a pt-BR 403 and a way back to the dashboard', async () => {
    world()
    renderPage('estranho')
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso negado.' })).toBeInTheDocument()
    expect(screen.getByText(/não faz parte da equipe deste evento/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute(
      'href',
      '/dashboard?painel=organizador',
    )
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
  })

  it('answers an unknown event with a 404 message', async () => {
    serve([
      [
        'GET',
        '/api/events/nao-existe',
        () => [404, { error: { code: 'not-found', message: 'Evento não encontrado.' } }],
      ],
    ])
    renderPage('dona', '/dashboard/eventos/nao-existe')
    expect(await screen.findByRole('heading', { level: 1, name: 'Evento não encontrado.' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toBeInTheDocument()
  })

  it('shows the 403 when a list answers 403 (the member was removed meanwhile)', async () => {
    serve([
      ['GET', '/api/events/ev1', () => [200, makeEvent({ ownerId: 'dona' })]],
      [
        'GET',
        '/api/me/events-staff',
        () => [200, { events: [{ role: 'retirada', event: makeEvent({ ownerId: 'dona' }) }] }],
      ],
      ['GET', '/api/events/ev1/participants', () => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }]],
    ])
    renderPage('balcao')
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso negado.' })).toBeInTheDocument()
  })
})
