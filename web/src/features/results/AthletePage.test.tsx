import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, Route, Routes } from '../../app/routing'
import { notFoundBody, stubFetch } from '../../lib/testing/fakeFetch'
import { makeEvent } from '../../lib/testing/testEvents'
import { AthletePage } from './AthletePage'
import { makeAthlete, makeSet } from '../../lib/testing/testResults'
import type { AthleteResult } from '../../lib/results/resultSchema'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderAthlete(athlete: [number, unknown], event = makeEvent(), key = '101') {
  const fetch = stubFetch((url) => {
    if (url.pathname === '/api/events/ev1') return [200, event]
    if (url.pathname === `/api/events/ev1/results/s1/athletes/${key}`) return athlete
    return [404, notFoundBody]
  })
  render(
    <MemoryRouter initialEntries={[`/resultado/ev1/atleta/s1/${key}`]}>
      <Routes>
        <Route path="/resultado/:eventId/atleta/:setId/:bib" element={<AthletePage />} />
      </Routes>
    </MemoryRouter>,
  )
  return fetch
}

const full: AthleteResult = makeAthlete({
  posicao: 12,
  posicaoSexo: 9,
  posicaoCategoria: 2,
  totalSexo: 1800,
  totalCategoria: 140,
  concluintes: 3456,
  total: 3500,
  parciais: [
    { nome: '5 km', tempo: '0:20:01' },
    { nome: '10 km', tempo: '0:40:30' },
  ],
})

