import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ResultsPage } from './ResultsPage'
import { notFoundBody, stubFetch } from '../../lib/testing/fakeFetch'
import { findModality, makeEvent, modality } from '../../lib/testing/testEvents'
import { makeResult, makeSet } from '../../lib/testing/testResults'
import { renderAt } from '../../lib/testing/renderAt'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderPage = (path: string) =>
  renderAt(path, { '/resultado/:eventId': <ResultsPage />, '/resultado': <ResultsPage /> })

describe('results page', () => {
  it('shows the header and one item per modality, the first open with both PDF links', async () => {
    const fetch = stubFetch(() => [200, makeEvent()])
    const user = userEvent.setup()
    renderPage('/resultado/ev1')
    expect(screen.getByRole('status')).toHaveTextContent('Carregando resultados...')
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Serra' })).toBeInTheDocument()
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/events/ev1')
    await waitFor(() => expect(document.title).toBe('Resultados: Corrida da Serra — Pelotão'))
    expect(screen.getByText('15/03/2026')).toBeInTheDocument()
    expect(screen.getByText('São Paulo - SP')).toBeInTheDocument()

    const first = modality(/^21K/)
    const second = modality(/^5K/)
    expect(first.item).toHaveProperty('open', true)
    expect(second.item).toHaveProperty('open', false)
    const general = screen.getByRole('link', { name: 'Classificação Geral' })
    expect(general).toHaveAttribute('href', '/files/geral.pdf')
    expect(general).toHaveAttribute('target', '_blank')
    expect(general).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Resultados por Categoria' })).toHaveAttribute(
      'href',
      '/files/categorias.pdf',
    )

    await user.click(second.summary)
    await waitFor(() => expect(first.item).toHaveProperty('open', false))
    expect(within(second.item).getByText('Resultados para esta modalidade ainda não disponíveis.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Classificação Geral' })).not.toBeVisible()
  })

  // GRP-45: the ranking by assessoria comes in its own chunk, under the modality's table.
  // GRP-45, GRP-31: n is the event's temposAssessoria, which its organizer set to 5.
  it('shows the ranking by assessoria under a modality whose groups have finishers', async () => {
    const fetch = stubFetch((url) => {
      if (url.pathname === '/api/events/ev1') return [200, makeEvent({ temposAssessoria: 5 })]
      if (url.pathname === '/api/events/ev1/results')
        return [200, { resultSets: [makeSet({ id: 's1', percurso: '21K', status: 'oficial' })] }]
      if (url.pathname === '/api/events/ev1/results/s1/grupos')
        return [
          200,
          {
            porConcluintes: [{ nome: 'Corre Curitiba', concluintes: 4 }],
            porTempo: { F: [], M: [] },
            status: 'oficial',
          },
        ]
      return [200, { results: [makeResult()], total: 1 }]
    })
    renderPage('/resultado/ev1')
    const first = await findModality(/^21K/)
    const section = await within(first.panel).findByRole('region', { name: /^Assessorias/ })
    expect(within(section).getByRole('rowheader', { name: 'Corre Curitiba' })).toBeInTheDocument()
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('Oficial')
    expect(
      within(section).getAllByText(/Feminino: soma dos 5 melhores tempos|Masculino: soma dos 5 melhores tempos/),
    ).toHaveLength(2)
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/events/ev1/results/s1/grupos?n=5')
  })

  it('shows the published results of a modality beside its PDFs, labelled Preliminar until official, and sets of other modalities after', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/events/ev1') return [200, makeEvent()]
      if (url.pathname === '/api/events/ev1/results')
        return [
          200,
          {
            resultSets: [
              makeSet({ id: 's1', percurso: '21K' }),
              makeSet({ id: 's9', percurso: 'Caminhada', status: 'oficial' }),
            ],
          },
        ]
      if (url.pathname === '/api/events/ev1/results/s1') return [200, { results: [makeResult()], total: 1 }]
      return [200, { results: [makeResult({ nome: 'Caminhante' })], total: 1 }]
    })
    renderPage('/resultado/ev1')
    const first = await findModality(/^21K/)
    await waitFor(() => expect(first.summary).toHaveTextContent('Preliminar'))
    expect(await within(first.panel).findByRole('link', { name: 'JOÃO DA SILVA' })).toHaveAttribute(
      'href',
      '/resultado/ev1/atleta/s1/101',
    )
    expect(within(first.panel).getByRole('link', { name: 'Classificação Geral' })).toBeInTheDocument()
    // The set of a modality the event does not list is an item of its own, after the event's.
    const walk = await findModality(/^Caminhada/)
    expect(walk.summary).not.toHaveTextContent('Preliminar')
    const items = [...document.querySelectorAll('details')]
    expect(items.indexOf(walk.item)).toBe(items.length - 1)
  })

  it('starts with a link to each modality’s item, the sets of other modalities too (RESULT-13)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/events/ev1') return [200, makeEvent()]
      if (url.pathname === '/api/events/ev1/results')
        return [200, { resultSets: [makeSet({ id: 's9', percurso: 'Caminhada' })] }]
      return [200, { results: [makeResult()], total: 1 }]
    })
    renderPage('/resultado/ev1')
    await findModality(/^Caminhada/)
    const nav = screen.getByRole('navigation', { name: 'Ir para a modalidade' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['21K', '5K', 'Caminhada'])
    // Each link's target is in its own item's content, which the browser opens when the link is followed.
    for (const [link, name] of [
      [links[0]!, /^21K/],
      [links[1]!, /^5K/],
      [links[2]!, /^Caminhada/],
    ] as const) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1))
      expect(target).not.toBeNull()
      expect(modality(name).panel).toContainElement(target)
    }
  })

  it('has no modality links with one modality', async () => {
    stubFetch(() => [200, makeEvent({ modalidades: [makeEvent().modalidades[0]!] })])
    renderPage('/resultado/ev1')
    await findModality(/^21K/)
    expect(screen.queryByRole('navigation', { name: 'Ir para a modalidade' })).not.toBeInTheDocument()
  })

  it('draws partial answers of the results API with what they have', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/events/ev1') return [200, makeEvent()]
      if (url.pathname === '/api/events/ev1/results')
        return [200, { resultSets: [{ id: 's1', percurso: '21K' }, null] }]
      return [200, { results: [{ numeroPeito: '101', nome: 'ANA', parciais: null }] }]
    })
    renderPage('/resultado/ev1')
    const first = await findModality(/^21K/)
    expect(await within(first.panel).findByRole('link', { name: 'ANA' })).toHaveAttribute(
      'href',
      '/resultado/ev1/atleta/s1/101',
    )
    // The event's two modalities, and nothing for the set that had no id.
    expect(document.querySelectorAll('details')).toHaveLength(2)
  })

  it('hides only the missing link', async () => {
    stubFetch(() => [
      200,
      makeEvent({
        modalidades: [
          { ...makeEvent().modalidades[0]!, resultados: { pdfGeralURL: '/files/g.pdf', pdfCategoriasURL: '' } },
        ],
      }),
    ])
    renderPage('/resultado/ev1')
    expect(await screen.findByRole('link', { name: 'Classificação Geral' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Resultados por Categoria' })).not.toBeInTheDocument()
  })

  it('says Nenhum resultado encontrado para este evento. without modalities', async () => {
    stubFetch(() => [200, makeEvent({ modalidades: [] })])
    renderPage('/resultado/ev1')
    expect(await screen.findByText('Nenhum resultado encontrado para este evento.')).toBeInTheDocument()
    expect(document.querySelector('details')).toBeNull()
  })

  it('says ID do evento não fornecido. without an id, and reads nothing', async () => {
    const fetch = stubFetch(() => [200, makeEvent()])
    renderPage('/resultado')
    expect(screen.getByRole('heading', { level: 1, name: 'ID do evento não fornecido.' })).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('says Evento não encontrado. for an unknown id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(() => [404, notFoundBody])
    renderPage('/resultado/nada')
    expect(await screen.findByRole('heading', { level: 1, name: 'Evento não encontrado.' })).toBeInTheDocument()
  })

  it('says Falha ao carregar os dados do evento. and logs when the read fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(() => [503, { error: { code: 'unavailable', message: 'Indisponível.' } }])
    renderPage('/resultado/ev1')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Falha ao carregar os dados do evento.' }),
    ).toBeInTheDocument()
    expect(log).toHaveBeenCalled()
  })

  it('says Dados do evento não encontrados. when the read yields no event data', async () => {
    stubFetch(() => [200, null])
    renderPage('/resultado/ev1')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dados do evento não encontrados.' }),
    ).toBeInTheDocument()
  })

  // RESULT-20: a name not in the open modality is found in another, which the page names and opens.
  it('says where else a searched name is, and opens that modality with the same search', async () => {
    const fetch = stubFetch((url) => {
      if (url.pathname === '/api/events/ev1') return [200, makeEvent()]
      if (url.pathname === '/api/events/ev1/results')
        return [200, { resultSets: [makeSet({ id: 's1', percurso: '21K' }), makeSet({ id: 's2', percurso: '5K' })] }]
      const q = url.searchParams.get('q')
      if (url.pathname === '/api/events/ev1/results/s2' && q === 'maria')
        return [200, { results: [makeResult({ nome: 'MARIA SOUZA', numeroPeito: '502', chave: '502' })], total: 2 }]
      if (q) return [200, { results: [], total: 0 }]
      return [200, { results: [makeResult()], total: 1 }]
    })
    const user = userEvent.setup()
    renderPage('/resultado/ev1')
    const first = await findModality(/^21K/)
    await within(first.panel).findByRole('link', { name: 'JOÃO DA SILVA' })
    await user.type(within(first.panel).getByRole('searchbox', { name: 'Nome, nº de peito ou equipe' }), 'maria')
    expect(await within(first.panel).findByText('Nenhum atleta encontrado.')).toBeInTheDocument()
    const elsewhere = await within(first.panel).findByRole('link', { name: /^5K.*\(2\)$/ })
    expect(elsewhere.parentElement!.parentElement).toHaveTextContent(/^Também encontrado em: 5K.*\(2\)$/)
    expect(elsewhere).toHaveAttribute('href', '#modalidade-2')
    // One line asked of the other set: its total is all the page needs.
    const counted = fetch.mock.calls
      .map((c) => new URL(String(c[0]), 'http://localhost'))
      .find((u) => u.pathname.endsWith('/s2') && u.searchParams.get('q') === 'maria')
    expect(counted?.searchParams.get('limit')).toBe('1')

    await user.click(elsewhere)
    const second = modality(/^5K/)
    await waitFor(() =>
      expect(within(second.panel).getByRole('searchbox', { name: 'Nome, nº de peito ou equipe' })).toHaveValue('maria'),
    )
    expect(await within(second.panel).findByRole('link', { name: 'MARIA SOUZA' })).toBeInTheDocument()
  })
})
