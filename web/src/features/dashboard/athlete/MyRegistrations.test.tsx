import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../../app/routing'
import { AuthContext } from '../../../lib/auth'
import type { MyRegistration } from '../../../lib/registration/orders'
import { serve, type Answer, type Sent } from '../../../lib/testing/fakeFetch'
import { testAuth } from '../../../lib/testing/testAuth'
import { todayISO } from '../../../lib/text/format'
import { MyRegistrations } from './MyRegistrations'

function registration(over: Partial<MyRegistration>): MyRegistration {
  return {
    id: 'r1',
    codigo: 'ABCDEFGH23',
    nome: 'Carla Dias',
    percurso: '10 km',
    categoria: 'F30-34',
    camiseta: 'M',
    lote: '1º lote',
    valor: 89.9,
    desconto: 0,
    total: 89.9,
    status: 'confirmada',
    pedidoId: 'p1',
    pedidoStatus: 'pago',
    comprador: true,
    numeroPeito: null,
    equipe: '',
    contatoEmergencia: { nome: 'José Dias', telefone: '(85) 3333-4444' },
    evento: {
      id: 'corrida-da-lagoa-2030',
      titulo: 'Corrida da Lagoa',
      dataEvento: '2030-05-01',
      edicaoAte: '2030-04-24',
      tamanhosCamiseta: ['P', 'M', 'G'],
    },
    cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 89.9, motivo: null },
    reembolsos: [],
    resultado: null,
    ...over,
  }
}

/** Answers GET /api/me/inscricoes with each list in turn (the last one again), and other requests with `other`; returns the requests sent. */
function serveLists(lists: MyRegistration[][], other: Answer | ((sent: Sent) => Answer) = [200, {}]) {
  let reads = 0
  return serve([
    ['GET', '/api/me/inscricoes', () => [200, { inscricoes: lists[Math.min(reads++, lists.length - 1)] }]],
    ['*', /^/, (sent) => (typeof other === 'function' ? other(sent) : other)],
  ])
}

function show() {
  render(
    <MemoryRouter>
      <MyRegistrations />
    </MemoryRouter>,
  )
}

afterEach(() => vi.unstubAllGlobals())

