import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { Coupons } from './Coupons'
import { emptyCoupon, readCoupon } from './couponForm'
import type { Coupon } from './financeApi'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/events/ev1/cupons'
const corrida10: Coupon = {
  codigo: 'CORRIDA10',
  tipo: 'percentual',
  valor: 10,
  maxUsos: 100,
  validoAte: '2026-12-31',
  modalidades: [],
  ativo: true,
  usos: 37,
}
const assessoria: Coupon = {
  codigo: 'ASSESSORIA',
  tipo: 'fixo',
  valor: 15.5,
  maxUsos: null,
  validoAte: null,
  modalidades: ['10 km'],
  ativo: false,
  usos: 2,
}

function renderCoupons() {
  return render(<Coupons eventId="ev1" percursos={['5 km', '10 km']} onForbidden={() => {}} />)
}

describe('readCoupon', () => {
  // REG-136: what the form refuses before sending, each beside its field.
  it.each([
    [{ codigo: '' }, 'codigo', 'Informe o código do cupom.'],
    [{ codigo: 'DESCONTO 10' }, 'codigo', 'Use de 3 a 30 letras, números, hífen ou sublinhado, sem espaços.'],
    [{ valor: '' }, 'valor', 'Informe o valor do desconto.'],
    [{ valor: 'dez' }, 'valor', 'Informe um número, como 10 ou 15,50.'],
    [{ valor: '0' }, 'valor', 'O desconto deve ser maior que zero.'],
    [{ valor: '101' }, 'valor', 'Um desconto percentual vai até 100%.'],
    [{ valor: '10,555', tipo: 'fixo' as const }, 'valor', 'Informe um número, como 10 ou 15,50.'],
    [{ valor: '0,00' }, 'valor', 'O desconto deve ser maior que zero.'],
    [{ maxUsos: '0' }, 'maxUsos', 'Informe um número inteiro maior que zero, ou deixe em branco para não limitar.'],
    [{ maxUsos: '2,5' }, 'maxUsos', 'Informe um número inteiro maior que zero, ou deixe em branco para não limitar.'],
    [{ validoAte: '2026-02-30' }, 'validoAte', 'Informe uma data válida.'],
  ])('%j → %s: %s', (over, field, message) => {
    const read = readCoupon({ ...emptyCoupon, codigo: 'OK10', valor: '10', ...over })
    expect('errors' in read && read.errors).toMatchObject({ [field]: message })
  })

  it('reads a fixed discount above 100 reais, no limit and no end date as nulls', () => {
    expect(readCoupon({ ...emptyCoupon, codigo: 'VIP', tipo: 'fixo', valor: '150,50', modalidades: ['5 km'] })).toEqual(
      {
        coupon: { codigo: 'VIP', tipo: 'fixo', valor: 150.5, maxUsos: null, validoAte: null, modalidades: ['5 km'] },
      },
    )
  })
})

