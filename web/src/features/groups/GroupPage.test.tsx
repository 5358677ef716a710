import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GroupWithMembers } from '../../lib/groups/groups'
import { renderAt } from '../../lib/testing/renderAt'
import { makeEvent } from '../../lib/testing/testEvents'
import { GroupPage } from './GroupPage'

afterEach(() => vi.unstubAllGlobals())

const group: GroupWithMembers = {
  id: 'g1',
  eventId: 'corrida-da-lagoa-2030',
  nome: 'Assessoria Corre Curitiba',
  codigo: 'ABCD2345',
  link: '/inscricao/corrida-da-lagoa-2030?grupo=ABCD2345',
  coaches: [{ userId: 'u1', nome: 'Carla Treinadora' }],
  inscritos: 3,
  confirmados: 2,
  membros: [
    {
      inscricaoId: 'r1',
      nome: 'Ana Paga',
      percurso: '10 km',
      camiseta: 'M',
      status: 'confirmada',
      pedidoId: 'p1',
      pago: true,
    },
    {
      inscricaoId: 'r2',
      nome: 'Bia Espera',
      percurso: '5 km',
      camiseta: 'P',
      status: 'pendente',
      pedidoId: 'p2',
      pago: false,
    },
    {
      inscricaoId: 'r3',
      nome: 'Caio Pago',
      percurso: '5 km',
      camiseta: 'M',
      status: 'confirmada',
      pedidoId: 'p3',
      pago: true,
    },
  ],
}

type Call = { method: string; path: string; body: unknown }

/** Answers the group's and its event's reads, and PATCH with patch; returns the calls made. */
function serve(
  answer: { status: number; body: unknown } = { status: 200, body: group },
  patch?: () => [number, unknown],
) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const path = new URL(input, 'http://localhost').pathname
      calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
      const [status, body] =
        path === '/api/grupos/g1' && method === 'PATCH' && patch
          ? patch()
          : path === '/api/grupos/g1'
            ? [answer.status, answer.body]
            : path === '/api/events/corrida-da-lagoa-2030'
              ? [200, makeEvent({ id: 'corrida-da-lagoa-2030', titulo: 'Corrida da Lagoa', dataEvento: '2030-05-01' })]
              : [404, { error: { code: 'not-found', message: 'Não encontrado.' } }]
      return new Response(JSON.stringify(body), { status })
    }),
  )
  return calls
}

const show = () => renderAt('/dashboard/grupos/g1', { '/dashboard/grupos/:groupId': <GroupPage /> })

describe('GroupPage', () => {
  // GRP-12
  it('shows the members paid or not, the totals and the shirts by size, smallest first', async () => {
    serve()
    show()
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessoria Corre Curitiba' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Corrida da Lagoa' })).toHaveAttribute(
      'href',
      '/event/corrida-da-lagoa-2030',
    )
    const members = screen.getByRole('list', { name: 'Inscritos do grupo' })
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ana Paga10 km · Camiseta MPago',
      'Bia Espera5 km · Camiseta PAguardando pagamento',
      'Caio Pago5 km · Camiseta MPago',
    ])
    const totals = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    )
    expect(totals).toEqual({ Inscritos: '3', Pagos: '2', 'Aguardando pagamento': '1' })
    const shirts = screen.getByRole('table', { name: 'Camisetas por tamanho' })
    expect(
      within(shirts)
        .getAllByRole('row')
        .map((tr) => [...tr.children].map((c) => c.textContent)),
    ).toEqual([
      ['Tamanho', 'Total', 'Pagas'],
      ['P', '1', '0'],
      ['M', '2', '2'],
    ])
  })

  // GRP-59
  it("shows the group's QR code for the kit desk, with its code to type", async () => {
    serve()
    show()
    const section = await screen.findByRole('region', { name: 'Retirar kits do grupo' })
    expect(within(section).getByRole('img', { name: 'QR code do grupo ABCD2345' })).toHaveAttribute(
      'src',
      '/api/grupos/g1/qrcode.png',
    )
    expect(section).toHaveTextContent('os kits das inscrições pagas do grupo (2 agora)')
    expect(section).toHaveTextContent('Informe o código ABCD2345.')
  })

  // GRP-14
  it('offers the link to copy and to share on WhatsApp', async () => {
    serve()
    const user = userEvent.setup()
    show()
    const link = await screen.findByRole('textbox', { name: 'Link' })
    const url = `${location.origin}/inscricao/corrida-da-lagoa-2030?grupo=ABCD2345`
    expect(link).toHaveValue(url)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(screen.getByRole('button', { name: 'Copiar link' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(await screen.findByText('Link copiado! Agora é só colar onde quiser.')).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Corrida da Lagoa' })
    const whatsapp = screen.getByRole('link', { name: 'Compartilhar no WhatsApp' })
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toBe(
      `https://api.whatsapp.com/send?text=Inscreva-se em Corrida da Lagoa com o grupo Assessoria Corre Curitiba: ${url}`,
    )
  })

  // GRP-6, GRP-14
  it("adds the second coach, with the server's refusal beside the e-mail", async () => {
    let answer: [number, unknown] = [
      422,
      {
        error: {
          code: 'invalid-argument',
          message: 'Alguns campos precisam de correção.',
          fields: { coachEmail: 'Informe um e-mail válido.' },
        },
      },
    ]
    const calls = serve(undefined, () => answer)
    const user = userEvent.setup()
    show()
    const email = await screen.findByRole('textbox', { name: 'E-mail do segundo treinador' })
    await user.type(email, 'davi@')
    await user.click(screen.getByRole('button', { name: 'Adicionar treinador' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe um e-mail válido.')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Informe um e-mail válido.')
    answer = [200, { ...group, coaches: [...group.coaches, { userId: 'u2', nome: 'Davi' }] }]
    await user.clear(email)
    await user.type(email, 'davi@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Adicionar treinador' }))
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { coachEmail: 'davi@' },
      { coachEmail: 'davi@exemplo.com.br' },
    ])
    // The page reads the group again after the change.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/grupos/g1')).toHaveLength(2),
    )
  })

  // GRP-10
  it('says the group is not found to whoever may not see it', async () => {
    serve({ status: 404, body: { error: { code: 'not-found', message: 'Grupo não encontrado.' } } })
    show()
    expect(await screen.findByRole('heading', { name: 'Grupo não encontrado' })).toBeInTheDocument()
  })
})
