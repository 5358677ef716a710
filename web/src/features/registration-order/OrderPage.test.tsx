import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, Route, Routes } from '../../app/routing'
import { AuthContext, type AuthUser } from '../../lib/auth'
import type { MyRegistration, Order } from '../../lib/registration/orders'
import { renderAt } from '../../lib/testing/renderAt'
import { testAuth } from '../../lib/testing/testAuth'
import { notFoundBody, serve, stubFetch, type Sent } from '../../lib/testing/fakeFetch'
import { openExternalPage } from '../../lib/platform/externalPage'
import { makeEvent } from '../../lib/testing/testEvents'
import { OrderPage } from './OrderPage'
import { RegistrationCodePage } from './RegistrationCodePage'

// The browser's navigation to Mercado Pago, which jsdom does not do.
vi.mock('../../lib/platform/externalPage', () => ({ openExternalPage: vi.fn(() => true) }))

const inThirtyMinutes = () => new Date(Date.now() + 30 * 60_000).toISOString()

function order(over: Partial<Order> = {}): Order {
  return {
    id: 'p1',
    eventId: 'e1',
    status: 'aguardando_pagamento',
    total: 179.8,
    criadoEm: new Date().toISOString(),
    expiraEm: inThirtyMinutes(),
    pagoEm: null,
    inscricoes: [
      {
        id: 'r1',
        nome: 'Ana Souza',
        percurso: '10 km',
        categoria: 'F30-34',
        camiseta: 'M',
        lote: '1º lote',
        valor: 89.9,
        desconto: 0,
        total: 89.9,
        status: 'pendente',
      },
      {
        id: 'r2',
        nome: 'Bia Souza',
        percurso: '5 km',
        categoria: 'Geral',
        camiseta: 'P',
        lote: '1º lote',
        valor: 89.9,
        desconto: 0,
        total: 89.9,
        status: 'pendente',
      },
    ],
    reembolsos: [],
    pix: { txid: 'TX1', copiaECola: '00020101021226830014br.gov.bcb.pix', qrCode: '/api/pedidos/p1/qrcode.png' },
    ...over,
  }
}

const event = makeEvent({
  id: 'e1',
  titulo: 'Corrida da Lagoa',
  retiradaKits: [{ local: 'Loja Centro', data: '2030-04-30', horarioInicio: '09:00', horarioFim: '18:00' }],
})

