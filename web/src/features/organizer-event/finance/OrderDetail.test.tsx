import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { historyOf, OrderDetail, readRefund } from './OrderDetail'
import { refundable } from '../../../lib/registration/receipt'
import { testOrder } from './testOrders'

afterEach(() => vi.unstubAllGlobals())

const refundPath = '/api/events/ev1/pedidos/ped1/reembolso'
const reais = (text: string) => text.replace(/R\$ /g, 'R$\u00a0')

function renderDetail(order = testOrder(), onRefunded = vi.fn()) {
  render(<OrderDetail eventId="ev1" order={order} onClose={() => {}} onRefunded={onRefunded} />)
  return onRefunded
}

describe('refundable and readRefund', () => {
  // REG-134: never more than what is left; a failed refund gives its amount back.
  it('leaves out failed refunds and counts in centavos', () => {
    const o = testOrder({
      total: 89.9,
      reembolsos: [
        { valor: 30.3, status: 'DEVOLVIDO', horario: '2026-11-21T10:00:00Z' },
        { valor: 10, status: 'NAO_REALIZADO', horario: '2026-11-21T11:00:00Z' },
        { valor: 0.1, status: 'EM_PROCESSAMENTO', horario: '2026-11-21T12:00:00Z' },
      ],
    })
    expect(refundable(o)).toBe(59.5)
  })

  it.each([
    ['', 'Informe o valor a reembolsar.'],
    ['quarenta', 'Informe um valor em reais, como 40,00.'],
    ['0', 'O valor deve ser maior que zero.'],
    ['10,005', 'Informe um valor em reais, como 40,00.'],
    ['-5', 'Informe um valor em reais, como 40,00.'],
    ['120,01', reais('O valor não pode passar de R$ 120,00, o que resta deste pedido.')],
  ])('refuses %j: %s', (typed, error) => expect(readRefund({ kind: 'parcial', typed }, 120)).toEqual({ error }))

  it('reads a part in reais as typed in Brazil, and the whole as no amount', () => {
    expect(readRefund({ kind: 'parcial', typed: '40,50' }, 120)).toEqual({ valor: 40.5 })
    expect(readRefund({ kind: 'parcial', typed: 'R$ 120,00' }, 120)).toEqual({ valor: 120 })
    expect(readRefund({ kind: 'total' }, 120)).toEqual({ valor: undefined })
  })
})

