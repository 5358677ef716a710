import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import constants from '../../../../internal/registration/constants.json'
import { MemoryRouter, Route, Routes } from '../../app/routing'
import { AuthProvider } from '../../lib/auth'
import type { Offer } from '../../lib/events/registrationOffer'
import { openExternalPage } from '../../lib/platform/externalPage'
import { stubFetch } from '../../lib/testing/fakeFetch'
import { emptyAthlete, type SavedDraft } from './athleteForm'
import { RegistrationPage } from './RegistrationPage'

const offer: Offer = {
  aberta: true,
  dataProva: '2099-12-31',
  lote: { nome: '1º Lote', dataLimite: '2099-12-31', restantes: null },
  modalidades: [{ nome: '10 km', valor: 99.9, vagasRestantes: null }],
  tamanhosCamiseta: ['P', 'M', 'G'],
  meiaEntradaIdoso: true,
}

// The browser's navigation to Mercado Pago, which jsdom does not do.
vi.mock('../../lib/platform/externalPage', () => ({ openExternalPage: vi.fn(() => true) }))

const limitMessage = constants.messages.limiteInscricoes.replace('{max}', '10').replace('{atual}', '10')

/**
 * The form of event ev1 for a signed-in buyer (or a visitor) whose draft is complete; the order is
 * answered `order`, the paths of `more` as given, the offer changed by `offerOver`, the page opened at `path`.
 */
function renderForm(
  order: [number, unknown],
  signedIn = true,
  {
    path = '/inscricao/ev1',
    more = {},
    offerOver = {},
  }: { path?: string; more?: Record<string, [number, unknown]>; offerOver?: Partial<Offer> } = {},
) {
  const saved: SavedDraft = {
    idempotencyKey: 'chave-1',
    draft: {
      cupom: '',
      atletas: [
        {
          ...emptyAthlete(),
          nome: 'Ana Maria Souza',
          documento: '529.982.247-25',
          nascimento: '12/05/1990',
          sexo: 'F',
          celular: '(11) 98765-4321',
          percurso: '10 km',
          camiseta: 'M',
          contatoNome: 'João Souza',
          contatoTelefone: '11 3333-4444',
          aceite: true,
        },
      ],
    },
  }
  sessionStorage.setItem('pelotao:inscricao:ev1', JSON.stringify(saved))
  const fetch = stubFetch((url) => {
    if (url.pathname in more) return more[url.pathname]!
    switch (url.pathname) {
      case '/api/auth/session':
        return [
          200,
          {
            user: signedIn
              ? { uid: 'u1', email: 'ana@exemplo.com.br', displayName: 'Ana', createdAt: '', emailVerificado: true }
              : null,
          },
        ]
      case '/api/events/ev1':
        return [200, { id: 'ev1', titulo: 'Corrida Grátis', regulamentoUrl: '', regulamento: '' }]
      case '/api/events/ev1/inscricao':
        return [200, { ...offer, ...offerOver }]
      case '/api/events/ev1/inscricao/cotacao':
        return [
          200,
          {
            itens: [
              {
                valor: 0,
                desconto: 0,
                total: 0,
                categoria: 'Geral',
                lote: '1º Lote',
                cupom: false,
                meiaEntrada: false,
              },
            ],
            total: 0,
          },
        ]
      case '/api/events/ev1/pedidos':
        return order
    }
    return [404, { error: { code: 'not-found', message: 'Não encontrado.' } }]
  })
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/inscricao/:eventId" element={<RegistrationPage />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  )
  return fetch
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(openExternalPage).mockClear()
  sessionStorage.clear()
})

/** The bodies of the orders the form sent. */
const ordersSent = (fetch: ReturnType<typeof renderForm>) =>
  (fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
    .filter(([input]) => String(input).endsWith('/pedidos'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)

// REG-192
describe('the registration form at the account limit', () => {
  it('shows the server’s 409 limite-inscricoes below the athletes, before "Adicionar atleta", and keeps the draft', async () => {
    renderForm([409, { error: { code: 'limite-inscricoes', message: limitMessage } }])
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))

    const said = await screen.findByText(limitMessage)
    expect(said).toHaveAttribute('id', 'atletas-limite')
    await waitFor(() => expect(said).toHaveFocus())
    const add = screen.getByRole('button', { name: 'Adicionar atleta' })
    expect(said.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByLabelText(/Nome completo/)).toHaveValue('Ana Maria Souza')
  })

  it('says it no more once the athletes change, and the next order goes with a new key', async () => {
    const fetch = renderForm([409, { error: { code: 'limite-inscricoes', message: limitMessage } }])
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    await screen.findByText(limitMessage)

    await userEvent.type(screen.getByLabelText(/Nome completo/), ' Lima')
    expect(screen.queryByText(limitMessage)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }))
    await screen.findByText(limitMessage)

    // The stub's own signature takes the URL only; the page passes the request's init too.
    const keys = (fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
      .filter(([input]) => String(input).endsWith('/pedidos'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe('chave-1')
    expect(keys[1]).not.toBe('chave-1')
  })
})

// REG-290
describe('a field error once the field is corrected', () => {
  it('clears that field’s error as soon as its value changes, and keeps the others’', async () => {
    renderForm([
      422,
      {
        error: {
          code: 'validacao',
          message: 'Confira os campos.',
          fields: { 'atletas.0.celular': 'Informe um celular com DDD.', 'atletas.0.equipe': 'Use até 120 caracteres.' },
        },
      },
    ])
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    const celular = screen.getByLabelText('Celular com DDD')
    await waitFor(() => expect(celular).toHaveAccessibleDescription('Informe um celular com DDD.'))

    await userEvent.type(celular, '1')
    expect(celular).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText('Informe um celular com DDD.')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Equipe ou assessoria (opcional)')).toHaveAccessibleDescription(
      'Use até 120 caracteres.',
    )
  })
})