describe('Coupons', () => {
  // REG-137: uses against the limit, pause and resume, delete after asking.
  it('lists each coupon with its discount, uses against its limit, end and modalities', async () => {
    serve([['GET', path, () => [200, { cupons: [corrida10, assessoria] }]]])
    renderCoupons()
    const table = await screen.findByRole('table', { name: 'Lista de cupons' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].slice(0, 6).map((c) => c.textContent))
    expect(rows).toEqual([
      ['CORRIDA10', '10%', '37 de 100', '31/12/2026', 'Todas', 'Ativo'],
      ['ASSESSORIA', 'R$\u00a015,50', '2 (sem limite)', 'Sem data', '10 km', 'Pausado'],
    ])
  })

  it('pauses and resumes a coupon, and deletes one after a confirmation', async () => {
    const sent = serve([
      ['GET', path, () => [200, { cupons: [corrida10, assessoria] }]],
      ['PATCH', `${path}/CORRIDA10`, () => [200, { ...corrida10, ativo: false }]],
      ['PATCH', `${path}/ASSESSORIA`, () => [200, { ...assessoria, ativo: true }]],
      ['DELETE', `${path}/ASSESSORIA`, () => [204]],
    ])
    const user = userEvent.setup()
    renderCoupons()
    await user.click(await screen.findByRole('button', { name: 'Pausar CORRIDA10' }))
    await user.click(screen.getByRole('button', { name: 'Retomar ASSESSORIA' }))
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'PATCH').map((s) => [s.url.pathname, s.body])).toEqual([
        [`${path}/CORRIDA10`, { ativo: false }],
        [`${path}/ASSESSORIA`, { ativo: true }],
      ]),
    )

    await user.click(screen.getByRole('button', { name: 'Excluir ASSESSORIA' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir cupom' })
    expect(dialog).toHaveAccessibleDescription('Excluir o cupom ASSESSORIA? Ele deixa de valer em novas inscrições.')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir cupom' }))
    await waitFor(() =>
      expect(sent.some((s) => s.method === 'DELETE' && s.url.pathname === `${path}/ASSESSORIA`)).toBe(true),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it("shows the server's refusal to delete a used coupon in the dialog", async () => {
    serve([
      ['GET', path, () => [200, { cupons: [corrida10] }]],
      [
        'DELETE',
        `${path}/CORRIDA10`,
        () => [409, { error: { code: 'conflict', message: 'Um cupom já usado não pode ser excluído: pause-o.' } }],
      ],
    ])
    const user = userEvent.setup()
    renderCoupons()
    await user.click(await screen.findByRole('button', { name: 'Excluir CORRIDA10' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir cupom' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'Um cupom já usado não pode ser excluído: pause-o.',
    )
  })

  // REG-136: checked before sending; the server's field errors in the same places; nothing typed lost.
  it('creates a coupon with every field, after showing what is wrong beside each field', async () => {
    const sent = serve([
      ['GET', path, () => [200, { cupons: [] }]],
      ['POST', path, (s) => [201, { ...(s.body as object), ativo: true, usos: 0 }]],
    ])
    const user = userEvent.setup()
    renderCoupons()
    expect(await screen.findByText('Nenhum cupom criado.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'PRIMEIROS 50')
    await user.type(screen.getByRole('textbox', { name: 'Desconto (%)' }), '120')
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }))
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAccessibleDescription(
      'Use de 3 a 30 letras, números, hífen ou sublinhado, sem espaços.',
    )
    expect(screen.getByRole('textbox', { name: 'Desconto (%)' })).toHaveAccessibleDescription(
      'Um desconto percentual vai até 100%.',
    )
    expect(sent.some((s) => s.method === 'POST')).toBe(false)

    await user.clear(screen.getByRole('textbox', { name: 'Código' }))
    await user.type(screen.getByRole('textbox', { name: 'Código' }), 'PRIMEIROS50')
    await user.click(screen.getByRole('radio', { name: 'Valor fixo (R$)' }))
    await user.clear(screen.getByRole('textbox', { name: 'Desconto (R$)' }))
    await user.type(screen.getByRole('textbox', { name: 'Desconto (R$)' }), '25,90')
    await user.type(screen.getByRole('textbox', { name: 'Máximo de usos' }), '50')
    await user.type(screen.getByLabelText('Válido até'), '2026-12-31')
    await user.click(screen.getByRole('checkbox', { name: '10 km' }))
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }))
    expect(await screen.findByText('Cupom PRIMEIROS50 criado.')).toBeInTheDocument()
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      codigo: 'PRIMEIROS50',
      tipo: 'fixo',
      valor: 25.9,
      maxUsos: 50,
      validoAte: '2026-12-31',
      modalidades: ['10 km'],
    })
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('')
  })

  it("puts the server's field errors beside the fields and keeps what was typed", async () => {
    serve([
      ['GET', path, () => [200, { cupons: [corrida10] }]],
      [
        'POST',
        path,
        () => [
          409,
          {
            error: {
              code: 'conflict',
              message: 'Já existe um cupom com este código.',
              fields: { codigo: 'Já existe um cupom com este código.' },
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderCoupons()
    await user.type(await screen.findByRole('textbox', { name: 'Código' }), 'corrida10')
    await user.type(screen.getByRole('textbox', { name: 'Desconto (%)' }), '5')
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }))
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAccessibleDescription(
        'Já existe um cupom com este código.',
      ),
    )
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('corrida10')
    expect(screen.getByRole('textbox', { name: 'Desconto (%)' })).toHaveValue('5')
  })
})