// REG-83
describe('MyRegistrations', () => {
  it('lists each registration with its event, status, bib, QR code and, for its buyer, the order', async () => {
    const sent = serveLists([
      [
        registration({ numeroPeito: 512 }),
        registration({
          id: 'r2',
          codigo: 'HJKMNPQR45',
          nome: 'Dani Dias',
          comprador: false,
          pedidoId: 'p2',
          cancelamento: null,
        }),
        registration({
          id: 'r3',
          codigo: undefined,
          status: 'pendente',
          pedidoStatus: 'aguardando_pagamento',
          pedidoId: 'p3',
          cancelamento: null,
        }),
      ],
    ])
    show()
    expect(screen.getByText('Carregando suas inscrições...')).toBeInTheDocument()
    const items = await screen.findAllByRole('listitem')
    expect(sent[0]!.path).toBe('/api/me/inscricoes')
    expect(items).toHaveLength(3)

    const paid = within(items[0]!)
    expect(paid.getByRole('heading', { name: 'Corrida da Lagoa' })).toBeInTheDocument()
    expect(paid.getByText('01/05/2030')).toBeInTheDocument()
    expect(paid.getByText('Confirmada')).toBeInTheDocument()
    expect(paid.getByText('Número de peito: 512')).toBeInTheDocument()
    expect(paid.getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toHaveAttribute(
      'src',
      '/api/i/ABCDEFGH23/qrcode.png',
    )
    expect(paid.getByRole('link', { name: 'Ver pedido' })).toHaveAttribute(
      'href',
      '/inscricao/corrida-da-lagoa-2030/pedido/p1',
    )
    // REG-166: the receipt, named after the registration it is for.
    expect(paid.getByRole('link', { name: 'Recibo da inscrição de Carla Dias em Corrida da Lagoa' })).toHaveAttribute(
      'href',
      '/inscricao/corrida-da-lagoa-2030/pedido/p1#recibo',
    )

    // Bought by someone else for this account's e-mail: no order to open, no bib yet, nothing to cancel.
    const theirs = within(items[1]!)
    expect(theirs.queryByRole('link')).not.toBeInTheDocument()
    expect(theirs.queryByText(/Número de peito/)).not.toBeInTheDocument()
    expect(theirs.queryByRole('button', { name: /^Cancelar a inscrição/ })).not.toBeInTheDocument()

    const awaiting = within(items[2]!)
    expect(awaiting.getByText('Aguardando pagamento')).toBeInTheDocument()
    expect(awaiting.queryByRole('link', { name: /^Recibo/ })).not.toBeInTheDocument()
    expect(awaiting.queryByRole('img')).not.toBeInTheDocument()
  })

  it('says when there is none', async () => {
    serveLists([[]])
    show()
    expect(await screen.findByText('Você ainda não tem inscrições feitas pelo Pelotão.')).toBeInTheDocument()
  })

  // REG-263: an account whose e-mail is unverified is told why what others bought for it is not here yet.
  it('asks an unverified account to confirm its e-mail, with the button that sends the link again', async () => {
    const user = userEvent.setup()
    serveLists([[]], [202, {}])
    render(
      <AuthContext.Provider
        value={testAuth({
          uid: 'u2',
          email: 'caio@exemplo.com.br',
          displayName: 'Caio',
          createdAt: '',
          emailVerificado: false,
        })}
      >
        <MemoryRouter>
          <MyRegistrations />
        </MemoryRouter>
      </AuthContext.Provider>,
    )
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent ===
            'Confirme seu e-mail para ver as inscrições feitas em seu nome: as que outra pessoa fez para caio@exemplo.com.br aparecem aqui depois da confirmação.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Você ainda não tem inscrições feitas pelo Pelotão.')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Enviamos um novo link. Verifique sua caixa de entrada.',
    )
    expect(fetch).toHaveBeenCalledWith('/api/auth/email-verification', expect.objectContaining({ method: 'POST' }))
  })
})