// REG-293
describe('a field in error', () => {
  it('has a red border and its message as its description', async () => {
    renderForm([
      422,
      {
        error: {
          code: 'validacao',
          message: 'Confira os campos.',
          fields: { 'atletas.0.equipe': 'Use até 120 caracteres.' },
        },
      },
    ])
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    const equipe = screen.getByLabelText('Equipe ou assessoria (opcional)')
    await waitFor(() => expect(equipe).toHaveAttribute('aria-invalid', 'true'))
    expect(equipe.className).toContain('aria-[invalid=true]:border-red-600')
    expect(equipe).toHaveAttribute('aria-describedby', 'atleta-0-equipe-erro')
    expect(document.getElementById('atleta-0-equipe-erro')).toHaveTextContent('Use até 120 caracteres.')
  })
})

// REG-291
describe('a document already registered', () => {
  it('is said beside the CPF and by the summary, not as "Preencha os dados…", until the CPF changes', async () => {
    const taken = 'Este documento já está inscrito neste evento.'
    renderForm([409, { error: { code: 'ja-inscrito', message: taken, fields: { 'atletas.0.documento': taken } } }])
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' })
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    const cpf = screen.getByLabelText('CPF')
    await waitFor(() => expect(cpf).toHaveAccessibleDescription(taken))
    expect(summary).toHaveTextContent('Corrija o documento de Ana Maria Souza.')
    expect(summary).not.toHaveTextContent('Preencha os dados')

    await userEvent.clear(cpf)
    await userEvent.type(cpf, '39053344705')
    expect(cpf).not.toHaveAttribute('aria-invalid')
    expect(summary).not.toHaveTextContent('Corrija o documento')
  })
})

// REG-294
describe('a visitor’s total', () => {
  it('is estimated from the offer, with the 60+ half price, without asking for the signed-in quote', async () => {
    const fetch = renderForm([401, { error: { code: 'nao-autenticado', message: 'Entre.' } }], false)
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' })
    // The summary's body is loaded after the form's first paint.
    await waitFor(() => expect(summary).toHaveTextContent(/Ana Maria SouzaR\$\s99,90/))
    expect(summary).toHaveTextContent(/Total estimado \(confirmado após entrar\)R\$\s99,90/)

    const nascimento = screen.getByLabelText('Data de nascimento')
    await userEvent.clear(nascimento)
    await userEvent.type(nascimento, '01011950')
    expect(summary).toHaveTextContent(/desconto R\$\s49,95 \(60\+\)/)
    expect(summary).toHaveTextContent(/Total estimado \(confirmado após entrar\)R\$\s49,95/)
    expect(fetch.mock.calls.map(([input]) => String(input)).filter((u) => u.includes('/cotacao'))).toEqual([])
  })
})

