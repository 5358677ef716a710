import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { BibRanges } from './BibRanges'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/events/ev1/participants/settings'

describe('BibRanges', () => {
  it("shows each modality's saved range and saves the ranges filled in", async () => {
    const sent = serve([['PUT', path, (s) => [200, s.body]]])
    const onSaved = vi.fn()
    const user = userEvent.setup()
    render(
      <BibRanges
        eventId="ev1"
        percursos={['5 km', '10 km']}
        saved={[{ percurso: '5 km', inicio: 1, fim: 500 }]}
        onSaved={onSaved}
      />,
    )
    const cinco = screen.getByRole('group', { name: '5 km' })
    expect(within(cinco).getByLabelText('Do nº')).toHaveValue('1')
    expect(within(cinco).getByLabelText('até o nº')).toHaveValue('500')
    const dez = screen.getByRole('group', { name: '10 km' })
    await user.type(within(dez).getByLabelText('Do nº'), '1001')
    await user.type(within(dez).getByLabelText('até o nº'), '3000')
    await user.click(screen.getByRole('button', { name: 'Salvar faixas' }))

    expect(await screen.findByText(/Faixas salvas/)).toBeInTheDocument()
    const faixas = [
      { percurso: '5 km', inicio: 1, fim: 500 },
      { percurso: '10 km', inicio: 1001, fim: 3000 },
    ]
    expect(sent[0]!.body).toEqual({ faixasPeito: faixas })
    expect(onSaved).toHaveBeenCalledWith(faixas)
  })

  it("shows the server's message beside the modality whose range is wrong", async () => {
    serve([
      [
        'PUT',
        path,
        () => [
          422,
          {
            error: {
              code: 'invalid-argument',
              message: 'Alguns campos precisam de correção.',
              fields: { 'faixasPeito.1.inicio': 'Esta faixa se sobrepõe à da modalidade "5 km" (1 a 500).' },
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    render(
      <BibRanges
        eventId="ev1"
        percursos={['5 km', '10 km']}
        saved={[{ percurso: '5 km', inicio: 1, fim: 500 }]}
        onSaved={() => {}}
      />,
    )
    const dez = screen.getByRole('group', { name: '10 km' })
    await user.type(within(dez).getByLabelText('Do nº'), '400')
    await user.type(within(dez).getByLabelText('até o nº'), '900')
    await user.click(screen.getByRole('button', { name: 'Salvar faixas' }))

    expect(await within(dez).findByText('Esta faixa se sobrepõe à da modalidade "5 km" (1 a 500).')).toBeInTheDocument()
    expect(within(dez).getByLabelText('Do nº')).toHaveAttribute('aria-invalid', 'true')
    expect(dez).toHaveAccessibleDescription('Esta faixa se sobrepõe à da modalidade "5 km" (1 a 500).')
    expect(within(dez).getByLabelText('Do nº')).toHaveValue('400')
    expect(screen.getByRole('group', { name: '5 km' })).not.toHaveAccessibleDescription(/sobrepõe/)
  })
})