// REG-117, REG-118, REG-244
describe('cancelling from Minhas inscrições', () => {
  it("cancels one athlete's registration: each card says its own amount, the dialog names the athlete, the others stay", async () => {
    const user = userEvent.setup()
    const two = [
      registration({}),
      registration({
        id: 'r2',
        nome: 'Dani Dias',
        total: 79.9,
        cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 79.9, motivo: null },
      }),
    ]
    const after = [
      {
        ...two[0]!,
        status: 'cancelada' as const,
        cancelamento: null,
        reembolsos: [{ valor: 89.9, status: 'EM_PROCESSAMENTO' as const, horario: '2030-03-02T10:00:00Z' }],
      },
      {
        ...two[1]!,
        reembolsos: [{ valor: 89.9, status: 'EM_PROCESSAMENTO' as const, horario: '2030-03-02T10:00:00Z' }],
      },
    ]
    serveLists([two, after])
    show()
    const [carla, dani] = await screen.findAllByRole('listitem')
    expect(
      within(carla!).getByText(/Cancelamento com reembolso integral \(R\$\s89,90\) até 29\/04\/2030, 06:30/),
    ).toBeInTheDocument()
    expect(within(dani!).getByText(/Cancelamento com reembolso integral \(R\$\s79,90\) até/)).toBeInTheDocument()
    await user.click(within(carla!).getByRole('button', { name: 'Cancelar a inscrição de Carla Dias' }))

    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar a inscrição de Carla Dias?' })
    expect(dialog).toHaveAccessibleDescription(/R\$\s89,90 serão devolvidos pelo Pix para a conta que pagou/)
    expect(dialog).toHaveAccessibleDescription(
      /Carla Dias deixa Corrida da Lagoa e a vaga é liberada\. As outras inscrições do pedido continuam valendo\./,
    )
    expect(dialog).not.toHaveAccessibleDescription(/pedido inteiro/)
    // The safe choice has the focus (a stray Enter does not cancel), and says it keeps the registration.
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toHaveFocus()
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar e reembolsar' }))

    expect(await within(carla!).findByText('Cancelada')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/inscricoes/r1/cancelar', expect.objectContaining({ method: 'POST' }))
    expect(fetch).not.toHaveBeenCalledWith('/api/pedidos/p1/cancelar', expect.anything())
    // The other registration is still paid and may still be cancelled, for its own amount.
    expect(within(dani!).getByText('Confirmada')).toBeInTheDocument() // not 'Reembolso em processamento': its sibling's refund is not its own
    expect(within(dani!).getByRole('button', { name: 'Cancelar a inscrição de Dani Dias' })).toBeInTheDocument()
  })

  it('lets the athlete who did not buy it cancel their own registration, the money going to whoever paid', async () => {
    const user = userEvent.setup()
    serveLists([[registration({ comprador: false, reembolsos: [] })]])
    show()
    await user.click(await screen.findByRole('button', { name: 'Cancelar a inscrição de Carla Dias' }))
    expect(
      screen.getByRole('alertdialog', { name: 'Cancelar a inscrição de Carla Dias?' }),
    ).toHaveAccessibleDescription(/R\$\s89,90 serão devolvidos pelo Pix para a conta de quem pagou o pedido/)
  })

  // REG-167
  it("after a partial refund, promises the server's figure for this registration", async () => {
    const user = userEvent.setup()
    serveLists([
      [
        registration({
          cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 79.4, motivo: null },
          reembolsos: [{ valor: 10.5, status: 'DEVOLVIDO', horario: '2030-03-02T10:00:00Z' }],
        }),
      ],
    ])
    show()
    const [item] = await screen.findAllByRole('listitem')
    expect(within(item!).getByText('Cancelamento com reembolso de R$ 79,40 até 29/04/2030, 06:30.')).toBeInTheDocument()
    await user.click(within(item!).getByRole('button', { name: 'Cancelar a inscrição de Carla Dias' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar a inscrição de Carla Dias?' })
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining(
        'Do valor desta inscrição, R$\u00a089,90, a organização já reembolsou parte do pedido: R$\u00a079,40 serão devolvidos pelo Pix',
      ),
    )
    expect(dialog).not.toHaveAccessibleDescription(/integral/)
  })

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup()
    const motivo =
      'O cancelamento pelo próprio atleta vale até 48 horas antes do evento. Fale com a organização do evento.'
    serveLists([[registration({})]], [409, { error: { code: 'fora-do-prazo', message: motivo } }])
    show()
    await user.click(await screen.findByRole('button', { name: 'Cancelar a inscrição de Carla Dias' }))
    await user.click(screen.getByRole('button', { name: 'Cancelar e reembolsar' }))
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(motivo)
  })

  it("outside the window, says the server's reason and whom to ask instead of a button", async () => {
    const motivo =
      'O cancelamento pelo próprio atleta vale até 7 dias depois do pagamento, e este pedido foi pago em 01/03/2030. Para cancelar agora, fale com a organização de Corrida da Lagoa pelos contatos do regulamento.'
    serveLists([[registration({ cancelamento: { ate: '2030-03-08T12:00:00Z', valor: 89.9, motivo } })]])
    show()
    const [item] = await screen.findAllByRole('listitem')
    expect(within(item!).getByText(motivo)).toBeInTheDocument()
    expect(within(item!).getByRole('link', { name: 'Ver contatos na página do evento' })).toHaveAttribute(
      'href',
      '/event/corrida-da-lagoa-2030',
    )
    expect(within(item!).queryByRole('button', { name: /^Cancelar a inscrição/ })).not.toBeInTheDocument()
  })

  it('closes the window that ran out while the page was open, and shows a refund under way', async () => {
    serveLists([
      [
        registration({ cancelamento: { ate: '2020-01-08T12:00:00Z', valor: 89.9, motivo: null } }),
        registration({
          id: 'r2',
          pedidoId: 'p2',
          cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 0, motivo: null },
          reembolsos: [{ valor: 89.9, status: 'EM_PROCESSAMENTO', horario: '2030-03-02T10:00:00Z' }],
        }),
      ],
    ])
    show()
    const [ended, refunding] = await screen.findAllByRole('listitem')
    expect(
      within(ended!).getByText(
        'O prazo para o próprio atleta cancelar terminou em 08/01/2020, 09:00. Para cancelar agora, fale com a organização do evento.',
      ),
    ).toBeInTheDocument()
    expect(within(ended!).queryByRole('button', { name: /^Cancelar a inscrição/ })).not.toBeInTheDocument()
    expect(within(refunding!).getByText('Reembolso em processamento')).toBeInTheDocument()
    // REG-280: what is on its way, from the refund entry, whoever asked for it.
    expect(
      within(refunding!).getByText(
        'Reembolso de R$ 89,90 em processamento: o valor volta pelo Pix para a conta que pagou o pedido.',
      ),
    ).toBeInTheDocument()
    expect(within(refunding!).queryByText(/Cancelamento pedido/)).not.toBeInTheDocument()
    expect(within(refunding!).queryByRole('button', { name: /^Cancelar a inscrição/ })).not.toBeInTheDocument()
  })

  // REG-280
  it("says the amount of the organizer's refund still under way, not a cancellation", async () => {
    serveLists([
      [
        registration({
          cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 0, motivo: null },
          reembolsos: [
            { valor: 69.9, status: 'DEVOLVIDO', horario: '2030-03-02T10:00:00Z' },
            { valor: 20, status: 'EM_PROCESSAMENTO', horario: '2030-03-03T10:00:00Z' },
            { valor: 5, status: 'NAO_REALIZADO', horario: '2030-03-03T09:00:00Z' },
          ],
        }),
      ],
    ])
    show()
    const [item] = await screen.findAllByRole('listitem')
    expect(
      within(item!).getByText(
        'Reembolso de R$ 20,00 em processamento: o valor volta pelo Pix para a conta que pagou o pedido.',
      ),
    ).toBeInTheDocument()
  })
  it('says nothing of cancelling a race already run', async () => {
    serveLists([
      [
        registration({
          evento: { ...registration({}).evento, dataEvento: '2020-03-15' },
          cancelamento: { ate: '2020-03-13T09:30:00Z', valor: 89.9, motivo: 'Prazo encerrado.' },
        }),
      ],
    ])
    show()
    const [item] = await screen.findAllByRole('listitem')
    expect(within(item!).queryByText('Prazo encerrado.')).not.toBeInTheDocument()
    expect(within(item!).queryByRole('button', { name: /^Cancelar a inscrição/ })).not.toBeInTheDocument()
  })
})

