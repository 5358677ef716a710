import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../app/routing'
import { stubFetch } from '../../lib/testing/fakeFetch'
import { ResultSetView, searchDelayMs } from './ResultSetView'
import { makeResult, makeSet } from '../../lib/testing/testResults'
import type { TimeKind } from '../../lib/results/resultFormat'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const joao = makeResult()
const maria = makeResult({
  numeroPeito: '7',
  nome: 'Maria Souza',
  sexo: 'F',
  categoria: 'F25-29',
  equipe: '',
  posicao: 2,
  posicaoCategoria: 1,
})
const dnf = makeResult({
  numeroPeito: '9',
  nome: 'Ana Lima',
  posicao: null,
  posicaoSexo: null,
  posicaoCategoria: null,
  tempoLiquido: '',
  tempoBruto: '',
  pace: '',
  status: 'DNF',
})

function renderSet(set = makeSet(), rankBy: TimeKind = 'liquido') {
  render(
    <MemoryRouter initialEntries={['/resultado/ev1']}>
      <ResultSetView eventId="ev1" set={set} categorias={['F25-29', 'M30-34']} rankBy={rankBy} />
    </MemoryRouter>,
  )
}

describe('a result set', () => {
  it('lists places, athletes and times, each opening the athlete page, and says it is preliminary', async () => {
    const fetch = stubFetch(() => [200, { results: [joao, maria, dnf], total: 3 }])
    renderSet()
    expect(screen.getByText(/Resultado preliminar/)).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Resultados de 21K, classificados pelo tempo líquido' })
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/events/ev1/results/s1?limit=50')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent(/^1º$/)
    expect(within(rows[1]!).getByRole('link', { name: 'JOÃO DA SILVA' })).toHaveAttribute(
      'href',
      '/resultado/ev1/atleta/s1/101',
    )
    expect(within(rows[1]!).getByText('0:42:13.47')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('4:13 /km')).toBeInTheDocument()
    expect(within(rows[3]!).getAllByRole('cell')[0]).toHaveTextContent(/^—$/)
    expect(within(rows[3]!).getByText('DNF')).toBeInTheDocument()
    expect(screen.getByText('3 atletas')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
  })

  // RESULT-17: a file without bibs keys its lines by its id column or row; the table links by that key.
  it("links an athlete without a bib by the line's key and names no bib", async () => {
    const semPeito = makeResult({ numeroPeito: '', chave: 'linha-4', nome: 'Bia Souza', equipe: 'Pedal Fôlego' })
    stubFetch(() => [200, { results: [joao, semPeito], total: 2 }])
    renderSet()
    const table = await screen.findByRole('table', { name: /^Resultados de 21K/ })
    const row = within(table).getAllByRole('row')[2]!
    expect(within(row).getByRole('link', { name: 'Bia Souza' })).toHaveAttribute(
      'href',
      '/resultado/ev1/atleta/s1/linha-4',
    )
    expect(within(row).getByText('Pedal Fôlego')).toBeInTheDocument()
    expect(within(row).queryByText(/Nº/)).not.toBeInTheDocument()
    expect(within(within(table).getAllByRole('row')[1]!).getByText('Nº 101 · Assessoria Serra')).toBeInTheDocument()
  })

  // 5º 0:37:21 above 6º 0:37:20 was the net time under a gun-time ranking (RESULT-10).
  it('shows first the time places follow, gun time for a set ranked by it, the other time beside it', async () => {
    const fifth = makeResult({
      numeroPeito: '5',
      nome: 'Quinto',
      posicao: 5,
      tempoBruto: '0:37:20',
      tempoLiquido: '0:37:21',
    })
    const sixth = makeResult({
      numeroPeito: '6',
      nome: 'Sexto',
      posicao: 6,
      tempoBruto: '0:37:22',
      tempoLiquido: '0:37:20',
    })
    stubFetch(() => [200, { results: [fifth, sixth], total: 2 }])
    renderSet(makeSet(), 'bruto')
    const table = await screen.findByRole('table', { name: 'Resultados de 21K, classificados pelo tempo bruto' })
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(heads).toEqual(['Pos.', 'Atleta', 'Categoria', 'Bruto', 'Líquido', 'Pace /km'])
    const [, first, second] = within(table).getAllByRole('row')
    // The cell's own text is the time; the pace under it is for phones.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.firstChild?.textContent)
    expect(cells(first!)).toEqual(['5º', 'Quinto', 'M30-34', '0:37:20', '0:37:21', '4:13'])
    expect(cells(second!).slice(3, 5)).toEqual(['0:37:22', '0:37:20'])
  })

  it('lists the set’s categories in natural order (RESULT-12)', async () => {
    stubFetch(() => [200, { results: [joao], total: 1 }])
    renderSet(makeSet({ categorias: ['M 100+', 'M 20-24', 'F 5-9', 'M 10-14', 'F 10-14'] }))
    const options = within(screen.getByRole('combobox', { name: 'Categoria' })).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Todas', 'F 5-9', 'F 10-14', 'M 10-14', 'M 20-24', 'M 100+'])
  })

  it('has no preliminary note once official', async () => {
    stubFetch(() => [200, { results: [joao], total: 1 }])
    renderSet(makeSet({ status: 'oficial' }))
    expect(await screen.findByText('1 atleta')).toBeInTheDocument()
    expect(screen.queryByText(/Resultado preliminar/)).not.toBeInTheDocument()
  })

  it('asks the server once typing pauses, with the filters chosen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = stubFetch((url) =>
      url.searchParams.get('q') === 'joao'
        ? [200, { results: [joao], total: 1 }]
        : [200, { results: [joao, maria], total: 2 }],
    )
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderSet()
    await screen.findByText('2 atletas')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sexo' }), 'M')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'M30-34')
    await user.type(screen.getByRole('searchbox', { name: 'Nome, nº de peito ou equipe' }), 'joao')
    const typedCalls = fetch.mock.calls.length
    await act(() => vi.advanceTimersByTimeAsync(searchDelayMs))
    expect(await screen.findByText('1 atleta')).toBeInTheDocument()
    // One request for the whole word, not one per key.
    expect(fetch.mock.calls.length).toBe(typedCalls + 1)
    const last = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost')
    expect(Object.fromEntries(last.searchParams)).toEqual({ q: 'joao', sexo: 'M', categoria: 'M30-34', limit: '50' })
  })

  it('loads the next page through the cursor and appends it', async () => {
    const fetch = stubFetch((url) =>
      url.searchParams.get('cursor') === 'c2'
        ? [200, { results: [dnf], total: 3 }]
        : [200, { results: [joao, maria], total: 3, nextCursor: 'c2' }],
    )
    const user = userEvent.setup()
    renderSet()
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }))
    expect(await screen.findByRole('link', { name: 'Ana Lima' })).toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(4)
    expect(new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('cursor')).toBe('c2')
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument()
  })

  it('says so when nobody matches', async () => {
    stubFetch(() => [200, { results: [], total: 0 }])
    renderSet()
    expect(await screen.findByText('Nenhum atleta encontrado.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('reports a failed read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(() => [500, { error: { code: 'internal', message: 'x' } }])
    renderSet()
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao carregar os resultados. Tente novamente.')
  })
})
