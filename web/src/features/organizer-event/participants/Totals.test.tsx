import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Totals } from './Totals'

const summary = {
  total: 1234,
  pagos: 1200,
  kitRetirado: 300,
  valorPago: 107880,
  valorPendente: 3596,
  porPercurso: { '10 km': 734, '5 km': 500 },
  porSexo: { M: 634, F: 600 },
  porCamiseta: { '5 km': { GG: 100, P: 150, M: 250 }, '10 km': { M: 400, XG: 34, P: 300 } },
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))

describe('Totals', () => {
  it('shows the headline figures in pt-BR, unpaid included', () => {
    render(<Totals summary={summary} />)
    const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(figure('Inscritos')).toBe('1.234')
    expect(figure('Pagos')).toBe('1.200')
    expect(figure('Não pagos')).toBe('34')
    expect(figure('Kits retirados')).toBe('300')
  })

  it('has a table per breakdown, the accessible version of the bars', () => {
    render(<Totals summary={summary} />)
    expect(rowsOf(screen.getByRole('table', { name: 'Por modalidade' }))).toEqual([
      ['5 km', '500'],
      ['10 km', '734'],
    ])
    expect(rowsOf(screen.getByRole('table', { name: 'Por sexo' }))).toEqual([
      ['Feminino', '600'],
      ['Masculino', '634'],
    ])
    // The bars repeat the tables for the eye only.
    const bars = document.querySelectorAll('svg[aria-hidden="true"]')
    expect(bars).toHaveLength(2)
    const widths = [...bars[0]!.querySelectorAll('rect[x]')].map((r) => Number(r.getAttribute('width')))
    expect(widths[1]).toBeGreaterThan(widths[0]!)
  })

  it('counts shirts by size and modality, sizes smallest first, with totals', () => {
    render(<Totals summary={summary} />)
    const table = screen.getByRole('table', { name: 'Camisetas por tamanho e modalidade' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tamanho', '5 km', '10 km', 'Total'])
    expect(rowsOf(table)).toEqual([
      ['P', '150', '300', '450'],
      ['M', '250', '400', '650'],
      ['GG', '100', '0', '100'],
      ['XG', '0', '34', '34'],
    ])
  })

  // GRP-49: each group's athletes and shirts by size, for the tent plan; no table for an event without groups.
  it('counts athletes and shirts by group, groups by name and sizes smallest first', () => {
    const { rerender } = render(<Totals summary={summary} />)
    expect(screen.queryByRole('table', { name: 'Inscritos e camisetas por grupo' })).not.toBeInTheDocument()
    rerender(
      <Totals
        summary={{
          ...summary,
          porGrupo: [
            { nome: 'Equipe Zeca', inscritos: 3, camisetas: { GG: 1, P: 2 } },
            { nome: 'Assessoria Ágil', inscritos: 12, camisetas: { M: 10, P: 2 } },
          ],
        }}
      />,
    )
    const table = screen.getByRole('table', { name: 'Inscritos e camisetas por grupo' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Grupo', 'Inscritos', 'P', 'M', 'GG'])
    expect(rowsOf(table)).toEqual([
      ['Assessoria Ágil', '12', '2', '10', '0'],
      ['Equipe Zeca', '3', '2', '0', '1'],
    ])
  })
})