// REG-281
describe('a registration leaving the race', () => {
  it('shows neither the QR code nor "Alterar dados" once cancelled or refunded, or while its refund is under way, and keeps the receipt', async () => {
    const underWay = [{ valor: 89.9, status: 'EM_PROCESSAMENTO' as const, horario: '2030-03-02T10:00:00Z' }]
    serveLists([
      [
        registration({
          id: 'r1',
          nome: 'Ana',
          pedidoId: 'p1',
          cancelamento: { ate: '2030-04-29T09:30:00Z', valor: 0, motivo: null },
          reembolsos: underWay,
        }),
        registration({
          id: 'r2',
          nome: 'Bia',
          pedidoId: 'p2',
          status: 'cancelada',
          cancelamento: null,
          reembolsos: underWay,
        }),
        registration({
          id: 'r3',
          nome: 'Caio',
          pedidoId: 'p3',
          pedidoStatus: 'reembolsado',
          cancelamento: null,
          reembolsos: [{ ...underWay[0]!, status: 'DEVOLVIDO' }],
        }),
        registration({ id: 'r4', nome: 'Duda', pedidoId: 'p4' }),
      ],
    ])
    show()
    const items = await screen.findAllByRole('listitem')
    for (const [i, nome] of ['Ana', 'Bia', 'Caio'].entries()) {
      const card = within(items[i]!)
      expect(card.queryByRole('img', { name: /^QR code/ })).not.toBeInTheDocument()
      expect(card.queryByRole('button', { name: 'Alterar dados' })).not.toBeInTheDocument()
      expect(card.getByRole('link', { name: `Recibo da inscrição de ${nome} em Corrida da Lagoa` })).toBeInTheDocument()
    }
    const going = within(items[3]!)
    expect(going.getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toBeInTheDocument()
    expect(going.getByRole('button', { name: 'Alterar dados' })).toBeInTheDocument()
  })
})

// REG-283
describe('orders that ended unpaid', () => {
  it('are listed after the others under a closed "Pedidos cancelados ou expirados (N)", newest first', async () => {
    const user = userEvent.setup()
    const unpaid = { codigo: undefined, status: 'cancelada' as const, cancelamento: null }
    serveLists([
      [
        registration({ id: 'r1', nome: 'Ana', pedidoId: 'p5', pedidoStatus: 'expirado', ...unpaid }),
        registration({ id: 'r2', nome: 'Bia', pedidoId: 'p4' }),
        registration({ id: 'r3', nome: 'Caio', pedidoId: 'p3', pedidoStatus: 'cancelado', ...unpaid }),
        registration({ id: 'r4', nome: 'Duda', pedidoId: 'p3', pedidoStatus: 'cancelado', ...unpaid }),
        registration({
          id: 'r5',
          nome: 'Edu',
          pedidoId: 'p2',
          pedidoStatus: 'aguardando_pagamento',
          status: 'pendente',
          codigo: undefined,
          cancelamento: null,
        }),
      ],
    ])
    show()
    const disclosure = (await screen.findByText('Pedidos cancelados ou expirados (2)')).closest('details')!
    expect(disclosure).not.toHaveAttribute('open')
    const [active, ended] = screen.getAllByRole('list')
    expect(
      within(active!)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/ — 10 km$/).textContent),
    ).toEqual(['Bia — 10 km', 'Edu — 10 km'])
    expect(disclosure).toContainElement(ended!)
    expect(active!.compareDocumentPosition(disclosure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await user.click(within(disclosure).getByText('Pedidos cancelados ou expirados (2)'))
    expect(disclosure).toHaveAttribute('open')
    expect(
      within(ended!)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/ — 10 km$/).textContent),
    ).toEqual(['Ana — 10 km', 'Caio — 10 km', 'Duda — 10 km'])
  })

  it('has no such group when none ended unpaid', async () => {
    serveLists([[registration({})]])
    show()
    await screen.findAllByRole('listitem')
    expect(screen.queryByText(/Pedidos cancelados ou expirados/)).not.toBeInTheDocument()
  })
})

