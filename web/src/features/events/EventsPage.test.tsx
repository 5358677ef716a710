import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from '../../app/routing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { provideInitialData } from '../../lib/platform/initialData'
import { EventsPage } from './EventsPage'
import { soonestEvents } from './eventList'
import { serve, stubFetch } from '../../lib/testing/fakeFetch'
import { summary } from '../../lib/testing/testEvents'

function Address() {
  const { search } = useLocation()
  return <span data-testid="endereço">{search}</span>
}

function renderPage(entry = '/') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <EventsPage />
              <Address />
            </>
          }
        />
        <Route path="/event/:eventId" element={<p>página do evento</p>} />
        <Route path="/resultado/:eventId" element={<p>página de resultados</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

// The API's order: dataEvento descending. "Today" is 2026-03-15 in São Paulo.
const events = [
  summary({
    id: 'far',
    titulo: 'Maratona do Rio',
    dataEvento: '2026-06-01',
    categoria: 'Corrida de Rua',
    local: { local: 'Aterro', cidade: 'Rio de Janeiro', estado: 'RJ' },
  }),
  summary({
    id: 'today',
    titulo: 'Corrida de Hoje',
    dataEvento: '2026-03-15',
    categoria: 'Corrida de Rua',
    local: { cidade: 'São Paulo', estado: 'SP' },
  }),
  summary({
    id: 'yesterday',
    titulo: 'Pedal de Ontem',
    dataEvento: '2026-03-14',
    categoria: 'Ciclismo',
    local: { cidade: 'Belo Horizonte', estado: 'MG' },
  }),
  summary({
    id: 'old',
    titulo: 'Trail Antigo',
    dataEvento: '2025-08-10',
    categoria: 'Trail Running',
    local: { cidade: 'Ouro Preto', estado: 'MG' },
  }),
  summary({
    id: 'bare',
    titulo: '',
    categoria: '',
    dataEvento: '',
    banners: { desktop: '', mobile: '' },
    local: { local: '', endereco: '', cidade: '', estado: '' },
  }),
]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-15T12:00:00-03:00'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const cardTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

describe('events list', () => {
  it('draws the first cards the page came with while the whole list loads', async () => {
    // The server's answer to the soonest upcoming events (dataEvento ascending).
    provideInitialData({ [soonestEvents.path]: { events: [events[1], events[0]] } })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent = serve([
      [
        'GET',
        '/api/events',
        async () => {
          await held
          return [200, { events }]
        },
      ],
    ])
    renderPage()
    expect(cardTitles()).toEqual(['Corrida de Hoje', 'Maratona do Rio'])
    expect(screen.queryByText('Carregando eventos...')).not.toBeInTheDocument()
    expect(screen.queryByText(/\d+ eventos?$/)).not.toBeInTheDocument() // the count is not known yet
    expect(sent.map((s) => s.path)).toEqual(['/api/events?limit=500'])

    release()
    expect(await screen.findByText('Título não disponível')).toBeInTheDocument()
    expect(cardTitles()).toEqual(['Corrida de Hoje', 'Maratona do Rio', 'Título não disponível'])
    expect(screen.getByText('3 eventos')).toBeInTheDocument()
  })

  it('keeps the first cards in place when the whole list arrives, ties of a day included', async () => {
    const day = (id: string, titulo: string) => summary({ id, titulo, dataEvento: '2026-03-20' })
    // The soonest events ascending (ties by id), and the whole list as the API gives it: descending.
    provideInitialData({
      [soonestEvents.path]: { events: [day('a1', 'Primeira'), day('b2', 'Segunda'), day('c3', 'Terceira')] },
    })
    stubFetch(() => [200, { events: [day('c3', 'Terceira'), day('b2', 'Segunda'), day('a1', 'Primeira'), events[3]!] }])
    renderPage()
    const first = cardTitles()
    expect(first).toEqual(['Primeira', 'Segunda', 'Terceira'])
    expect(await screen.findByText('3 eventos')).toBeInTheDocument()
    expect(cardTitles()).toEqual(first)
  })

  it('waits for the whole list when the address has a search, even with the first cards in the page', async () => {
    provideInitialData({ [soonestEvents.path]: { events: [events[1], events[0]] } })
    stubFetch(() => [200, { events }])
    renderPage('/?q=maratona')
    expect(screen.getByRole('status')).toHaveTextContent('Carregando eventos...')
    expect(await screen.findByText('Maratona do Rio')).toBeInTheDocument()
    expect(cardTitles()).toEqual(['Maratona do Rio'])
  })

  it('shows the loading text, then upcoming events soonest first, linking to their pages', async () => {
    const fetch = stubFetch(() => [200, { events }])
    renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Carregando eventos...')
    expect(await screen.findByText('Maratona do Rio')).toBeInTheDocument()
    expect(screen.queryByText('Carregando eventos...')).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('tab', { name: 'Próximos Eventos' })).toHaveAttribute('aria-selected', 'true')
    expect(cardTitles()).toEqual(['Corrida de Hoje', 'Maratona do Rio', 'Título não disponível'])
    expect(screen.getByRole('link', { name: /Corrida de Hoje/ })).toHaveAttribute('href', '/event/today')
  })

  it('shows past events in the API order under Eventos Anteriores, linking to their results', async () => {
    stubFetch(() => [200, { events }])
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('Maratona do Rio')
    await user.click(screen.getByRole('tab', { name: 'Eventos Anteriores' }))
    expect(screen.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
    expect(cardTitles()).toEqual(['Pedal de Ontem', 'Trail Antigo'])
    expect(screen.getByTestId('endereço')).toHaveTextContent('?aba=anteriores')
    await user.click(screen.getByRole('link', { name: /Pedal de Ontem/ }))
    expect(screen.getByText('página de resultados')).toBeInTheDocument()
  })

  it("names a past card's results by what is published, and says when none are (HOME-19)", async () => {
    const past = [
      summary({ id: 'oficial', titulo: 'Prova Oficial', dataEvento: '2026-03-10' }, 'oficial'),
      summary({ id: 'preliminar', titulo: 'Prova Preliminar', dataEvento: '2026-03-09' }, 'preliminar'),
      summary({ id: 'nenhum', titulo: 'Prova Sem Resultados', dataEvento: '2026-03-08' }, 'nenhum'),
      summary({ id: 'calada', titulo: 'Prova Calada', dataEvento: '2026-03-07' }, null),
    ]
    stubFetch(() => [200, { events: past }])
    renderPage('/?aba=anteriores')
    const card = async (titulo: string) => screen.findByRole('link', { name: new RegExp(titulo) })
    expect(await card('Prova Oficial')).toHaveTextContent('Ver resultados oficiais')
    expect(await card('Prova Preliminar')).toHaveTextContent('Ver resultados preliminares')
    const none = await card('Prova Sem Resultados')
    expect(none).toHaveTextContent('Resultados ainda não publicados')
    expect(none).not.toHaveTextContent('Ver resultados')
    expect(none).toHaveAttribute('href', '/resultado/nenhum') // HOME-12: a past card still leads to its results page
    expect(await card('Prova Calada')).toHaveTextContent('Ver resultados') // an answer that does not say: as before
  })

  it('moves between tabs with the arrow keys', async () => {
    stubFetch(() => [200, { events }])
    const user = userEvent.setup()
    renderPage()
    await screen.findByText('Maratona do Rio')
    screen.getByRole('tab', { name: 'Próximos Eventos' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveFocus()
    expect(cardTitles()).toEqual(['Pedal de Ontem', 'Trail Antigo'])
  })

  it('shows a card with every fallback, and a placeholder when a banner fails', async () => {
    stubFetch(() => [200, { events }])
    renderPage()
    await screen.findByText('Maratona do Rio')
    const bare = screen.getByRole('link', { name: /Título não disponível/ })
    for (const text of ['Data a definir', 'Sem imagem']) expect(within(bare).getByText(text)).toBeInTheDocument()
    // The category shows on the card, and again in the place of the missing banner.
    expect(within(bare).getAllByText('Sem categoria')).toHaveLength(2)
    expect(within(bare).getAllByText('Local a definir')).toHaveLength(2)

    const banner = screen.getByRole('img', { name: 'Banner de Maratona do Rio' })
    fireEvent.error(banner)
    expect(banner).toHaveAttribute('src', '/placeholder.svg')
  })

  it('formats the card date as dd/mm/aaaa and the city with its state', async () => {
    stubFetch(() => [200, { events }])
    renderPage()
    const card = await screen.findByRole('link', { name: /Maratona do Rio/ })
    expect(within(card).getByText('01/06/2026')).toBeInTheDocument()
    expect(within(card).getByText('Rio de Janeiro - RJ')).toBeInTheDocument()
    expect(within(card).getByText('Corrida de Rua')).toBeInTheDocument()
  })

  it('logs a failed fetch, ends loading and says so instead of a blank page', async () => {
    stubFetch(() => [500, { error: { code: 'internal', message: 'Erro.' } }])
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderPage()
    expect(await screen.findByText('Nenhum evento encontrado.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar os eventos agora.')
    expect(screen.queryByText('Carregando eventos...')).not.toBeInTheDocument()
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })

  it('says so when a tab has no events', async () => {
    stubFetch(() => [200, { events: [] }])
    renderPage()
    expect(await screen.findByText('Nenhum evento encontrado.')).toBeInTheDocument()
  })
})

describe('a long list', () => {
  // 30 upcoming events and 2 past ones, as the API lists them (dataEvento descending).
  const many = Array.from({ length: 30 }, (_, i) =>
    summary({ id: `e${i}`, titulo: `Corrida ${30 - i}`, dataEvento: `2026-04-${String(30 - i).padStart(2, '0')}` }),
  ).concat(events[2]!, events[3]!)

  it('shows the first 24 cards and 24 more at each Mostrar mais eventos (HOME-17)', async () => {
    stubFetch(() => [200, { events: many }])
    const user = userEvent.setup()
    renderPage()
    expect(await screen.findByText('Mostrando 24 de 30 eventos')).toBeInTheDocument()
    expect(cardTitles()).toHaveLength(24)
    expect(cardTitles()[0]).toBe('Corrida 1')
    await user.click(screen.getByRole('button', { name: 'Mostrar mais eventos' }))
    expect(cardTitles()).toHaveLength(30)
    expect(cardTitles().at(-1)).toBe('Corrida 30')
    expect(screen.queryByRole('button', { name: 'Mostrar mais eventos' })).not.toBeInTheDocument()
    expect(screen.queryByText(/^Mostrando/)).not.toBeInTheDocument()
  })

  it('starts again from the first cards in another tab or search (HOME-17)', async () => {
    stubFetch(() => [200, { events: many }])
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Mostrar mais eventos' }))
    expect(cardTitles()).toHaveLength(30)
    await user.click(screen.getByRole('tab', { name: 'Eventos Anteriores' }))
    expect(cardTitles()).toEqual(['Pedal de Ontem', 'Trail Antigo'])
    await user.click(screen.getByRole('tab', { name: 'Próximos Eventos' }))
    expect(cardTitles()).toHaveLength(24)
    expect(screen.getByText('Mostrando 24 de 30 eventos')).toBeInTheDocument()
  })
})

describe('search and filters', () => {
  it('restores them from the address', async () => {
    stubFetch(() => [200, { events }])
    renderPage('/?q=sao%20paulo&aba=proximos')
    await screen.findByText('Corrida de Hoje')
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('sao paulo')
    expect(cardTitles()).toEqual(['Corrida de Hoje'])
  })

  it('writes the search, category and state into the address', async () => {
    stubFetch(() => [200, { events }])
    const user = userEvent.setup()
    renderPage('/?aba=anteriores')
    await screen.findByText('Pedal de Ontem')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'MG')
    expect(cardTitles()).toEqual(['Pedal de Ontem', 'Trail Antigo'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'Trail Running')
    expect(cardTitles()).toEqual(['Trail Antigo'])
    expect(screen.getByTestId('endereço')).toHaveTextContent('?aba=anteriores&uf=MG&categoria=Trail+Running')

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'pedal')
    expect(screen.getByText('Nenhum evento encontrado.')).toBeInTheDocument()
    expect(screen.getByTestId('endereço')).toHaveTextContent('q=pedal')

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    expect(cardTitles()).toEqual(['Pedal de Ontem', 'Trail Antigo'])
    expect(screen.getByTestId('endereço')).toHaveTextContent(/^\?aba=anteriores$/)
  })

  it('offers every category and state of constants.json', async () => {
    stubFetch(() => [200, { events }])
    renderPage()
    await screen.findByText('Maratona do Rio')
    expect(within(screen.getByRole('combobox', { name: 'Categoria' })).getAllByRole('option')).toHaveLength(6)
    expect(within(screen.getByRole('combobox', { name: 'Estado' })).getAllByRole('option')).toHaveLength(28)
    expect(screen.getByRole('option', { name: 'São Paulo (SP)' })).toBeInTheDocument()
  })
})
