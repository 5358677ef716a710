import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { Exports } from './Exports'

const downloads: string[] = []

beforeEach(() => {
  downloads.length = 0
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:lista'), revokeObjectURL: vi.fn() }))
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** Answers the lists' requests with a body of type (a PDF); returns the requests sent. */
function answer(status: number, body: BodyInit | null, type = 'application/pdf') {
  return serve([
    [
      'GET',
      '/api/events/ev1/participants.pdf',
      () => new Response(body, { status, headers: { 'Content-Type': type } }),
    ],
  ])
}

const faixas = [{ percurso: '5 km', inicio: 1, fim: 500 }]

describe('Exports', () => {
  it('links the CSV export', () => {
    answer(200, null)
    render(<Exports eventId="ev1" faixas={[]} />)
    expect(screen.getByRole('link', { name: 'Baixar planilha (CSV)' })).toHaveAttribute(
      'href',
      '/api/events/ev1/participants.csv',
    )
  })

  it('downloads the printable list of a typed range, or of a modality', async () => {
    const sent = answer(200, '%PDF-1.4')
    const user = userEvent.setup()
    render(<Exports eventId="ev1" faixas={faixas} />)
    await user.type(screen.getByLabelText('Do nº'), '10')
    await user.type(screen.getByLabelText('até o nº'), '2x0')
    await user.click(screen.getByRole('button', { name: 'Baixar lista (PDF)' }))
    await vi.waitFor(() => expect(downloads).toEqual(['lista-retirada-10-20.pdf']))
    expect(sent[0]!.path).toBe('/api/events/ev1/participants.pdf?de=10&ate=20')

    await user.click(screen.getByRole('button', { name: 'Baixar lista de 5 km, peitos 1 a 500 (PDF)' }))
    await vi.waitFor(() => expect(downloads).toHaveLength(2))
    expect(sent[1]!.path).toBe('/api/events/ev1/participants.pdf?de=1&ate=500')
  })

  it("says why a list was refused, in place, and checks the range's order first", async () => {
    const sent = answer(
      422,
      JSON.stringify({
        error: {
          code: 'invalid-argument',
          message: 'A faixa tem 30000 inscritos: escolha uma faixa menor de números de peito (até 5000 por lista).',
        },
      }),
      'application/json',
    )
    const user = userEvent.setup()
    render(<Exports eventId="ev1" faixas={[]} />)
    await user.click(screen.getByRole('button', { name: 'Baixar lista (PDF)' }))
    // The alert line is always there (empty until a message): wait for its text, not for it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('escolha uma faixa menor'))
    expect(downloads).toEqual([])

    await user.type(screen.getByLabelText('Do nº'), '30')
    await user.type(screen.getByLabelText('até o nº'), '20')
    await user.click(screen.getByRole('button', { name: 'Baixar lista (PDF)' }))
    expect(screen.getByRole('alert')).toHaveTextContent('O número final deve ser maior ou igual ao inicial.')
    expect(sent).toHaveLength(1)
  })
})