// REG-119
// REG-171
describe('cancelling an unpaid order from Minhas inscrições', () => {
  it('offers it on an order awaiting payment only, asks first, then shows the order cancelled', async () => {
    const user = userEvent.setup()
    const unpaid = registration({
      id: 'r2',
      pedidoId: 'p2',
      pedidoStatus: 'aguardando_pagamento',
      status: 'pendente',
      codigo: undefined,
      cancelamento: null,
    })
    serveLists([
      [registration({}), unpaid],
      [registration({}), { ...unpaid, pedidoStatus: 'cancelado', status: 'cancelada' }],
    ])
    show()
    const [paid, awaiting] = await screen.findAllByRole('listitem')
    expect(within(paid!).queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
    expect(within(awaiting!).getByText('Aguardando pagamento')).toBeInTheDocument()
    await user.click(within(awaiting!).getByRole('button', { name: 'Cancelar pedido' }))

    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar pedido?' })
    expect(dialog).toHaveAccessibleDescription(/A vaga reservada para este pedido será liberada/)
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }))

    // Read again, the cancelled order goes under "Pedidos cancelados ou expirados" (REG-283).
    const ended = (await screen.findByText('Pedidos cancelados ou expirados (1)')).closest('details')!
    expect(within(ended).getByText('Cancelada')).toBeInTheDocument()
    expect(within(ended).queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/pedidos/p2/cancelar', expect.objectContaining({ method: 'POST' }))
  })
})

