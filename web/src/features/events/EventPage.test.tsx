import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from '../../app/routing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ImageModalProvider } from '../../components/ImageModal'
import type { Event } from '../../lib/events/event'
import { EventPage } from './EventPage'
import { notFoundBody, stubFetch } from '../../lib/testing/fakeFetch'
import { findModality, makeEvent, modality } from '../../lib/testing/testEvents'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderPage(event: Event | null, status = 200, entries = ['/event/ev1'], resultSets: unknown[] = []) {
  const fetch = stubFetch((url) =>
    url.pathname.endsWith('/results') ? [200, { resultSets }] : event ? [status, event] : [404, notFoundBody],
  )
  render(
    <ImageModalProvider>
      <MemoryRouter initialEntries={entries}>
        <Routes>
          <Route path="/event/:eventId" element={<EventPage />} />
          <Route path="/" element={<p>lista de eventos</p>} />
          <Route path="/about" element={<p>página sobre</p>} />
        </Routes>
      </MemoryRouter>
    </ImageModalProvider>,
  )
  return fetch
}

/** A date the tests never reach: the event is upcoming, so its status stands as written (TRUTH-1). */
const upcoming = '2999-06-01'

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
const nbsp = (s: string | null) => s?.replace(/\u00a0/g, ' ')

describe('event page', () => {
  it('reads the event and shows its sections in order', async () => {
    const fetch = renderPage(
      makeEvent({
        dataEvento: upcoming,
        premiacao: { tipo: 'texto', valor: 'Medalhas' },
        informacoes: { cronograma: { tipo: 'estruturado', valor: [{ horario: '06:30', descricao: 'Abertura' }] } },
      }),
    )
    expect(screen.getByRole('status')).toHaveTextContent('Carregando evento...')
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/events/ev1')
    await waitFor(() => expect(document.title).toBe('Corrida da Serra — Pelotão'))
    expect(sectionTitles()).toEqual([
      'Inscrições',
      'Sobre o Evento',
      'Retirada de Kits',
      'Kits',
      'Modalidades',
      'Premiação',
      'Cronograma',
      'Informações Importantes',
    ])
    expect(screen.getByText('Corrida de Rua')).toBeInTheDocument()
    expect(screen.getAllByText('Inscrições Abertas').length).toBeGreaterThan(0)
    expect(screen.getByText('Loja Centro')).toBeInTheDocument()
    expect(screen.getByText('14/03/2026, das 09:00 às 18:00')).toBeInTheDocument()
    expect(screen.getByText('Número de peito')).toBeInTheDocument()
    expect(screen.getByText('06:30')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Baixar regulamento' })).toHaveAttribute('href', '/files/regulamento.pdf')
  })

  it('hides empty sections and uses the fallbacks', async () => {
    renderPage(
      makeEvent({
        titulo: '',
        categoria: '',
        dataEvento: '',
        banners: { desktop: '', mobile: '' },
        regulamentoUrl: '',
        local: { local: '', endereco: '', cidade: '', estado: '' },
        informacoes: { descricao: '', informacoesImportantes: '', cronograma: { tipo: 'texto', valor: '' } },
        retiradaKits: [],
        kits: [],
        modalidades: [],
        largadas: [],
        premiacao: { tipo: 'estruturado', valor: '', estruturado: [] },
        inscricoes: { tipoPreco: 'texto', textoPreco: '', lotes: [], periodo: { inicio: '', fim: '' } },
      }),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Título não disponível' })).toBeInTheDocument()
    expect(sectionTitles()).toEqual(['Inscrições'])
    expect(screen.getAllByText('Sem categoria')).toHaveLength(2) // the badge, and the placeholder of the missing banner
    expect(screen.getByText('Sem imagem')).toBeInTheDocument()
    expect(screen.getAllByText('Data a definir').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Local a definir').length).toBeGreaterThan(0)
    expect(screen.queryByText(/Largada às/)).not.toBeInTheDocument()
  })

  it('shows lot prices in BRL with their deadline, the period, the long date and the earliest start', async () => {
    renderPage(makeEvent())
    const sidebar = await screen.findByRole('complementary', { name: 'Inscrições e informações práticas' })
    expect(nbsp(within(sidebar).getByText(/^R\$/).textContent)).toBe('R$ 1.234,50')
    expect(within(sidebar).getByText('até 28/02/2026')).toBeInTheDocument()
    expect(within(sidebar).getByText(/10\/01\/2026 a 10\/03\/2026/)).toBeInTheDocument()
    expect(within(sidebar).getByText('15 de março de 2026')).toBeInTheDocument()
    expect(within(sidebar).getByText('Largada às 07:00')).toBeInTheDocument()
    expect(within(sidebar).getByText('Av. Central, 100')).toBeInTheDocument()
    expect(within(sidebar).getByRole('link', { name: /Ver no mapa/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Parque%20da%20Cidade%2C%20Av.%20Central%2C%20100%2C%20S%C3%A3o%20Paulo%2C%20SP',
    )
    expect(
      within(sidebar).getByText('Ao se inscrever, você declara que leu e concorda com o regulamento do evento.'),
    ).toBeInTheDocument()
  })

  it('shows prices per kit, or the price text', async () => {
    renderPage(makeEvent({ inscricoes: { tipoPreco: 'kit', precosPorKit: [{ kitNome: 'Kit Premium', valor: 150 }] } }))
    const sidebar = await screen.findByRole('complementary')
    expect(within(sidebar).getByText('Kit Premium')).toBeInTheDocument()
    expect(nbsp(within(sidebar).getByText(/^R\$/).textContent)).toBe('R$ 150,00')
  })

  it('shows the price text', async () => {
    renderPage(makeEvent({ inscricoes: { tipoPreco: 'texto', textoPreco: 'Gratuito para sócios' } }))
    expect(await screen.findByText('Gratuito para sócios')).toBeInTheDocument()
  })

  it('says Data não informada for a lot without deadline and an open-ended period', async () => {
    renderPage(
      makeEvent({
        inscricoes: {
          lotes: [{ nome: 'Lote único', valor: 80, maxVagas: null, dataLimite: '', valoresPorModalidade: [] }],
          periodo: { inicio: '2026-01-10', fim: '' },
        },
      }),
    )
    const sidebar = await screen.findByRole('complementary')
    expect(within(sidebar).getByText('Data não informada')).toBeInTheDocument()
    expect(within(sidebar).getByText(/10\/01\/2026 a Data não informada/)).toBeInTheDocument()
  })

  // REG-273: the button says it opens another site, in its name and beside it.
  it('enables Inscreva-se Agora for open registrations with a link, opening it in a new tab', async () => {
    renderPage(makeEvent({ dataEvento: upcoming }))
    const button = await screen.findByRole('button', {
      name: 'Inscreva-se Agora no site do organizador, abre em nova aba',
    })
    expect(button).toHaveAttribute('href', 'https://ingressos.example/serra')
    expect(button).toHaveAttribute('target', '_blank')
    expect(button).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(button).getByRole('img', { name: 'no site do organizador, abre em nova aba' })).toBeInTheDocument()
    expect(screen.getByText('Inscrições no site do organizador, em uma nova aba.')).toBeInTheDocument()
    expect(screen.queryByText('Inscrição e pagamento por Pix aqui no Pelotão.')).not.toBeInTheDocument()
  })

  // REG-221, REG-224: the lot on sale is the one of the event's own day, and a page of an event outside
  // Horário de Brasília says on which clock its times are.
  it("reads the current lot on the event's clock and names its fuso horário", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2027-03-11T04:30:00Z')) // 23:30 of the 10th in Rio Branco, 01:30 of the 11th in São Paulo
    try {
      const lotes = [
        { nome: '1º Lote', valor: 89.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '2027-03-10' },
        { nome: '2º Lote', valor: 119.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '' },
      ]
      renderPage(
        makeEvent({
          dataEvento: '2027-04-04',
          fusoHorario: 'America/Rio_Branco',
          inscricoes: { tipoPreco: 'lotes', lotes },
        }),
      )
      const bar = await screen.findByRole('region', { name: 'Inscrição' })
      expect(nbsp(bar.textContent)).toBe('1º LoteR$ 89,90Inscreva-se ')
      const sidebar = screen.getByRole('complementary', { name: 'Inscrições e informações práticas' })
      expect(within(sidebar).getByText('Horários no fuso Acre (Rio Branco)')).toBeInTheDocument()
      const google = new URL(
        within(sidebar)
          .getByRole('link', { name: /Google Agenda/ })
          .getAttribute('href')!,
      )
      expect(google.searchParams.get('ctz')).toBe('America/Rio_Branco')
    } finally {
      vi.useRealTimers()
    }
  })

  it('says nothing of the clock of an event in Horário de Brasília, and reads its lot there', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2027-03-11T04:30:00Z'))
    try {
      const lotes = [
        { nome: '1º Lote', valor: 89.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '2027-03-10' },
        { nome: '2º Lote', valor: 119.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '' },
      ]
      renderPage(
        makeEvent({
          dataEvento: '2027-04-04',
          fusoHorario: 'America/Sao_Paulo',
          inscricoes: { tipoPreco: 'lotes', lotes },
        }),
      )
      const bar = await screen.findByRole('region', { name: 'Inscrição' })
      expect(nbsp(bar.textContent)).toBe('2º LoteR$ 119,90Inscreva-se ')
      expect(screen.queryByText(/Horários no fuso/)).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps registration in reach on a phone with the current lot and its price (EVT-32)', async () => {
    renderPage(
      makeEvent({
        dataEvento: '2999-06-01',
        inscricoes: {
          tipoPreco: 'lotes',
          lotes: [
            { nome: '1º Lote', valor: 89.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '2020-01-31' },
            { nome: '2º Lote', valor: 1129.9, maxVagas: null, valoresPorModalidade: [], dataLimite: '2999-05-01' },
          ],
        },
      }),
    )
    const bar = await screen.findByRole('region', { name: 'Inscrição' })
    expect(nbsp(bar.textContent)).toBe('2º LoteR$ 1.129,90Inscreva-se ')
    expect(
      within(bar).getByRole('link', { name: 'Inscreva-se no site do organizador, abre em nova aba' }),
    ).toHaveAttribute('href', 'https://ingressos.example/serra')
    expect(bar).toHaveClass('sticky', 'bottom-0', 'md:hidden')
  })

  it('offers no registration bar for a past event or closed registrations', async () => {
    renderPage(makeEvent({ dataEvento: '2020-06-01' }))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: 'Inscrição' })).not.toBeInTheDocument()
  })

  it('says a race already run is done, whatever its status still says: no registration, no bar (TRUTH-1)', async () => {
    renderPage(makeEvent({ dataEvento: '2020-06-01', status: 'Inscrições Abertas' }))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByRole('button', { name: 'Evento Realizado' })).toBeDisabled()
    expect(screen.getByText('Evento Realizado', { selector: 'header span' })).toBeInTheDocument()
    expect(screen.queryByText('Inscrições Abertas')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Inscreva-se Agora' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Inscrição' })).not.toBeInTheDocument()
  })

  it('keeps a cancelled race cancelled after its date (TRUTH-1)', async () => {
    renderPage(makeEvent({ dataEvento: '2020-06-01', status: 'Cancelado' }))
    expect(await screen.findByRole('button', { name: 'Cancelado' })).toBeDisabled()
    expect(screen.queryByText('Evento Realizado')).not.toBeInTheDocument()
  })

  /** An event Pelotão sells, whose prices come from its offer (GET /api/events/{id}/inscricao). */
  function renderSold(id: string, offer: unknown, tipoPreco: 'lotes' | 'kit' = 'lotes') {
    const event = makeEvent({ id, dataEvento: upcoming, linkCompra: '', inscricoes: { modo: 'pelotao', tipoPreco } })
    stubFetch((url) => (url.pathname.endsWith('/inscricao') ? [200, offer] : [200, event]))
    render(
      <ImageModalProvider>
        <MemoryRouter initialEntries={[`/event/${id}`]}>
          <Routes>
            <Route path="/event/:eventId" element={<EventPage />} />
          </Routes>
        </MemoryRouter>
      </ImageModalProvider>,
    )
  }
  const offerOf = (over: Record<string, unknown>) => ({
    aberta: true,
    lote: null,
    modalidades: [],
    tamanhosCamiseta: [],
    meiaEntradaIdoso: false,
    ...over,
  })

  it("shows an event sold here at its current lot's lowest price, in the bar and the sidebar (EVT-32, TRUTH-4)", async () => {
    renderSold(
      'sold-lots',
      offerOf({
        lote: { nome: '2º Lote', dataLimite: '2999-05-01', restantes: null },
        modalidades: [
          { nome: '10 km', valor: 119.9, vagasRestantes: null },
          { nome: '5 km', valor: 89.9, vagasRestantes: null },
        ],
      }),
    )
    const bar = await screen.findByRole('region', { name: 'Inscrição' })
    await waitFor(() => expect(nbsp(bar.textContent)).toBe('2º Lote · a partir deR$ 89,90Inscreva-se'))
    expect(within(bar).getByRole('link', { name: 'Inscreva-se' })).toHaveAttribute('href', '/inscricao/sold-lots')
    // REG-273: sold here, the button stays 'Inscreva-se Agora', in this tab, and the line below says so.
    const button = screen.getByRole('button', { name: 'Inscreva-se Agora' })
    expect(button).toHaveAttribute('href', '/inscricao/sold-lots')
    expect(button).not.toHaveAttribute('target')
    expect(screen.getByText('Inscrição e pagamento por Pix aqui no Pelotão.')).toBeInTheDocument()
    expect(screen.queryByText('Inscrições no site do organizador, em uma nova aba.')).not.toBeInTheDocument()
    const sidebar = screen.getByRole('complementary', { name: 'Inscrições e informações práticas' })
    expect(nbsp(within(sidebar).getByText('10 km').closest('li')!.textContent)).toBe('10 kmR$ 119,90')
  })

  it('names the lot alone when every modality costs the same (EVT-32)', async () => {
    renderSold(
      'sold-one-price',
      offerOf({
        lote: { nome: '1º Lote', dataLimite: '2999-05-01', restantes: null },
        modalidades: [
          { nome: '10 km', valor: 99.9, vagasRestantes: null },
          { nome: '5 km', valor: 99.9, vagasRestantes: null },
        ],
      }),
    )
    const bar = await screen.findByRole('region', { name: 'Inscrição' })
    await waitFor(() => expect(nbsp(bar.textContent)).toBe('1º LoteR$ 99,90Inscreva-se'))
  })

  it('shows the kits of an event sold here and priced by kit: from the cheapest in the bar, each in the sidebar (TRUTH-4)', async () => {
    const kits = [
      { nome: 'Kit Premium', valor: 189.9 },
      { nome: 'Kit Básico', valor: 79.9 },
    ]
    renderSold(
      'sold-kits',
      offerOf({ modalidades: [{ nome: '10 km', valor: null, vagasRestantes: null, kits }] }),
      'kit',
    )
    const bar = await screen.findByRole('region', { name: 'Inscrição' })
    await waitFor(() => expect(nbsp(bar.textContent)).toBe('A partir deR$ 79,90Inscreva-se'))
    const sidebar = screen.getByRole('complementary', { name: 'Inscrições e informações práticas' })
    expect(nbsp(within(sidebar).getByText('Kit Premium').closest('li')!.textContent)).toBe('Kit PremiumR$ 189,90')
    expect(nbsp(within(sidebar).getByText('Kit Básico').closest('li')!.textContent)).toBe('Kit BásicoR$ 79,90')
  })

  it('says in the bar why an event sold here takes no registration now, with no price (TRUTH-4)', async () => {
    renderSold('sold-out', offerOf({ aberta: false, motivo: 'As vagas deste evento se esgotaram.' }))
    const bar = await screen.findByRole('region', { name: 'Inscrição' })
    await waitFor(() => expect(bar).toHaveTextContent('As vagas deste evento se esgotaram.'))
    expect(bar).not.toHaveTextContent('R$')
  })

  it('disables the button with the status text for any other status', async () => {
    renderPage(makeEvent({ dataEvento: upcoming, status: 'Inscrições Encerradas' }))
    expect(await screen.findByRole('button', { name: 'Inscrições Encerradas' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Inscreva-se Agora' })).not.toBeInTheDocument()
  })

  it('disables the button when registrations are open but there is no purchase link', async () => {
    renderPage(makeEvent({ dataEvento: upcoming, linkCompra: '' }))
    expect(await screen.findByRole('button', { name: 'Inscrições Abertas' })).toBeDisabled()
  })

  it('opens the first modality, and opening another closes it', async () => {
    const user = userEvent.setup()
    renderPage(makeEvent())
    const first = await findModality(/^21K/)
    const second = modality(/^5K/)
    expect(first.item).toHaveProperty('open', true)
    expect(second.item).toHaveProperty('open', false)
    const panel = first.panel
    expect(within(panel).getByText('21,1 km')).toBeVisible()
    expect(within(panel).getByText('Largada Geral · 07:00')).toBeInTheDocument()
    expect(within(panel).getByText('Ida e volta pela avenida.')).toBeInTheDocument()
    expect(within(panel).getByText('Troféu aos 5 primeiros')).toBeInTheDocument()
    expect(within(panel).getByText('18 a 29 anos')).toBeInTheDocument()
    expect(within(panel).getByText('Qualquer idade')).toBeInTheDocument()
    expect(within(panel).getByText('Feminino')).toBeInTheDocument()

    await user.click(second.summary)
    await waitFor(() => expect(first.item).toHaveProperty('open', false))
    expect(second.item).toHaveProperty('open', true)
    expect(screen.getByRole('link', { name: /Ver percurso/ })).toHaveAttribute('href', 'https://mapas.example/5k')

    await user.click(second.summary)
    await waitFor(() => expect(second.item).toHaveProperty('open', false))
    expect(first.item).toHaveProperty('open', false)
  })

  it('groups structured prizes by level', async () => {
    renderPage(
      makeEvent({
        premiacao: {
          tipo: 'estruturado',
          estruturado: [
            { descricao: 'Troféu categoria', nivel: 'categoria', modalidadeNome: '21K', categoriaNome: 'Adulto' },
            { descricao: 'Medalha geral', nivel: 'geral', modalidadeNome: '', categoriaNome: '' },
            { descricao: 'Troféu 5K', nivel: 'modalidade', modalidadeNome: '5K', categoriaNome: '' },
          ],
        },
      }),
    )
    const groups = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent)
    const prizeGroups = groups.filter((g) => ['Geral', 'Por modalidade', 'Por categoria'].includes(g ?? ''))
    expect(prizeGroups).toEqual(['Geral', 'Por modalidade', 'Por categoria'])
    expect(screen.getByText('21K · Adulto')).toBeInTheDocument()
  })

  it('opens the banner in the zoom modal', async () => {
    const user = userEvent.setup()
    renderPage(makeEvent())
    await user.click(await screen.findByRole('button', { name: 'Ampliar banner de Corrida da Serra' }))
    const dialog = screen.getByRole('dialog', { name: 'Imagem ampliada' })
    // jsdom has no matchMedia, so the narrow (mobile) banner is chosen.
    expect(within(dialog).getByRole('img', { name: 'Banner de Corrida da Serra' })).toHaveAttribute(
      'src',
      '/files/mobile.png',
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('offers each screen its banner through <picture>, and zooms the one a wide screen shows', async () => {
    const user = userEvent.setup()
    renderPage(makeEvent())
    await screen.findByRole('button', { name: 'Ampliar banner de Corrida da Serra' })
    const sources = [...document.querySelectorAll('picture source')].map((s) => [
      s.getAttribute('media'),
      s.getAttribute('srcset'),
    ])
    // The backdrop and the banner; a picture that is not an upload has no narrower copies.
    expect(sources).toEqual([
      ['(min-width: 768px)', '/files/desktop.png'],
      ['(min-width: 768px)', '/files/desktop.png'],
    ])
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 768px)' }))
    await user.click(screen.getByRole('button', { name: 'Ampliar banner de Corrida da Serra' }))
    const dialog = screen.getByRole('dialog', { name: 'Imagem ampliada' })
    expect(within(dialog).getByRole('img', { name: 'Banner de Corrida da Serra' })).toHaveAttribute(
      'src',
      '/files/desktop.png',
    )
  })

  const set = (status: string) => ({
    id: `s-${status}`,
    percurso: '10 km',
    status,
    finishers: 1,
    total: 1,
    importedAt: '',
    categorias: [],
  })

  it('links a past event to its results, named by their status, and offers no calendar (EVT-33)', async () => {
    const fetch = renderPage(makeEvent({ dataEvento: '2020-05-10' }), 200, undefined, [set('oficial'), set('oficial')])
    await screen.findByRole('heading', { level: 1 })
    expect(await screen.findByRole('link', { name: 'Ver resultados oficiais' })).toHaveAttribute(
      'href',
      '/resultado/ev1',
    )
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/events/ev1/results')
    expect(screen.queryByRole('link', { name: 'Adicionar ao calendário' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Google Agenda/ })).not.toBeInTheDocument()
  })

  it('never calls preliminary results official', async () => {
    renderPage(makeEvent({ dataEvento: '2020-05-10' }), 200, undefined, [set('oficial'), set('preliminar')])
    await screen.findByRole('heading', { level: 1 })
    expect(await screen.findByRole('link', { name: 'Ver resultados preliminares' })).toHaveAttribute(
      'href',
      '/resultado/ev1',
    )
    expect(screen.queryByRole('link', { name: 'Ver resultados oficiais' })).not.toBeInTheDocument()
  })

  // EVT-34: a past event without results says so instead of linking to an empty page.
  it('says a past event has no results yet, with no link, when it has neither sets nor files', async () => {
    renderPage(makeEvent({ dataEvento: '2020-05-10', modalidades: [] }))
    expect(await screen.findByText('Resultados ainda não publicados')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Ver resultados/ })).not.toBeInTheDocument()
  })

  it('does not link an upcoming event to results, and offers its calendar', async () => {
    const fetch = renderPage(makeEvent({ dataEvento: '2999-01-01' }))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('link', { name: /Ver resultados/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Adicionar ao calendário' })).toHaveAttribute('href', '/event/ev1.ics')
    expect(fetch.mock.calls.map((c) => String(c[0]))).not.toContain('/api/events/ev1/results')
  })

  it('goes back to the list when opened directly', async () => {
    const user = userEvent.setup()
    renderPage(makeEvent())
    const back = await screen.findByRole('link', { name: 'Voltar' })
    expect(back).toHaveAttribute('href', '/') // before the app runs, too
    await user.click(back)
    expect(screen.getByText('lista de eventos')).toBeInTheDocument()
  })

  it('goes back in history when the visitor came from another page', async () => {
    const user = userEvent.setup()
    renderPage(makeEvent(), 200, ['/about', '/event/ev1'])
    await user.click(await screen.findByRole('link', { name: 'Voltar' }))
    expect(screen.getByText('página sobre')).toBeInTheDocument()
  })

  it('says Evento não encontrado. for an unknown id, without any section', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderPage(null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Evento não encontrado.' })).toBeInTheDocument()
    expect(screen.queryByText('Sobre o Evento')).not.toBeInTheDocument()
  })

  it('says Falha ao carregar os dados do evento. when the read fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderPage(makeEvent(), 500)
    expect(await screen.findByText('Falha ao carregar os dados do evento.')).toBeInTheDocument()
    expect(log).toHaveBeenCalled()
  })
})