// CARD-40
describe('the payment method', () => {
  const cards: Partial<Offer> = { pagamentos: ['pix', 'cartao'], parcelasMax: 6 }
  const checkoutUrl = 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc'

  it('is chosen by keyboard between Pix and the card with its installments, and a card order goes to Mercado Pago', async () => {
    const fetch = renderForm([201, { id: 'p1', pagamento: 'cartao', checkoutUrl }], true, { offerOver: cards })
    const group = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' })
    const pix = within(group).getByRole('radio', { name: 'Pix' })
    const card = within(group).getByRole('radio', { name: 'Cartão de crédito em até 6x' })
    expect(pix).toBeChecked()
    expect(group).toHaveAccessibleDescription('O QR code e o código Pix aparecem na próxima página.')

    pix.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(card).toBeChecked()
    expect(card).toHaveFocus()
    expect(group).toHaveAccessibleDescription(
      'Ao continuar, você vai para o Mercado Pago, paga com o cartão e volta para cá.',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(openExternalPage).toHaveBeenCalledWith(checkoutUrl))
    expect(ordersSent(fetch).map((b) => b.pagamento)).toEqual(['cartao'])
    // The order exists: the draft is gone.
    expect(sessionStorage.getItem('pelotao:inscricao:ev1')).toBeNull()
  })

  it('is not asked when the event takes Pix only, and says "Cartão de crédito" alone without installments', async () => {
    const fetch = renderForm([201, { id: 'p1', pagamento: 'pix' }], true, {
      offerOver: { pagamentos: ['pix'], parcelasMax: 1 },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(ordersSent(fetch)).toHaveLength(1))
    expect(ordersSent(fetch)[0]!.pagamento).toBe('pix')
    expect(screen.queryByRole('radiogroup', { name: 'Forma de pagamento' })).not.toBeInTheDocument()
    expect(openExternalPage).not.toHaveBeenCalled()
  })

  it('names the card without installments when the event allows one', async () => {
    renderForm([201, { id: 'p1' }], true, { offerOver: { pagamentos: ['pix', 'cartao'], parcelasMax: 1 } })
    expect(await screen.findByRole('radio', { name: 'Cartão de crédito' })).toBeInTheDocument()
  })

  it('is not sent to a server whose offer names no methods', async () => {
    const fetch = renderForm([201, { id: 'p1' }])
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(ordersSent(fetch)).toHaveLength(1))
    expect(ordersSent(fetch)[0]).not.toHaveProperty('pagamento')
  })

  // CARD-41
  it('keeps everything typed when Mercado Pago is down, says so, and still takes Pix', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // a 503 is logged
    const fetch = renderForm(
      [
        503,
        {
          error: {
            code: 'pagamento-indisponivel',
            message: 'Pagamento indisponível no momento. Tente novamente em instantes.',
          },
        },
      ],
      true,
      { offerOver: cards },
    )
    await userEvent.click(await screen.findByRole('radio', { name: 'Cartão de crédito em até 6x' }))
    await userEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }))
    const said =
      'O pagamento com cartão está indisponível no momento. Tente novamente em instantes ou escolha Pix em “Forma de pagamento”.'
    const banner = await screen.findByText(said)
    await waitFor(() => expect(banner).toHaveFocus())
    expect(screen.getByLabelText(/Nome completo/)).toHaveValue('Ana Maria Souza')
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25')
    expect(openExternalPage).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('radio', { name: 'Pix' }))
    expect(screen.queryByText(said)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(ordersSent(fetch).map((b) => b.pagamento)).toEqual(['cartao', 'pix']))
  })
})

// GRP-24: the form opened with a group's link names the group, shows its tiers and sends its code
// with the quote and the order; a code the event has not: a note, and the form works without it.
describe('a group link', () => {
  const bodies = (fetch: ReturnType<typeof renderForm>, end: string) =>
    (fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
      .filter(([input]) => String(input).endsWith(end))
      .map(([, init]) => JSON.parse(String(init?.body)) as { grupo?: string })

  it('names the assessoria and sends its code; the quote names the group discount', async () => {
    const item = {
      valor: 99.9,
      desconto: 9.99,
      total: 89.91,
      categoria: 'Geral',
      lote: '1º Lote',
      cupom: false,
      meiaEntrada: false,
    }
    const fetch = renderForm([201, { id: 'p1' }], true, {
      path: '/inscricao/ev1?grupo=k7m2p9qa',
      more: {
        '/api/events/ev1/grupos/k7m2p9qa': [200, { nome: 'Corre Recife', codigo: 'K7M2P9QA' }],
        '/api/events/ev1/inscricao': [
          200,
          {
            ...offer,
            descontosGrupo: [
              { minimo: 10, percentual: 10 },
              { minimo: 30, percentual: 15 },
            ],
          },
        ],
        '/api/events/ev1/inscricao/cotacao': [200, { itens: [{ ...item, descontoGrupo: 10 }], total: 89.91 }],
      },
    })
    const note = await screen.findByText('Você está se inscrevendo com a assessoria Corre Recife')
    expect(note).toHaveAttribute('role', 'status')
    expect(note).toHaveTextContent('Desconto de grupo: 10% a partir de 10 inscrições; 15% a partir de 30 inscrições.')
    expect(await screen.findByText(/Desconto de grupo 10%: R\$\s9,99/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(bodies(fetch, '/pedidos')).toHaveLength(1))
    expect(bodies(fetch, '/pedidos')[0]!.grupo).toBe('K7M2P9QA')
    expect(bodies(fetch, '/cotacao').every((b) => b.grupo === 'K7M2P9QA')).toBe(true)
  })

  it('of another event says so, and the order goes without a group', async () => {
    const fetch = renderForm([201, { id: 'p1' }], true, { path: '/inscricao/ev1?grupo=OUTRO123' })
    expect(
      await screen.findByText(
        'Este link de grupo não vale para este evento. Você pode se inscrever normalmente, sem grupo.',
      ),
    ).toHaveAttribute('role', 'status')
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }))
    await waitFor(() => expect(bodies(fetch, '/pedidos')).toHaveLength(1))
    expect(bodies(fetch, '/pedidos')[0]).not.toHaveProperty('grupo')
  })
})
