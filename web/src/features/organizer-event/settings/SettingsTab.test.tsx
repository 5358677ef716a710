import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { SettingsTab } from './SettingsTab'

afterEach(() => vi.unstubAllGlobals())

// KIT-12
describe('SettingsTab', () => {
  it('blocks unpaid kits, sending only its own field so that the bib ranges stay', async () => {
    const sent = serve([
      [
        'GET',
        '/api/events/ev1/participants/settings',
        () => [200, { faixasPeito: [{ percurso: '5 km', inicio: 1, fim: 9 }], bloquearKitSemPagamento: false }],
      ],
      [
        'PUT',
        '/api/events/ev1/participants/settings',
        () => [200, { faixasPeito: [{ percurso: '5 km', inicio: 1, fim: 9 }], bloquearKitSemPagamento: true }],
      ],
    ])
    render(<SettingsTab eventId="ev1" onForbidden={() => {}} />)
    const allow = await screen.findByRole('checkbox', { name: /Permitir entregar o kit de inscrições não pagas/ })
    expect(allow).toBeChecked()
    await userEvent.click(allow)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }))
    expect(await screen.findByText(/Configuração salva/)).toBeVisible()
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { bloquearKitSemPagamento: true } })
    expect(sent.at(-1)!.body).not.toHaveProperty('faixasPeito')
    expect(allow).not.toBeChecked()
  })
})
