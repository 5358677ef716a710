import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../../app/routing'
import { AuthContext, type AuthUser } from '../../../lib/auth'
import type { MyGroup } from '../../../lib/groups/groups'
import { testAuth } from '../../../lib/testing/testAuth'
import { summary } from '../../../lib/testing/testEvents'
import { MyGroups } from './MyGroups'

afterEach(() => vi.unstubAllGlobals())

const lagoa = summary({ id: 'lagoa-2030', titulo: 'Corrida da Lagoa', dataEvento: '2030-05-01' })
const serra = summary({ id: 'serra-2030', titulo: 'Desafio da Serra', dataEvento: '2030-06-07' })

const mine: MyGroup = {
  id: 'g1',
  eventId: 'lagoa-2030',
  nome: 'Assessoria Corre Curitiba',
  codigo: 'ABCD2345',
  link: '/inscricao/lagoa-2030?grupo=ABCD2345',
  coaches: [{ userId: 'u1', nome: 'Carla' }],
  inscritos: 12,
  confirmados: 1,
  evento: lagoa,
}

const user: AuthUser = {
  uid: 'u1',
  email: 'carla@exemplo.com.br',
  displayName: 'Carla',
  createdAt: '2030-01-01T00:00:00Z',
  emailVerificado: true,
}

/** Answers GET /api/me/grupos with each list in turn, and POST …/grupos with created. */
function serve(lists: MyGroup[][], created: () => [number, unknown] = () => [201, mine]) {
  let reads = 0
  const posts: { path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ path: input, body: JSON.parse(String(init.body)) })
        const [status, body] = created()
        return new Response(JSON.stringify(body), { status })
      }
      return new Response(JSON.stringify({ grupos: lists[Math.min(reads++, lists.length - 1)] }), { status: 200 })
    }),
  )
  return posts
}

function show(who: AuthUser = user) {
  render(
    <AuthContext.Provider value={testAuth(who)}>
      <MemoryRouter>
        <MyGroups events={[lagoa, serra]} />
      </MemoryRouter>
    </AuthContext.Provider>,
  )
}

describe('MyGroups', () => {
  // GRP-13
  it('lists the groups the account coaches, each a link to its page', async () => {
    serve([[mine]])
    show()
    const list = await screen.findByRole('list', { name: 'Meus grupos' })
    const item = within(list).getByRole('listitem')
    expect(within(item).getByRole('link', { name: 'Assessoria Corre Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/grupos/g1',
    )
    expect(item).toHaveTextContent('Corrida da Lagoa · 01/05/2030')
    expect(item).toHaveTextContent('12 inscritos · 1 pago')
  })

  // GRP-1, GRP-2, GRP-15
  it("creates a group for the event chosen, with the server's refusal beside the name", async () => {
    const taken = 'Já existe o grupo “Corre Recife” neste evento. Peça o link a quem o criou ou escolha outro nome.'
    let answer: [number, unknown] = [409, { error: { code: 'grupo-existe', message: taken, fields: { nome: taken } } }]
    const posts = serve([[], [mine]], () => answer)
    const u = userEvent.setup()
    show()
    expect(await screen.findByText(/Treina uma assessoria\?/)).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Criar grupo' }))
    const form = screen.getByRole('form', { name: 'Novo grupo' })
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Evento' }), 'Desafio da Serra · 07/06/2030')
    const nome = within(form).getByRole('textbox', { name: 'Nome do grupo' })
    await u.type(nome, 'corre recife')
    await u.click(within(form).getByRole('button', { name: 'Criar grupo' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(taken)
    expect(nome).toHaveAttribute('aria-invalid', 'true')
    expect(nome).toHaveAccessibleDescription(taken)

    answer = [201, { ...mine, nome: 'Pelotão da Orla' }]
    await u.clear(nome)
    await u.type(nome, 'Pelotão da Orla')
    await u.click(within(form).getByRole('button', { name: 'Criar grupo' }))
    expect(await within(form).findByRole('link', { name: 'Abrir o grupo e copiar o link' })).toHaveAttribute(
      'href',
      '/dashboard/grupos/g1',
    )
    expect(nome).not.toHaveAttribute('aria-invalid')
    expect(posts).toEqual([
      { path: '/api/events/serra-2030/grupos', body: { nome: 'corre recife' } },
      { path: '/api/events/serra-2030/grupos', body: { nome: 'Pelotão da Orla' } },
    ])
    // The list is read again with the new group.
    expect(await screen.findByRole('list', { name: 'Meus grupos' })).toBeInTheDocument()
  })

  // GRP-15
  it('asks an account whose e-mail is not confirmed to confirm it first', async () => {
    serve([[]])
    const u = userEvent.setup()
    show({ ...user, emailVerificado: false })
    await u.click(await screen.findByRole('button', { name: 'Criar grupo' }))
    expect(screen.getByText('Confirme seu e-mail para criar um grupo.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Nome do grupo' })).not.toBeInTheDocument()
  })
})
