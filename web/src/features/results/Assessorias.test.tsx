import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '../../lib/testing/fakeFetch'
import { makeSet } from '../../lib/testing/testResults'
import { Assessorias } from './Assessorias'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ranking = {
  porConcluintes: [
    { nome: 'Assessoria Pé Quente', concluintes: 1234 },
    { nome: 'Corre Curitiba', concluintes: 2 },
  ],
  porTempo: {
    F: [
      { nome: 'Corre Curitiba', tempo: '2:06:00', atletas: ['Duda', 'Eva', 'Fê'] },
      { nome: 'Assessoria Pé Quente', tempo: '2:10:00', atletas: ['Ana', 'Bia', 'Cris'] },
    ],
    M: [],
  },
  status: 'preliminar',
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.children].map((c) => c.textContent))

// GRP-45: the results page's "Assessorias": by finishers and by the sum of the best 3 times of each
// sex, labelled as the set, with headers a screen reader reads.
describe('the ranking by assessoria', () => {
  it('ranks the groups by finishers and by the best times of each sex, labelled preliminary', async () => {
    const fetch = stubFetch(() => [200, ranking])
    render(<Assessorias eventId="ev1" set={makeSet({ id: 's1' })} n={3} />)
    const section = await screen.findByRole('region', { name: /^Assessorias/ })
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/events/ev1/results/s1/grupos?n=3')
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('AssessoriasPreliminar')
    expect(within(section).getByText(/Classificação preliminar: pode mudar/)).toBeInTheDocument()

    const byCount = within(section).getByRole('table', { name: 'Por número de concluintes' })
    expect(
      within(byCount)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pos.', 'Assessoria', 'Concluintes'])
    expect(rows(byCount)).toEqual([
      ['1º', 'Assessoria Pé Quente', '1.234'],
      ['2º', 'Corre Curitiba', '2'],
    ])
    expect(within(byCount).getByRole('rowheader', { name: 'Corre Curitiba' })).toBeInTheDocument()

    const women = within(section).getByRole('table', { name: 'Feminino: soma dos 3 melhores tempos' })
    expect(
      within(women)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pos.', 'Assessoria', 'Tempo'])
    expect(rows(women)).toEqual([
      ['1º', 'Corre CuritibaDuda, Eva, Fê', '2:06:00'],
      ['2º', 'Assessoria Pé QuenteAna, Bia, Cris', '2:10:00'],
    ])
    // No group has three men who finished: said, not an empty table.
    expect(within(section).queryByRole('table', { name: /^Masculino/ })).not.toBeInTheDocument()
    expect(within(section).getByText(/Nenhuma assessoria com 3 atletas que concluíram/)).toBeInTheDocument()
  })

  it('names one best time when the organizer ranks by one (GRP-31)', async () => {
    const fetch = stubFetch(() => [200, { ...ranking, porTempo: { F: ranking.porTempo.F, M: [] } }])
    render(<Assessorias eventId="ev1" set={makeSet({ id: 's1' })} n={1} />)
    const section = await screen.findByRole('region', { name: /^Assessorias/ })
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/events/ev1/results/s1/grupos?n=1')
    expect(within(section).getByRole('table', { name: 'Feminino: melhor tempo' })).toBeInTheDocument()
    expect(within(section).getByText(/Nenhuma assessoria com atleta que concluiu/)).toBeInTheDocument()
  })

  it('says official when the set is', async () => {
    stubFetch(() => [200, { ...ranking, status: 'oficial' }])
    render(<Assessorias eventId="ev1" set={makeSet({ id: 's1', status: 'oficial' })} n={3} />)
    const section = await screen.findByRole('region', { name: /^Assessorias/ })
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('AssessoriasOficial')
    expect(within(section).queryByText(/Classificação preliminar/)).not.toBeInTheDocument()
  })

  it('shows nothing for an event whose groups have no finisher, nor when the ranking cannot be read', async () => {
    const fetch = stubFetch(() => [200, { porConcluintes: [], porTempo: { F: [], M: [] }, status: 'oficial' }])
    const { container, unmount } = render(<Assessorias eventId="ev1" set={makeSet({ id: 's1' })} n={3} />)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(container).toBeEmptyDOMElement()
    unmount()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const failing = stubFetch(() => [500, { error: { code: 'internal', message: 'Erro interno.' } }])
    const again = render(<Assessorias eventId="ev1" set={makeSet({ id: 's2' })} n={3} />)
    await vi.waitFor(() => expect(failing).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(again.container).toBeEmptyDOMElement()
  })
})
