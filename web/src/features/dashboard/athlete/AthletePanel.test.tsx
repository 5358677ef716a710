import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from '../../../app/routing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventSummary } from '../../../lib/events/event'
import { serve, type Answer } from '../../../lib/testing/fakeFetch'
import { todayISO } from '../../../lib/text/format'
import { AthletePanel } from './AthletePanel'

/** The calendar date `days` from today in São Paulo. */
function inDays(days: number): string {
  const d = new Date(`${todayISO()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function summary(id: string, over: Partial<EventSummary>): EventSummary {
  return {
    id,
    titulo: '',
    categoria: 'Corrida de Rua',
    dataEvento: inDays(10),
    status: 'Inscrições Abertas',
    banners: { desktop: '', mobile: '' },
    local: { local: '', endereco: '', cidade: '', estado: '' },
    linkCompra: '',
    distances: [],
    resultados: 'nenhum',
    ...over,
  }
}

const events = [
  summary('pedal', {
    titulo: 'Pedal do Guaíba',
    dataEvento: inDays(30),
    local: { local: 'Orla', endereco: '', cidade: 'Porto Alegre', estado: 'RS' },
    distances: [40, 80],
  }),
  summary('noturna', {
    titulo: 'Corrida Noturna',
    dataEvento: inDays(3),
    banners: { desktop: '/files/noturna.webp', mobile: '' },
    local: { local: 'Parque Ibirapuera', endereco: '', cidade: 'São Paulo', estado: 'SP' },
    distances: [5, 10],
  }),
  summary('encerrada', { titulo: 'Meia de Santos', status: 'Inscrições Encerradas' }),
]

/** Answers the events' requests with the answers in turn (the last one again), and "Minhas inscrições" and "Meus grupos" with none; returns the events' requests. */
function serveEvents(...answers: (() => Answer | Promise<Answer>)[]) {
  let reads = 0
  const sent = serve([
    ['GET', '/api/me/inscricoes', [200, { inscricoes: [] }]],
    ['GET', '/api/me/grupos', [200, { grupos: [] }]],
    ['GET', '/api/events', () => answers[Math.min(reads++, answers.length - 1)]!()],
  ])
  return { calls: () => sent.filter((s) => s.url.pathname === '/api/events') }
}

const json = (body: unknown): Answer => [200, body]

function renderPanel() {
  return render(
    <MemoryRouter>
      <AthletePanel />
    </MemoryRouter>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('AthletePanel', () => {
  it('loads once, then lists the open upcoming events soonest first, each linking to its page', async () => {
    const eventRequests = serveEvents(() => json({ events }))
    renderPanel()
    expect(screen.getByText('Carregando eventos...')).toBeInTheDocument()

    const items = await screen.findAllByRole('listitem')
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Corrida Noturna',
      'Pedal do Guaíba',
    ])
    const first = within(items[0]!)
    expect(first.getByRole('link')).toHaveAttribute('href', '/event/noturna')
    expect(first.getByText('Parque Ibirapuera, São Paulo - SP')).toBeInTheDocument()
    expect(first.getByText('5 km · 10 km')).toBeInTheDocument()
    expect(
      first.getByText(new Date(`${inDays(3)}T12:00:00Z`).toLocaleDateString('pt-BR', { timeZone: 'UTC' })),
    ).toBeInTheDocument()
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/files/noturna.webp')
    expect(within(items[1]!).getByText('Sem imagem')).toBeInTheDocument()

    expect(eventRequests.calls().map((s) => s.path)).toEqual(['/api/events?when=upcoming&order=asc'])
  })

  it('filters by title or location as the athlete types, ignoring accents and case', async () => {
    serveEvents(() => json({ events }))
    const user = userEvent.setup()
    renderPanel()
    await screen.findAllByRole('listitem')
    const search = screen.getByRole('searchbox', { name: 'Buscar por nome ou local' })

    await user.type(search, 'SAO')
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Corrida Noturna',
    ])

    await user.clear(search)
    await user.type(search, 'guaiba')
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Pedal do Guaíba',
    ])

    await user.type(search, 'x')
    expect(screen.queryAllByRole('listitem')).toEqual([])
    expect(screen.getByText('Nenhum evento futuro encontrado.')).toBeInTheDocument()

    await user.clear(search)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('shows the empty text when no event is open', async () => {
    serveEvents(() => json({ events: [events[2]] }))
    renderPanel()
    expect(await screen.findByText('Nenhum evento futuro encontrado.')).toBeInTheDocument()
  })

  it('logs a failed fetch and shows the empty text', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveEvents(() => Promise.reject(new TypeError('Failed to fetch')))
    renderPanel()
    expect(await screen.findByText('Nenhum evento futuro encontrado.')).toBeInTheDocument()
    expect(screen.queryByText('Carregando eventos...')).not.toBeInTheDocument()
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })

  it('follows the cursor until every page is listed', async () => {
    const eventRequests = serveEvents(
      () => json({ events: [events[0]], nextCursor: 'c2' }),
      () => json({ events: [events[1]] }),
      () => json({}),
    )
    renderPanel()
    expect(await screen.findAllByRole('listitem')).toHaveLength(2)
    expect(eventRequests.calls()[1]!.path).toBe('/api/events?when=upcoming&order=asc&cursor=c2')
  })
})