function openOrder(answers: { order: () => [number, unknown]; simulate?: () => [number, unknown] }) {
  const fetch = stubFetch((url) => {
    if (url.pathname === '/api/pedidos/p1') return answers.order()
    if (url.pathname === '/api/events/e1') return [200, event]
    if (url.pathname === '/_pix-sandbox/simular/TX1' && answers.simulate) return answers.simulate()
    return [404, notFoundBody]
  })
  renderAt('/inscricao/e1/pedido/p1', { '/inscricao/:eventId/pedido/:orderId': <OrderPage /> })
  return fetch
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('OrderPage', () => {
  // REG-80
  it('shows the total, the time left, the Pix QR code and its copy-and-paste code with a copy button, without the sandbox', async () => {
    // The clock stands still (only Date is faked), so the time left does not depend on how long the page took.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'))
    openOrder({ order: () => [200, order()] })
    expect(await screen.findByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeInTheDocument()
    expect(screen.getByText('R$ 179,80')).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(/^30:00$/)
    expect(screen.getByRole('img', { name: 'QR code do Pix do pedido' })).toHaveAttribute(
      'src',
      '/api/pedidos/p1/qrcode.png',
    )
    expect(screen.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue('00020101021226830014br.gov.bcb.pix')
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).not.toBeInTheDocument()

    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }))
    expect(writeText).toHaveBeenCalledWith('00020101021226830014br.gov.bcb.pix')
    // Said once the clipboard's promise has settled.
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument()
  })

  // REG-80, REG-81
  it('simulates the payment under the sandbox and turns into the confirmation with codes and QR codes', async () => {
    let paid = false
    const confirmed = order({
      status: 'pago',
      pix: undefined,
      pagoEm: new Date().toISOString(),
      inscricoes: order().inscricoes.map((r, i) => ({
        ...r,
        status: 'confirmada',
        codigo: i === 0 ? 'ABCDEFGH23' : 'HJKMNPQR45',
      })),
    })
    const fetch = openOrder({
      order: () => [200, paid ? confirmed : order({ pix: { ...order().pix!, simular: '/_pix-sandbox/simular/TX1' } })],
      simulate: () => {
        paid = true
        return [200, {}]
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Simular pagamento' }))

    expect(await screen.findByRole('heading', { name: 'Inscrição confirmada' })).toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => String(u) === '/_pix-sandbox/simular/TX1')).toBe(true)
    const cards = within(screen.getByRole('list', { name: 'Inscrições do pedido' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('ABCDEFGH23')).toBeInTheDocument()
    expect(within(cards[0]!).getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toHaveAttribute(
      'src',
      '/api/i/ABCDEFGH23/qrcode.png',
    )
    expect(await screen.findByText('Loja Centro, 30 de abril de 2030, das 09:00 às 18:00')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Minhas inscrições' })).toHaveAttribute(
      'href',
      '/dashboard?painel=atleta#minhas-inscricoes',
    )
    // REG-165: the receipt follows the confirmation.
    expect(screen.getByRole('region', { name: 'Recibo' })).toHaveTextContent('Total pagoR$ 179,80')
  })

  // REG-281
  it('shows a registration cancelled alone as cancelled, without its QR code', async () => {
    const paid = order({
      status: 'pago',
      pix: undefined,
      pagoEm: new Date().toISOString(),
      inscricoes: order().inscricoes.map((r, i) => ({
        ...r,
        status: i === 0 ? 'confirmada' : 'cancelada',
        codigo: i === 0 ? 'ABCDEFGH23' : 'HJKMNPQR45',
      })),
      reembolsos: [{ valor: 89.9, status: 'EM_PROCESSAMENTO', horario: new Date().toISOString() }],
    })
    openOrder({ order: () => [200, paid] })
    const [ana, bia] = await within(await screen.findByRole('list', { name: 'Inscrições do pedido' })).findAllByRole(
      'listitem',
    )
    expect(within(ana!).getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toBeInTheDocument()
    expect(within(ana!).queryByText('Inscrição cancelada')).not.toBeInTheDocument()
    expect(within(bia!).getByText('Inscrição cancelada')).toBeInTheDocument()
    expect(within(bia!).queryByRole('img', { name: /^QR code/ })).not.toBeInTheDocument()
  })

  // REG-81, REG-165
  it('explains an order refunded in full and keeps its receipt, refund included', async () => {
    const refunded = order({
      status: 'reembolsado',
      pix: undefined,
      pagoEm: '2026-03-01T01:30:00Z',
      reembolsos: [{ valor: 179.8, status: 'DEVOLVIDO', horario: '2026-03-02T12:00:00Z' }],
    })
    openOrder({ order: () => [200, refunded] })
    expect(await screen.findByRole('heading', { name: 'Pedido reembolsado' })).toBeInTheDocument()
    const receipt = screen.getByRole('region', { name: 'Recibo' })
    expect(within(receipt).getByRole('list', { name: 'Reembolsos' })).toHaveTextContent(
      '02/03/2026, 09:00 · DevolvidoR$ 179,80',
    )
    expect(receipt).toHaveTextContent('Pago, descontados os reembolsosR$ 0,00')
  })

  // REG-81
  it.each([
    ['expirado', 'Pedido expirado', /O prazo para pagar este pedido terminou/],
    ['cancelado', 'Pedido cancelado', /Este pedido foi cancelado/],
  ] as const)('explains an order %s and offers to register again', async (status, title, text) => {
    openOrder({ order: () => [200, order({ status, pix: undefined })] })
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fazer uma nova inscrição' })).toHaveAttribute('href', '/inscricao/e1')
    // Never paid: nothing to receipt.
    expect(screen.queryByRole('region', { name: 'Recibo' })).not.toBeInTheDocument()
  })

  it('says so when the order is not the user’s or does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the failed load is logged
    openOrder({ order: () => [404, notFoundBody] })
    expect(await screen.findByRole('heading', { name: 'Pedido não encontrado' })).toBeInTheDocument()
  })
})

// REG-85
describe('cancelling an unpaid order on its page', () => {
  // REG-170
  it('cancels after asking, then shows the order cancelled with a way to register again', async () => {
    let cancelled = false
    const fetch = stubFetch((url) => {
      if (url.pathname === '/api/pedidos/p1/cancelar') {
        cancelled = true
        return [200, order({ status: 'cancelado', pix: undefined })]
      }
      if (url.pathname === '/api/pedidos/p1')
        return [200, order({ status: cancelled ? 'cancelado' : 'aguardando_pagamento' })]
      if (url.pathname === '/api/events/e1') return [200, event]
      return [404, notFoundBody]
    })
    renderAt('/inscricao/e1/pedido/p1', { '/inscricao/:eventId/pedido/:orderId': <OrderPage /> })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar pedido?' })
    expect(dialog).toHaveAccessibleDescription(
      /As 2 vagas reservadas para este pedido serão liberadas e o código Pix deixará de valer\. Nada foi cobrado\./,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }))

    expect(await screen.findByRole('heading', { name: 'Pedido cancelado' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fazer uma nova inscrição' })).toHaveAttribute('href', '/inscricao/e1')
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.filter(([u]) => String(u) === '/api/pedidos/p1/cancelar')).toHaveLength(1)
  })

  // REG-170, REG-81
  it('shows a cancellation made elsewhere at its next read, without the sandbox payment', async () => {
    let reads = 0
    openOrder({
      order: () => [
        200,
        reads++ === 0
          ? order({ pix: { ...order().pix!, simular: '/_pix-sandbox/simular/TX1' } })
          : order({ status: 'cancelado', pix: undefined }),
      ],
    })
    expect(await screen.findByRole('button', { name: 'Simular pagamento' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Pedido cancelado' }, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
  })
})

describe('OrderPage, paid by card', () => {
  const checkoutUrl = 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc'
  const byCard = (over: Partial<Order> = {}) => order({ pagamento: 'cartao', pix: undefined, checkoutUrl, ...over })
  const withCards = makeEvent({
    ...event,
    inscricoes: { ...event.inscricoes, cartao: { ativo: true, parcelasMax: 6 } },
  })

  /** The order page at `path`, the event taking cards or not; `switched` answers POST …/pagamento. */
  function openCardOrder(opts: {
    path?: string
    order: () => Order
    cards?: boolean
    switched?: (sent: Sent) => [number, unknown]
  }) {
    const sent = serve([
      ['GET', '/api/pedidos/p1', () => [200, opts.order()]],
      ['GET', '/api/events/e1', [200, opts.cards === false ? event : withCards]],
      ['POST', '/api/pedidos/p1/pagamento', (r) => opts.switched?.(r) ?? [500, {}]],
    ])
    renderAt(opts.path ?? '/inscricao/e1/pedido/p1', { '/inscricao/:eventId/pedido/:orderId': <OrderPage /> })
    return sent
  }

  beforeEach(() => vi.mocked(openExternalPage).mockClear())

  // CARD-28
  it('offers the way to Mercado Pago with the installments, and Pix instead, which shows the Pix code', async () => {
    let current = byCard()
    const sent = openCardOrder({
      order: () => current,
      switched: () => {
        current = order({ pagamento: 'pix' })
        return [200, current]
      },
    })
    expect(await screen.findByRole('heading', { name: 'Pague com cartão para confirmar' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pagar com cartão' })).toHaveAttribute('href', checkoutUrl)
    expect(
      await screen.findByText(
        'Você paga com cartão de crédito em até 6x no site do Mercado Pago e volta para esta página.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'QR code do Pix do pedido' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Pagar com Pix' }))
    expect(await screen.findByRole('img', { name: 'QR code do Pix do pedido' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeInTheDocument()
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ pagamento: 'pix' })
    // Back on Pix, the card is offered again; nothing was opened.
    expect(screen.getByRole('button', { name: 'Pagar com cartão' })).toBeInTheDocument()
    expect(openExternalPage).not.toHaveBeenCalled()
  })

  // GRP-74: a Pix order held without its charge (the PSP failed for a coach's spreadsheet) makes it here.
  it('makes the Pix charge an order lacks', async () => {
    let current = order({ pagamento: 'pix', pix: undefined })
    const sent = openCardOrder({
      order: () => current,
      cards: false,
      switched: () => {
        current = order({ pagamento: 'pix' })
        return [200, current]
      },
    })
    expect(await screen.findByText('O Pix deste pedido ainda não foi gerado.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Gerar o Pix' }))
    expect(await screen.findByRole('img', { name: 'QR code do Pix do pedido' })).toBeInTheDocument()
    expect(sent.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/pedidos/p1/pagamento', { pagamento: 'pix' }],
    ])
  })

  // CARD-28, CARD-21
  it('switches a Pix order to the card when the event takes cards, and sends the buyer to Mercado Pago', async () => {
    const sent = openCardOrder({ order: () => order({ pagamento: 'pix' }), switched: () => [200, byCard()] })
    expect(
      await screen.findByText('Prefere cartão de crédito? Pague em até 6x no site do Mercado Pago.'),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Pagar com cartão' }))
    await waitFor(() => expect(openExternalPage).toHaveBeenCalledWith(checkoutUrl))
    expect(sent.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/pedidos/p1/pagamento', { pagamento: 'cartao' }],
    ])
  })

  it('offers no card for a Pix order of an event that takes Pix only', async () => {
    openCardOrder({ order: () => order({ pagamento: 'pix' }), cards: false })
    expect(await screen.findByRole('img', { name: 'QR code do Pix do pedido' })).toBeInTheDocument()
    // The event is read beside the order: its title shows once it is in.
    expect(await screen.findByRole('link', { name: 'Corrida da Lagoa' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pagar com cartão' })).not.toBeInTheDocument()
  })

  // CARD-21: Mercado Pago down when switching to the card.
  it('says why a switch failed and keeps the Pix code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // a 503 is logged
    const unavailable = 'Pagamento indisponível no momento. Tente novamente em instantes.'
    openCardOrder({
      order: () => order({ pagamento: 'pix' }),
      switched: () => [503, { error: { code: 'pagamento-indisponivel', message: unavailable } }],
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar com cartão' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(unavailable)
    expect(screen.getByRole('img', { name: 'QR code do Pix do pedido' })).toBeInTheDocument()
    expect(openExternalPage).not.toHaveBeenCalled()
  })

  // CARD-42
  it('says a declined card in pt-BR and offers to try again or pay by Pix', async () => {
    openCardOrder({
      path: '/inscricao/e1/pedido/p1?collection_id=9&collection_status=rejected&status=rejected&payment_type=credit_card',
      order: () => byCard(),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pagamento recusado pelo cartão: nada foi cobrado. Tente de novo, com este ou outro cartão, ou pague com Pix.',
    )
    expect(screen.getByRole('link', { name: 'Tentar de novo com cartão' })).toHaveAttribute('href', checkoutUrl)
    expect(screen.getByRole('button', { name: 'Pagar com Pix' })).toBeInTheDocument()
  })

  // CARD-42: a buyer back without paying (collection_status=null) sees the order as before.
  it('shows a return without a payment as the order awaiting it', async () => {
    openCardOrder({ path: '/inscricao/e1/pedido/p1?collection_status=null&status=null', order: () => byCard() })
    expect(await screen.findByRole('link', { name: 'Pagar com cartão' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  // CARD-28, CARD-42: back approved, the page reads the order until the notification confirmed it.
  it('waits for the approved payment and turns into the confirmation', async () => {
    let reads = 0
    const paid = byCard({
      status: 'pago',
      checkoutUrl: undefined,
      pagoEm: new Date().toISOString(),
      inscricoes: order().inscricoes.map((r, i) => ({ ...r, status: 'confirmada', codigo: `ABCDEFGH2${i}` })),
    })
    openCardOrder({
      path: '/inscricao/e1/pedido/p1?collection_status=approved&status=approved',
      order: () => (reads++ === 0 ? byCard() : paid),
    })
    expect(
      await screen.findByText(
        'O Mercado Pago aprovou o pagamento. Estamos confirmando a sua inscrição, o que leva alguns segundos.',
      ),
    ).toBeInTheDocument()
    // Nothing to pay twice with meanwhile.
    expect(screen.queryByRole('link', { name: 'Pagar com cartão' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pagar com Pix' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Inscrição confirmada' }, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Recibo' })).toHaveTextContent('Forma de pagamentoCartão de crédito')
  })

  it('says cancelling a card order ends its Mercado Pago link', async () => {
    openCardOrder({ order: () => byCard() })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    expect(await screen.findByRole('alertdialog', { name: 'Cancelar pedido?' })).toHaveAccessibleDescription(
      /serão liberadas e o link de pagamento do Mercado Pago deixará de valer\. Nada foi cobrado\./,
    )
  })

  it('says a card order refunded went back to the card', async () => {
    openCardOrder({
      order: () =>
        byCard({
          status: 'reembolsado',
          checkoutUrl: undefined,
          pagoEm: '2026-03-01T01:30:00Z',
          reembolsos: [{ valor: 179.8, status: 'DEVOLVIDO', horario: '2026-03-02T12:00:00Z' }],
        }),
    })
    expect(
      await screen.findByText(
        'O valor deste pedido foi estornado no cartão de crédito e as inscrições foram canceladas.',
      ),
    ).toBeInTheDocument()
  })
})

describe('RegistrationCodePage', () => {
  function openCode(answer: [number, unknown]) {
    stubFetch((url) => (url.pathname === '/api/i/ABCDEFGH23' ? answer : [404, notFoundBody]))
    renderAt('/i/ABCDEFGH23', {
      '/i/:codigo': <RegistrationCodePage />,
      '/retirada/:eventId': <p>balcão</p>,
      '/inscricao/:eventId/pedido/:orderId': <p>pedido</p>,
      '/dashboard': <p>painel</p>,
    })
  }

  it.each([
    [{ role: 'equipe', eventId: 'e1', codigo: 'ABCDEFGH23' }, 'balcão'],
    [{ role: 'atleta', eventId: 'e1', codigo: 'ABCDEFGH23', pedidoId: 'p1' }, 'pedido'],
  ])('leads %o to the %s', async (answer, where) => {
    openCode([200, answer])
    expect(await screen.findByText(where)).toBeInTheDocument()
  })

  it('shows nothing personal to anyone else', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the failed load is logged
    openCode([404, { error: { code: 'not-found', message: 'Inscrição não encontrada.' } }])
    expect(await screen.findByRole('heading', { name: 'Inscrição não encontrada' })).toBeInTheDocument()
  })

  const friend: AuthUser = {
    uid: 'u2',
    email: 'caio.lima@exemplo.com.br',
    displayName: 'Caio',
    createdAt: '',
    emailVerificado: true,
  }
  const caio: MyRegistration = {
    id: 'r2',
    codigo: 'ABCDEFGH23',
    nome: 'Caio Lima',
    percurso: '10 km',
    categoria: 'M30-34',
    camiseta: 'G',
    lote: '1º lote',
    valor: 89.9,
    desconto: 0,
    total: 89.9,
    status: 'confirmada',
    pedidoId: 'p1',
    pedidoStatus: 'pago',
    comprador: false,
    numeroPeito: 512,
    equipe: '',
    contatoEmergencia: { nome: '', telefone: '' },
    cancelamento: null,
    reembolsos: [],
    resultado: null,
    evento: { id: 'e1', titulo: 'Corrida da Lagoa', dataEvento: '2030-05-01', edicaoAte: null, tamanhosCamiseta: [] },
  }

  function openAs(user: AuthUser, answers: (url: URL) => [number, unknown]) {
    const fetch = stubFetch(answers)
    render(
      <AuthContext.Provider value={testAuth(user)}>
        <MemoryRouter initialEntries={['/i/ABCDEFGH23']}>
          <Routes>
            <Route path="/i/:codigo" element={<RegistrationCodePage />} />
            <Route path="/dashboard" element={<p>painel</p>} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>,
    )
    return fetch
  }

  // REG-261: the athlete of another buyer's order, verified, reads their registration here.
  it("shows the athlete's own registration, with its QR code, and leads to Minhas inscrições", async () => {
    openAs(friend, (url) => {
      if (url.pathname === '/api/i/ABCDEFGH23') return [200, { role: 'atleta', eventId: 'e1', codigo: 'ABCDEFGH23' }]
      if (url.pathname === '/api/me/inscricoes')
        return [200, { inscricoes: [{ ...caio, id: 'r9', codigo: 'ZZZZZZZZ99', nome: 'Outra' }, caio] }]
      return [404, notFoundBody]
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Corrida da Lagoa' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Caio Lima' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toHaveAttribute(
      'src',
      '/api/i/ABCDEFGH23/qrcode.png',
    )
    expect(screen.getByText('Modalidade: 10 km')).toBeInTheDocument()
    expect(screen.getByText('Número de peito: 512')).toBeInTheDocument()
    expect(screen.queryByText('Outra')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver minhas inscrições' })).toHaveAttribute(
      'href',
      '/dashboard?painel=atleta#minhas-inscricoes',
    )
  })

  it('leads to Minhas inscrições when the list does not hold the code', async () => {
    openAs(friend, (url) =>
      url.pathname === '/api/i/ABCDEFGH23'
        ? [200, { role: 'atleta', eventId: 'e1', codigo: 'ABCDEFGH23' }]
        : [200, { inscricoes: [] }],
    )
    expect(await screen.findByText('painel')).toBeInTheDocument()
  })

  // REG-262: signed in with the athlete's address not yet confirmed, the page says so and sends the link again.
  it('asks an unverified account to confirm its e-mail, and sends the link again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the 404 is logged
    const user = userEvent.setup()
    const fetch = openAs({ ...friend, emailVerificado: false }, (url) =>
      url.pathname === '/api/auth/email-verification' ? [202, {}] : [404, notFoundBody],
    )
    expect(
      await screen.findByRole('heading', { name: 'Confirme seu e-mail para ver esta inscrição' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          /^Se ela foi feita em seu nome, para caio\.lima@exemplo\.com\.br, ela aparece aqui/.test(
            el.textContent ?? '',
          ),
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Inscrição não encontrada' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Enviamos um novo link. Verifique sua caixa de entrada.',
    )
    expect(fetch).toHaveBeenCalledWith('/api/auth/email-verification', expect.objectContaining({ method: 'POST' }))
  })
})
