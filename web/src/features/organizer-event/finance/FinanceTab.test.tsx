import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeEvent } from '../../../lib/testing/testEvents'
import { serve } from '../../../lib/testing/fakeFetch'
import { FinanceTab } from './FinanceTab'
import type { Finance } from './financeApi'
import { testFinance, testOrder } from './testOrders'

afterEach(() => vi.unstubAllGlobals())

const base = '/api/events/ev1'
const reais = (text: string) => text.replace(/R\$ /g, 'R$\u00a0')

function renderTab() {
  return render(<FinanceTab event={makeEvent()} onForbidden={() => {}} />)
}

/** The figure a <dl> gives for a term. */
function figure(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))

describe('FinanceTab', () => {
  // REG-131, REG-132: the money in pt-BR reais, the orders by status, by lot, modality and day.
  it('shows received, refunded and net in reais, the orders by status and the shares by lot, modality and day', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [200, testFinance]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [], total: 0, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
    ])
    renderTab()
    expect(await screen.findByRole('heading', { name: 'Resumo financeiro' })).toBeInTheDocument()
    expect(figure('Recebido (bruto)')).toBe(reais('R$ 12.345,60'))
    expect(figure('Reembolsado')).toBe(reais('R$ 45,60'))
    expect(figure('Líquido')).toBe(reais('R$ 12.300,00'))
    expect([
      figure('Pedidos pagos'),
      figure('Aguardando pagamento'),
      figure('Expirados'),
      figure('Cancelados'),
      figure('Reembolsados'),
    ]).toEqual(['98', '7', '12', '3', '2'])

    expect(rowsOf(screen.getByRole('table', { name: 'Por lote' }))).toEqual([
      ['1º Lote', '60', reais('R$ 6.345,60')],
      ['2º Lote', '40', reais('R$ 6.000,00')],
    ])
    // Modalities in their natural order: 5 km before 10 km.
    expect(rowsOf(screen.getByRole('table', { name: 'Por modalidade' }))).toEqual([
      ['5 km', '30', reais('R$ 3.000,00')],
      ['10 km', '70', reais('R$ 9.345,60')],
    ])
    // Days in calendar order, as written in Brazil, never a day off.
    expect(rowsOf(screen.getByRole('table', { name: 'Vendas por dia' }))).toEqual([
      ['01/11/2026', '90', reais('R$ 11.145,60')],
      ['02/11/2026', '10', reais('R$ 1.200,00')],
    ])
    // The chart writes each day and its amount as text, hidden from screen readers (the table says it).
    const chart = screen.getByRole('figure', { name: 'Vendas por dia' }).querySelector('svg')!
    expect(chart).toHaveAttribute('aria-hidden', 'true')
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '01/11',
      reais('R$ 11.145,60'),
      '02/11',
      reais('R$ 1.200,00'),
    ])

    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', `${base}/pedidos.csv`)
  })

  // REG-237: the day's reconciliation with the bank's statement, and each Pix needing attention with why.
  // GRP-23: the gross by group, by name, only for an event whose groups have paid registrations.
  it('shows the paid registrations of each group, and no group table without any', async () => {
    const porGrupo = {
      'Corre Recife': { inscricoes: 12, valor: 970.92 },
      'Assessoria Pé Quente': { inscricoes: 3, valor: 269.7 },
    }
    let finance: Finance = { ...testFinance, porGrupo }
    serve([
      ['GET', `${base}/financeiro`, () => [200, finance]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [], total: 0, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
    ])
    const { unmount } = renderTab()
    const table = await screen.findByRole('table', { name: 'Por grupo' })
    expect(within(table).getByRole('columnheader', { name: 'Grupo' })).toBeInTheDocument()
    expect(rowsOf(table)).toEqual([
      ['Assessoria Pé Quente', '3', reais('R$ 269,70')],
      ['Corre Recife', '12', reais('R$ 970,92')],
    ])
    unmount()
    finance = testFinance
    renderTab()
    expect(await screen.findByRole('table', { name: 'Por modalidade' })).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Por grupo' })).toBeNull()
  })

  it("shows the day's reconciliation: received, matched, returned and those needing attention", async () => {
    const conciliacao = {
      dia: '2026-11-03',
      inicio: '2026-10-31T06:00:00Z',
      fim: '2026-11-03T06:00:00Z',
      concluidaEm: '2026-11-03T06:00:05Z',
      recebidos: { quantidade: 12, valor: 1078.8 },
      conferidos: { quantidade: 10, valor: 899 },
      devolvidos: { quantidade: 1, valor: 89.9 },
      atencao: { quantidade: 1, valor: 89.9 },
      pendencias: [
        {
          endToEndId: 'E00000000202611021200ABCDEFGHIJK',
          valor: 89.9,
          horario: '2026-11-02T15:00:00Z',
          pedidoId: 'ped7',
          motivo: 'Devolução pedida ao banco e ainda não concluída.',
        },
      ],
    }
    serve([
      ['GET', `${base}/financeiro`, () => [200, { ...testFinance, conciliacao }]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [], total: 0, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
    ])
    renderTab()
    const section = await screen.findByRole('region', { name: 'Conciliação do dia' })
    expect(section).toHaveTextContent(
      'Pix recebidos de 31/10/2026, 03:00 a 03/11/2026, 03:00, conferidos com o extrato do banco em 03/11/2026, 03:00. Os Pix de antes que ainda precisavam de atenção são conferidos de novo a cada dia.',
    )
    expect([figure('Recebidos'), figure('Conferidos'), figure('Devolvidos'), figure('Precisam de atenção')]).toEqual([
      reais('12 · R$ 1.078,80'),
      reais('10 · R$ 899,00'),
      reais('1 · R$ 89,90'),
      reais('1 · R$ 89,90'),
    ])
    expect(rowsOf(within(section).getByRole('table', { name: 'Pix que precisam de atenção' }))).toEqual([
      [
        '02/11/2026, 12:00',
        reais('R$ 89,90'),
        'ped7',
        'Devolução pedida ao banco e ainda não concluída.',
        'E00000000202611021200ABCDEFGHIJK',
      ],
    ])
  })

  // REG-272: a refund asked shows at once as in progress, the figures read again after it.
  it('shows a refund just asked as in progress, apart from what was returned', async () => {
    let refunded = false
    const order = testOrder()
    serve([
      [
        'GET',
        `${base}/financeiro`,
        () => [200, refunded ? { ...testFinance, reembolsoEmProcessamento: 120 } : testFinance],
      ],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [order], total: 1, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
      ['GET', '/api/pedidos/ped1', () => [200, order]],
      [
        'POST',
        `${base}/pedidos/ped1/reembolso`,
        () => {
          refunded = true
          return [
            200,
            testOrder({ reembolsos: [{ valor: 120, status: 'EM_PROCESSAMENTO', horario: '2026-11-22T12:00:00Z' }] }),
          ]
        },
      ],
    ])
    const user = userEvent.setup()
    renderTab()
    expect(await screen.findByRole('heading', { name: 'Resumo financeiro' })).toBeInTheDocument()
    expect(screen.queryByText(/Reembolsos em processamento/)).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Conceição Araújo' }))
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }))
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Confirmar reembolso' })).getByRole('button', {
        name: 'Confirmar reembolso',
      }),
    )
    // (The matcher collapses the money's no-break space, so it is written as a space here.)
    expect(await screen.findByText('Reembolsos em processamento: R$ 120,00')).toBeInTheDocument()
    expect(figure('Reembolsado')).toBe(reais('R$ 45,60'))
  })

  it('says when no daily reconciliation has run yet', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [200, testFinance]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [], total: 0, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
    ])
    renderTab()
    const section = await screen.findByRole('region', { name: 'Conciliação do dia' })
    expect(section).toHaveTextContent('A conciliação diária com o extrato do banco ainda não foi feita.')
    expect(within(section).queryByRole('table')).not.toBeInTheDocument()
  })

  // REG-133: search, status filter and cursor paging are the server's; the list sends them.
  it('searches, filters by status and pages the orders with the server cursor', async () => {
    const sent = serve([
      ['GET', `${base}/financeiro`, () => [200, testFinance]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
      [
        'GET',
        `${base}/pedidos`,
        ({ url }) =>
          url.searchParams.get('cursor') === 'c2'
            ? [
                200,
                {
                  pedidos: [
                    testOrder({
                      id: 'ped2',
                      status: 'expirado',
                      inscricoes: [{ ...testOrder().inscricoes[0]!, nome: 'Inês Müller' }],
                    }),
                  ],
                  total: 2,
                  nextCursor: null,
                },
              ]
            : [200, { pedidos: [testOrder()], total: 2, nextCursor: 'c2' }],
      ],
    ])
    const user = userEvent.setup()
    renderTab()
    const orders = await screen.findByRole('table', { name: 'Lista de pedidos' })
    expect(rowsOf(orders)).toEqual([['Conceição Araújo', '20/11/2026, 10:00', 'Pago', 'Pix', '1', reais('R$ 120,00')]])
    expect(screen.getByText('2 pedidos encontrados')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Próxima' }))
    expect(await screen.findByRole('button', { name: 'Inês Müller' })).toBeInTheDocument()
    expect(screen.getByText('Página 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Anterior' }))
    expect(await screen.findByRole('button', { name: 'Conceição Araújo' })).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Reembolsado')
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome, CPF, código da inscrição ou nº do pedido' }),
      'K7M2',
    )
    await waitFor(() =>
      expect(
        sent.some(
          (s) =>
            s.url.pathname === `${base}/pedidos` &&
            s.url.searchParams.get('q') === 'K7M2' &&
            s.url.searchParams.get('status') === 'reembolsado',
        ),
      ).toBe(true),
    )
    const last = sent.filter((s) => s.url.pathname === `${base}/pedidos`).at(-1)!
    // A new search starts at the first page.
    expect(last.url.searchParams.has('cursor')).toBe(false)
    expect(last.url.searchParams.get('limit')).toBe('50')
  })

  it('says so when the figures cannot be read, and still lists the orders', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [500, { error: { code: 'internal', message: 'Erro.' } }]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [testOrder()], total: 1, nextCursor: null }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
    ])
    renderTab()
    expect(await screen.findByText('Não foi possível carregar o financeiro. Tente novamente.')).toBeInTheDocument()
    expect(await screen.findByText('1 pedido encontrado')).toBeInTheDocument()
  })

  it('calls onForbidden when the figures answer 403 (the member lost the role)', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }]],
      ['GET', `${base}/pedidos`, () => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }]],
      ['GET', `${base}/cupons`, () => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }]],
    ])
    const onForbidden = vi.fn()
    render(<FinanceTab event={makeEvent()} onForbidden={onForbidden} />)
    await waitFor(() => expect(onForbidden).toHaveBeenCalled())
  })
})

