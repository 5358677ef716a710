import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../lib/team/staff'
import { serve } from '../../../lib/testing/fakeFetch'
import { KitTab } from './KitTab'

const stats = {
  total: 4,
  retirados: 3,
  porPercurso: [
    { percurso: '10 km', total: 3, retirados: 2 },
    { percurso: '5 km', total: 1, retirados: 1 },
  ],
  porBalcao: [{ balcao: 'Balcão 1', retirados: 3 }],
  porQuartoDeHora: [
    { inicio: '2026-05-09T12:00:00Z', retirados: 2 },
    { inicio: '2026-05-09T12:30:00Z', retirados: 1 },
  ],
}

const pickup = {
  id: 'p1',
  participantId: 'ana',
  nome: 'Ana Souza',
  numeroPeito: 12,
  at: '2026-05-09T12:14:00Z',
  balcao: 'Balcão 1',
  por: 'Voluntária',
  retiradoPor: null,
  camisetaEntregue: 'M',
  status: 'ok',
  desfeitoEm: null,
  desfeitoPor: '',
}

/** Renders the tab for `role` against a fake server; returns the requests it made, as "METHOD url". */
async function renderAs(role: Role) {
  const sent = serve([
    ['GET', /\/stats$/, [200, stats]],
    ['GET', /\/history/, [200, { history: [pickup] }]],
    ['*', /^/, [204]],
  ])
  render(<KitTab eventId="ev1" role={role} />)
  expect(await screen.findByText('3 de 4 kits retirados (75%)')).toBeVisible()
  return { calls: () => sent.map((s) => `${s.method} ${s.path}`) }
}

afterEach(() => vi.unstubAllGlobals())

describe('KitTab', () => {
  it('shows progress by modality and desk, the chart as a table, and lets a manager undo', async () => {
    const { calls } = await renderAs('gestao')
    const byModality = screen.getByRole('region', { name: 'Por modalidade' })
    expect(within(byModality).getByRole('row', { name: '10 km 2 3 66,7%' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Por balcão' })).getByRole('row', { name: 'Balcão 1 3' }),
    ).toBeInTheDocument()
    // The empty quarter between the two is drawn too.
    expect(
      within(screen.getByRole('region', { name: 'Retiradas a cada 15 minutos' })).getAllByRole('row'),
    ).toHaveLength(4)
    await userEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Desfazer retirada' }))
    expect(calls()).toContain('DELETE /api/events/ev1/checkin/ana')
  })

  it('shows the kit desk its progress but not the history', async () => {
    const { calls } = await renderAs('retirada')
    expect(screen.queryByRole('heading', { name: 'Histórico' })).not.toBeInTheDocument()
    expect(calls().some((c) => c.includes('/history'))).toBe(false)
  })
})