describe('athlete result page', () => {
  it('shows large the time places follow: the gun time when the event ranks by it (RESULT-10)', async () => {
    for (const [tempoClassificacao, first, second] of [
      ['bruto', ['Tempo bruto', '0:42:20'], ['Tempo líquido', '0:42:13.47']],
      ['liquido', ['Tempo líquido', '0:42:13.47'], ['Tempo bruto', '0:42:20']],
    ] as const) {
      renderAthlete([200, full], { ...makeEvent(), tempoClassificacao })
      const times = await screen.findByRole('region', { name: 'Tempos' })
      const facts = within(times)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
      expect(facts.slice(0, 2)).toEqual([first, second])
      cleanup()
    }
  })

  // GRP-33: the athlete's assessoria, as the ranking by assessoria counts them; the team column
  // only when it says something else.
  it('names the assessoria the result counts for', async () => {
    renderAthlete([200, { ...full, grupo: 'Corre Curitiba', equipe: 'CORRE CURITIBA' }])
    const header = (await screen.findByRole('heading', { level: 1, name: 'JOÃO DA SILVA' })).closest('header')!
    expect(within(header).getByText('Assessoria Corre Curitiba')).toBeInTheDocument()
    expect(within(header).queryByText('CORRE CURITIBA')).not.toBeInTheDocument()
    cleanup()
    renderAthlete([200, { ...full, grupo: '', equipe: 'Equipe Sol' }])
    const plain = (await screen.findByRole('heading', { level: 1, name: 'JOÃO DA SILVA' })).closest('header')!
    expect(within(plain).getByText('Equipe Sol')).toBeInTheDocument()
    expect(within(plain).queryByText(/^Assessoria/)).not.toBeInTheDocument()
  })

  it('shows times, places in pt-BR, pace, splits, the faster-than share, the certificate and the share card', async () => {
    renderAthlete([200, full])
    expect(await screen.findByRole('heading', { level: 1, name: 'JOÃO DA SILVA' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('JOÃO DA SILVA em Corrida da Serra — Pelotão'))
    const times = screen.getByRole('region', { name: 'Tempos' })
    expect(within(times).getByText('0:42:13.47')).toBeInTheDocument()
    expect(within(times).getByText('0:42:20')).toBeInTheDocument()
    expect(within(times).getByText('4:13 /km')).toBeInTheDocument()
    expect(within(times).getByText('Mais rápido que 87% dos concluintes.')).toBeInTheDocument()
    const places = screen.getByRole('region', { name: 'Classificação' })
    expect(within(places).getByText('12º de 3.456')).toBeInTheDocument()
    expect(within(places).getByText('Masculino')).toBeInTheDocument()
    expect(within(places).getByText('9º de 1.800')).toBeInTheDocument()
    expect(within(places).getByText('2º de 140')).toBeInTheDocument()
    const splits = screen.getByRole('region', { name: 'Parciais' })
    expect(within(splits).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByRole('link', { name: /Baixar certificado/ })).toHaveAttribute(
      'href',
      '/api/events/ev1/results/s1/athletes/101/certificado.pdf',
    )
    expect(screen.getByRole('img', { name: 'Cartão do resultado de JOÃO DA SILVA' })).toHaveAttribute(
      'src',
      '/api/events/ev1/results/s1/athletes/101/card.png',
    )
    const whatsapp = screen.getByRole('link', { name: 'Compartilhar no WhatsApp' })
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?text=/)
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain(
      `JOÃO DA SILVA: 0:42:13.47 nos 21K de Corrida da Serra ${window.location.origin}/resultado/ev1/atleta/s1/101`,
    )
    await waitFor(() => expect(screen.getAllByText('Preliminar').length).toBeGreaterThan(0))
    expect(screen.getByRole('link', { name: 'Todos os resultados' })).toHaveAttribute('href', '/resultado/ev1')
  })

  // RESULT-17: a file without bibs keys its athletes by its id column (or row), and their pages work.
  it("finds an athlete without a bib by the line's key, naming no bib", async () => {
    renderAthlete([200, makeAthlete({ numeroPeito: '', chave: 'a-1', nome: 'Ana Lima' })], makeEvent(), 'a-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lima' })).toBeInTheDocument()
    expect(screen.queryByText(/^Nº/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Baixar certificado/ })).toHaveAttribute(
      'href',
      '/api/events/ev1/results/s1/athletes/a-1/certificado.pdf',
    )
    expect(screen.getByRole('img', { name: 'Cartão do resultado de Ana Lima' })).toHaveAttribute(
      'src',
      '/api/events/ev1/results/s1/athletes/a-1/card.png',
    )
  })

  it('leaves the preliminary label out once official, and the splits out when there are none', async () => {
    renderAthlete([200, { ...full, parciais: [], resultSet: makeSet({ status: 'oficial' }) }])
    await screen.findByRole('heading', { level: 1, name: 'JOÃO DA SILVA' })
    await waitFor(() => expect(screen.getByText(/0:42:13/)).toBeInTheDocument())
    expect(screen.queryByText('Preliminar')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Parciais' })).not.toBeInTheDocument()
  })

  it('shows a status instead of a time and places for an athlete who did not finish', async () => {
    renderAthlete([
      200,
      makeAthlete({
        status: 'DNF',
        posicao: null,
        posicaoSexo: null,
        posicaoCategoria: null,
        tempoLiquido: '',
        tempoBruto: '',
        pace: '',
        maisRapidoQue: null,
      }),
    ])
    expect(await screen.findByText('Não concluiu (DNF)')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Classificação' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Baixar certificado/ })).not.toBeInTheDocument()
  })

  it('says Resultado não encontrado. for an unknown bib', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAthlete([404, notFoundBody])
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado não encontrado.' })).toBeInTheDocument()
  })

  it('draws a partial answer with what it has', async () => {
    renderAthlete([200, { numeroPeito: '101', nome: 'ANA', parciais: null, posicao: '3' }])
    expect(await screen.findByRole('heading', { level: 1, name: 'ANA' })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Classificação' })).getAllByText('—')).toHaveLength(3)
    expect(screen.queryByRole('region', { name: 'Parciais' })).not.toBeInTheDocument()
  })

  it('says Resultado não encontrado. when the answer holds no athlete', async () => {
    renderAthlete([200, null])
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado não encontrado.' })).toBeInTheDocument()
  })

  it('says Falha ao carregar o resultado. when the read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAthlete([500, { error: { code: 'internal', message: 'x' } }])
    expect(await screen.findByRole('heading', { level: 1, name: 'Falha ao carregar o resultado.' })).toBeInTheDocument()
  })
})