describe('OrderDetail', () => {
  // REG-133: the history from the server, or from the order's own dates.
  it("shows the order's athletes and its history, oldest first", async () => {
    const order = testOrder({
      reembolsos: [{ valor: 40, status: 'DEVOLVIDO', horario: '2026-11-22T12:00:00Z' }],
      status: 'pago',
    })
    serve([['GET', '/api/pedidos/ped1', () => [200, order]]])
    renderDetail(order)
    expect(screen.getByRole('heading', { name: 'Pedido de Conceição Araújo' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('table', { name: 'Inscrições do pedido' })).getByText('K7M2Q9XH4T'),
    ).toBeInTheDocument()
    const history = screen.getByRole('list', { name: 'Histórico' })
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      reais('Pedido criado 20/11/2026, 10:00 · R$ 120,00'),
      'Pagamento confirmado 20/11/2026, 10:05',
      reais('Reembolso 22/11/2026, 09:00 · R$ 40,00, devolvido'),
    ])
  })

  // REG-133: each kind of entry as the server writes it (internal/store: addOrderEvent's details), said
  // in pt-BR, never a code such as "inscricao_editada".
  it("prefers the server's history when the order brings one, and says each kind of entry in words", () => {
    const lines = historyOf(
      testOrder({
        historico: [
          { tipo: 'criado', em: '2026-11-20T13:00:00Z' },
          { tipo: 'pago', em: '2026-11-20T13:05:00Z' },
          {
            tipo: 'inscricao_editada',
            em: '2026-11-20T14:00:00Z',
            detalhe: {
              inscricaoId: 'r1',
              por: 'Ana Souza',
              alteracoes: {
                camiseta: { de: 'M', para: 'G' },
                contatoEmergencia: { de: { nome: 'A', telefone: '1' }, para: { nome: 'B', telefone: '2' } },
              },
            },
          },
          {
            tipo: 'inscricao_cancelada',
            em: '2026-11-20T15:00:00Z',
            detalhe: { inscricaoId: 'r2', nome: 'Bia Lima', valor: 89.9, por: 'Bia Lima' },
          },
          {
            tipo: 'reembolso',
            em: '2026-11-21T13:00:00Z',
            detalhe: {
              id: 'rf1',
              valor: 20,
              status: 'EM_PROCESSAMENTO',
              motivo: 'A organização do evento fez um reembolso do seu pedido.',
              por: 'Dona Maria',
            },
          },
          { tipo: 'reembolso', em: '2026-11-21T13:01:00Z', detalhe: { id: 'rf1', status: 'DEVOLVIDO' } },
          { tipo: 'cancelado', em: '2026-11-21T14:00:00Z', detalhe: { por: 'Dona Maria' } },
          {
            tipo: 'pagamento_apos_fim',
            em: '2026-11-22T10:00:00Z',
            detalhe: { endToEndId: 'E1', status: 'cancelado' },
          },
          { tipo: 'pagamento_apos_fim', em: '2026-11-22T10:01:00Z', detalhe: { endToEndId: 'E2', confirmado: false } },
          {
            tipo: 'pagamento_divergente',
            em: '2026-11-22T10:02:00Z',
            detalhe: { endToEndId: 'E3', valor: 12.5, motivo: 'O seu Pix tinha um valor diferente do cobrado.' },
          },
          { tipo: 'expirado', em: '2026-11-22T11:00:00Z' },
        ],
      }),
    )
    expect(lines.map((l) => `${l.label}: ${l.detail}`)).toEqual([
      'Pedido criado: ',
      'Pagamento confirmado: ',
      'Inscrição alterada: camiseta M → G; contato de emergência, Ana Souza',
      reais('Inscrição cancelada: Bia Lima, R$ 89,90, Bia Lima'),
      reais('Reembolso: R$ 20,00, em processamento, Dona Maria'),
      'Reembolso: devolvido',
      'Pedido cancelado: Dona Maria',
      'Pagamento recebido após o prazo: cancelado',
      'Pagamento recebido após o prazo: sem vagas: devolvido',
      reais('Pix devolvido a quem pagou: R$ 12,50, O seu Pix tinha um valor diferente do cobrado.'),
      'Prazo de pagamento expirado: ',
    ])
  })

  // REG-134: a partial refund asked once more with its amount, then sent.
  it('refunds part of a paid order after a confirmation stating the amount', async () => {
    const refunded = testOrder({
      reembolsos: [{ valor: 40, status: 'EM_PROCESSAMENTO', horario: '2026-11-22T12:00:00Z' }],
    })
    const sent = serve([
      ['GET', '/api/pedidos/ped1', () => [200, testOrder()]],
      ['POST', refundPath, () => [200, refunded]],
    ])
    const user = userEvent.setup()
    const onRefunded = renderDetail()
    expect(await screen.findByText('Pode ser reembolsado: R$ 120,00.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Valor parcial' }))
    await user.type(screen.getByRole('textbox', { name: 'Valor a reembolsar (R$)' }), '40')
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }))

    const dialog = screen.getByRole('alertdialog', { name: 'Confirmar reembolso' })
    expect(dialog).toHaveAccessibleDescription(
      reais(
        'Reembolsar R$ 40,00 de Conceição Araújo pelo Pix de origem? O valor volta para quem pagou e não pode ser desfeito.',
      ),
    )
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus()
    expect(sent.some((s) => s.method === 'POST')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }))
    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith(refunded))
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ valor: 40 })
    // The order as the refund answered it, drawn after the answer: what is left, and the refund in its history.
    expect(await screen.findByText('Pode ser reembolsado: R$ 80,00.')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Histórico' })).toHaveTextContent(
      'Reembolso 22/11/2026, 09:00 · R$ 40,00, em processamento',
    )
  })

  it('refunds everything left when the whole is chosen, sending no amount', async () => {
    const order = testOrder({ reembolsos: [{ valor: 20, status: 'DEVOLVIDO', horario: '2026-11-22T12:00:00Z' }] })
    const sent = serve([
      ['GET', '/api/pedidos/ped1', () => [200, order]],
      ['POST', refundPath, () => [200, { ...order, status: 'reembolsado' }]],
    ])
    const user = userEvent.setup()
    renderDetail(order)
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }))
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      expect.stringContaining(reais('Reembolsar R$ 100,00 de Conceição Araújo')),
    )
    await user.click(screen.getByRole('button', { name: 'Confirmar reembolso' }))
    await waitFor(() => expect(sent.find((s) => s.method === 'POST')?.body).toEqual({}))
  })

  it('says what is wrong beside the amount, before asking and after the server refuses it, keeping what was typed', async () => {
    serve([
      ['GET', '/api/pedidos/ped1', () => [200, testOrder()]],
      [
        'POST',
        refundPath,
        () => [
          422,
          {
            error: {
              code: 'invalid',
              message: 'Alguns campos precisam de correção.',
              fields: { valor: 'O pagamento deste pedido ainda não pode ser devolvido.' },
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderDetail()
    await user.click(screen.getByRole('radio', { name: 'Valor parcial' }))
    const field = screen.getByRole('textbox', { name: 'Valor a reembolsar (R$)' })
    await user.type(field, '150')
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }))
    expect(field).toHaveAccessibleDescription(reais('O valor não pode passar de R$ 120,00, o que resta deste pedido.'))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    await user.clear(field)
    await user.type(field, '50')
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar reembolso' }))
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Valor a reembolsar (R$)' })).toHaveAccessibleDescription(
        'O pagamento deste pedido ainda não pode ser devolvido.',
      ),
    )
    expect(screen.getByRole('textbox', { name: 'Valor a reembolsar (R$)' })).toHaveValue('50')
  })

  it('keeps the dialog open with the reason when the refund fails otherwise', async () => {
    serve([
      ['GET', '/api/pedidos/ped1', () => [200, testOrder()]],
      [
        'POST',
        refundPath,
        () => [
          503,
          {
            error: {
              code: 'pagamento-indisponivel',
              message: 'Pagamento indisponível no momento. Tente novamente em instantes.',
            },
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderDetail()
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar reembolso' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'Pagamento indisponível no momento. Tente novamente em instantes.',
    )
  })

  it('offers no refund for an order that is not paid', async () => {
    serve([['GET', '/api/pedidos/ped1', () => [200, testOrder({ status: 'aguardando_pagamento', pagoEm: null })]]])
    renderDetail(testOrder({ status: 'aguardando_pagamento', pagoEm: null }))
    expect(await screen.findByText('Aguardando pagamento')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).not.toBeInTheDocument()
  })
})

// CARD-43
describe('OrderDetail of a card order', () => {
  it('shows the card with its installments, Mercado Pago’s fees and the net, and refunds to the card', async () => {
    const order = testOrder({ pagamento: 'cartao', parcelas: 3, taxas: 5.99, liquido: 114.01 })
    serve([['GET', '/api/pedidos/ped1', () => [200, order]]])
    renderDetail(order)
    const term = (t: string) => screen.getByText(t, { selector: 'dt' }).nextElementSibling?.textContent
    expect(term('Pagamento')).toBe('Cartão 3x')
    expect(term('Taxas do Mercado Pago')).toBe(reais('R$ 5,99'))
    expect(term('Líquido')).toBe(reais('R$ 114,01'))

    await userEvent.click(screen.getByRole('button', { name: 'Reembolsar' }))
    expect(await screen.findByRole('alertdialog', { name: 'Confirmar reembolso' })).toHaveAccessibleDescription(
      expect.stringContaining(reais('Reembolsar R$ 120,00 de Conceição Araújo no cartão de origem?')),
    )
  })

  // CARD-24: a chargeback leaves the order paid, and says so.
  it('says a contested card payment beside the status', () => {
    const order = testOrder({ pagamento: 'cartao', parcelas: 1, taxas: 5.99, liquido: 114.01, contestado: true })
    serve([['GET', '/api/pedidos/ped1', () => [200, order]]])
    renderDetail(order)
    expect(screen.getByText('Situação', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Pago — contestado no cartão',
    )
  })

  it('shows a Pix order as Pix, without fees', async () => {
    const order = testOrder({ pagamento: 'pix' })
    serve([['GET', '/api/pedidos/ped1', () => [200, order]]])
    renderDetail(order)
    expect(screen.getByText('Pagamento', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Pix')
    expect(screen.queryByText('Taxas do Mercado Pago')).not.toBeInTheDocument()
  })
})
