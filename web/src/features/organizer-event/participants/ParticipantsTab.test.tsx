import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../lib/team/staff'
import { serve } from '../../../lib/testing/fakeFetch'
import { ParticipantsTab } from './ParticipantsTab'

afterEach(() => vi.unstubAllGlobals())

const base = '/api/events/ev1'
const summary = {
  total: 2,
  pagos: 2,
  kitRetirado: 0,
  valorPago: 0,
  valorPendente: 0,
  porPercurso: { '5 km': 2 },
  porSexo: { F: 2 },
  porCamiseta: { '5 km': { M: 2 } },
  porGrupo: [{ nome: 'Assessoria Pé Quente', inscritos: 2, camisetas: { M: 2 } }],
}
const group = {
  id: 'g1',
  eventId: 'ev1',
  nome: 'Assessoria Pé Quente',
  codigo: 'ABCD1234',
  link: '',
  coaches: [],
  inscritos: 2,
  confirmados: 2,
}

const props = (role: Role) => ({ eventId: 'ev1', role, percursos: ['5 km'], onForbidden: () => {} })

// GRP-50: the tab reads the event's groups for the filter and shows the totals by group.
describe('ParticipantsTab and groups', () => {
  it("offers the event's groups as a filter and totals each group", async () => {
    const sent = serve([
      ['GET', `${base}/participants`, () => [200, { participants: [], total: 0, nextCursor: null }]],
      ['GET', `${base}/participants/summary`, () => [200, summary]],
      ['GET', `${base}/participants/settings`, () => [200, { faixasPeito: [], bloquearKitSemPagamento: false }]],
      ['GET', `${base}/grupos`, () => [200, { grupos: [group] }]],
    ])
    render(<ParticipantsTab {...props('owner')} />)
    const select = await screen.findByRole('combobox', { name: 'Grupo' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Assessoria Pé Quente'])
    const table = await screen.findByRole('table', { name: 'Inscritos e camisetas por grupo' })
    expect(within(table).getByRole('rowheader', { name: 'Assessoria Pé Quente' })).toBeInTheDocument()
    expect(sent.some((s) => s.url.pathname === `${base}/grupos`)).toBe(true)
  })

  it('asks the kit desk for no groups', async () => {
    const sent = serve([['GET', `${base}/participants`, () => [200, { participants: [], total: 0, nextCursor: null }]]])
    render(<ParticipantsTab {...props('retirada')} />)
    await screen.findByText('0 inscritos encontrados')
    expect(sent.some((s) => s.url.pathname === `${base}/grupos`)).toBe(false)
    expect(screen.queryByRole('combobox', { name: 'Grupo' })).not.toBeInTheDocument()
  })
})