// CARD-43
describe('FinanceTab with card payments', () => {
  const porMetodo = {
    pix: { bruto: 2000, reembolsado: 100, liquido: 1900 },
    cartao: { bruto: 1000.5, reembolsado: 50, taxas: 49.92, liquido: 900.58 },
  }

  it('shows gross, refunded, fees and net by method, and each order’s method and installments', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [200, { ...testFinance, porMetodo }]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
      [
        'GET',
        `${base}/pedidos`,
        () => [
          200,
          {
            pedidos: [
              testOrder({ id: 'ped3', pagamento: 'cartao', parcelas: 3, taxas: 5.99, liquido: 114.01 }),
              testOrder({ id: 'ped2', pagamento: 'cartao', status: 'aguardando_pagamento', parcelas: null }),
              testOrder({ id: 'ped1', pagamento: 'pix' }),
            ],
            total: 3,
            nextCursor: null,
          },
        ],
      ],
    ])
    renderTab()
    const byMethod = await screen.findByRole('table', { name: 'Por forma de pagamento' })
    expect(rowsOf(byMethod)).toEqual([
      ['Pix', reais('R$ 2.000,00'), reais('R$ 100,00'), '—', reais('R$ 1.900,00')],
      ['Cartão', reais('R$ 1.000,50'), reais('R$ 50,00'), reais('R$ 49,92'), reais('R$ 900,58')],
    ])
    const orders = await screen.findByRole('table', { name: 'Lista de pedidos' })
    expect(rowsOf(orders).map((r) => r[3])).toEqual(['Cartão 3x', 'Cartão', 'Pix'])
  })

  it('leaves the split out for a server that sells by Pix only', async () => {
    serve([
      ['GET', `${base}/financeiro`, () => [200, testFinance]],
      ['GET', `${base}/cupons`, () => [200, { cupons: [] }]],
      ['GET', `${base}/pedidos`, () => [200, { pedidos: [], total: 0, nextCursor: null }]],
    ])
    renderTab()
    expect(await screen.findByRole('heading', { name: 'Resumo financeiro' })).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Por forma de pagamento' })).not.toBeInTheDocument()
  })
})