describe('editing from Minhas inscrições', () => {
  it("shows the deadline, the server's field errors beside their fields keeping what was typed, then the saved values", async () => {
    const user = userEvent.setup()
    const patches: unknown[] = []
    serveLists(
      [
        [registration({})],
        [
          registration({
            camiseta: 'G',
            equipe: 'Pelotão',
            contatoEmergencia: { nome: 'José Dias', telefone: '(85) 99999-0000' },
          }),
        ],
      ],
      ({ path, body }) => {
        patches.push(body)
        if (patches.length === 1)
          return [
            422,
            {
              error: {
                code: 'invalid-argument',
                message: 'Confira os campos.',
                fields: { 'contatoEmergencia.telefone': 'Informe o celular com DDD.' },
              },
            },
          ]
        expect(path).toBe('/api/inscricoes/r1')
        return [200, {}]
      },
    )
    show()
    const [item] = await screen.findAllByRole('listitem')
    expect(
      within(item!).getByText('Camiseta, equipe e contato de emergência podem ser alterados até 24/04/2030.'),
    ).toBeInTheDocument()
    await user.click(within(item!).getByRole('button', { name: 'Alterar dados' }))

    const form = within(screen.getByRole('form', { name: 'Alterar dados de Carla Dias' }))
    const shirt = form.getByRole('combobox', { name: 'Tamanho da camiseta' })
    expect(
      within(shirt)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['P', 'M', 'G'])
    await user.selectOptions(shirt, 'G')
    await user.type(form.getByRole('textbox', { name: 'Equipe (opcional)' }), 'Pelotão')
    const phone = form.getByRole('textbox', { name: 'Contato de emergência: telefone com DDD' })
    await user.clear(phone)
    await user.type(phone, '9999')
    await user.click(form.getByRole('button', { name: 'Salvar alterações' }))

    expect(await form.findByText('Informe o celular com DDD.')).toBeInTheDocument()
    expect(phone).toHaveAccessibleDescription('Informe o celular com DDD.')
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveValue('9999')
    expect(shirt).toHaveValue('G')
    expect(form.getByRole('textbox', { name: 'Equipe (opcional)' })).toHaveValue('Pelotão')
    // Only what changed is sent.
    expect(patches[0]).toEqual({
      camiseta: 'G',
      equipe: 'Pelotão',
      contatoEmergencia: { nome: 'José Dias', telefone: '9999' },
    })

    await user.clear(phone)
    await user.type(phone, '(85) 99999-0000')
    await user.click(form.getByRole('button', { name: 'Salvar alterações' }))
    expect(await within(item!).findByText('Camiseta: G')).toBeInTheDocument()
    expect(within(item!).getByText('Equipe: Pelotão')).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    // REG-282: said beside the card, the focus back on the button that opened the form.
    expect(within(item!).getByRole('status')).toHaveTextContent('Dados da inscrição salvos.')
    expect(within(item!).getByRole('button', { name: 'Alterar dados' })).toHaveFocus()
    // Opened again, the old message goes.
    await user.click(within(item!).getByRole('button', { name: 'Alterar dados' }))
    expect(within(item!).getByRole('status')).toHaveTextContent('')
  })

  // REG-282
  it('says nothing was saved when the form is discarded, and gives the focus back', async () => {
    const user = userEvent.setup()
    serveLists([[registration({})]])
    show()
    const [item] = await screen.findAllByRole('listitem')
    await user.click(within(item!).getByRole('button', { name: 'Alterar dados' }))
    await user.click(within(item!).getByRole('button', { name: 'Descartar alterações' }))
    expect(within(item!).getByRole('button', { name: 'Alterar dados' })).toHaveFocus()
    expect(within(item!).getByRole('status')).toHaveTextContent('')
  })

  it('says a refusal of the whole edit above the form', async () => {
    const user = userEvent.setup()
    const motivo =
      'As alterações da inscrição terminaram em 24/04/2030. Para mudar algo agora, fale com a organização do evento.'
    serveLists([[registration({})]], [409, { error: { code: 'edicao-encerrada', message: motivo } }])
    show()
    await user.click(await screen.findByRole('button', { name: 'Alterar dados' }))
    await user.type(screen.getByRole('textbox', { name: 'Equipe (opcional)' }), 'Pelotão')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(motivo)
    expect(screen.getByRole('textbox', { name: 'Equipe (opcional)' })).toHaveValue('Pelotão')
  })

  it('after edicaoAte, says changes are closed and whom to ask', async () => {
    const yesterday = new Date(Date.parse(`${todayISO()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    serveLists([[registration({ evento: { ...registration({}).evento, edicaoAte: yesterday } })]])
    show()
    const [item] = await screen.findAllByRole('listitem')
    const [y, m, d] = yesterday.split('-')
    expect(
      within(item!).getByText(
        new RegExp(
          `As alterações terminaram em ${d}/${m}/${y}\\. Para mudar algo agora, fale com a organização do evento\\.`,
        ),
      ),
    ).toBeInTheDocument()
    expect(within(item!).queryByRole('button', { name: 'Alterar dados' })).not.toBeInTheDocument()
  })
})

// REG-120
describe("the athlete's result in Minhas inscrições", () => {
  const result = {
    numeroPeito: '512',
    chave: '512',
    nome: 'Carla Dias',
    sexo: 'F',
    categoria: 'F30-34',
    equipe: '',
    posicao: 12,
    posicaoSexo: 3,
    posicaoCategoria: 1,
    tempoBruto: '0:48:10',
    tempoLiquido: '0:47:55',
    pace: '4:47',
    status: 'ok' as const,
    parciais: [],
    total: 1300,
    concluintes: 1234,
    maisRapidoQue: 99,
    totalSexo: 560,
    totalCategoria: 48,
    grupo: '',
    resultSet: {
      id: 's1',
      percurso: '10 km',
      status: 'oficial' as const,
      finishers: 1234,
      total: 1300,
      importedAt: '',
      categorias: [],
    },
    url: '/resultado/corrida-da-lagoa-2030/atleta/s1/512',
    certificado: '/api/events/corrida-da-lagoa-2030/results/s1/athletes/512/certificado.pdf',
  }

  it('shows the time, the places and links to the result page and the certificate', async () => {
    serveLists([
      [
        registration({ numeroPeito: 512, resultado: result }),
        registration({
          id: 'r2',
          resultado: {
            ...result,
            status: 'DNF',
            posicao: null,
            posicaoSexo: null,
            posicaoCategoria: null,
            tempoLiquido: '',
            tempoBruto: '',
            certificado: null,
          },
        }),
      ],
    ])
    show()
    const [finisher, dnf] = await screen.findAllByRole('listitem')
    const r = within(within(finisher!).getByRole('region', { name: 'Resultado em Corrida da Lagoa' }))
    expect(r.getByText('0:47:55')).toBeInTheDocument()
    expect(r.getByText('Tempo líquido', { exact: false })).toBeInTheDocument()
    expect(r.getByText('12º de 1.234')).toBeInTheDocument()
    expect(r.getByText('3º de 560')).toBeInTheDocument()
    expect(r.getByText('Categoria F30-34')).toBeInTheDocument()
    expect(r.getByText('1º de 48')).toBeInTheDocument()
    expect(r.getByRole('link', { name: 'Ver meu resultado' })).toHaveAttribute('href', result.url)
    expect(r.getByRole('link', { name: 'Baixar certificado (PDF)' })).toHaveAttribute('href', result.certificado)

    const other = within(dnf!)
    expect(other.getByText('Não concluiu (DNF)')).toBeInTheDocument()
    expect(other.getByRole('link', { name: 'Ver meu resultado' })).toBeInTheDocument()
    expect(other.queryByRole('link', { name: /certificado/ })).not.toBeInTheDocument()
  })
})
