import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../../app/routing'
import type { Group } from '../../../lib/groups/groups'
import { serve } from '../../../lib/testing/fakeFetch'
import { GroupsTab } from './GroupsTab'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/events/ev1/grupos'
const orla: Group = {
  id: 'g1',
  eventId: 'ev1',
  nome: 'Pelotão da Orla',
  codigo: 'ABCD2345',
  link: '/inscricao/ev1?grupo=ABCD2345',
  coaches: [
    { userId: 'u1', nome: 'Carla' },
    { userId: 'u2', nome: 'Davi' },
  ],
  inscritos: 12,
  confirmados: 10,
}
const serra: Group = {
  ...orla,
  id: 'g2',
  nome: 'Tribo da Serra',
  codigo: 'EFGH6789',
  coaches: [{ userId: 'u3', nome: 'Eva' }],
  inscritos: 1,
  confirmados: 0,
}

function show() {
  render(
    <MemoryRouter>
      <GroupsTab eventId="ev1" onForbidden={() => {}} />
    </MemoryRouter>,
  )
}

describe('GroupsTab', () => {
  // GRP-7, GRP-16
  it('lists the groups with their counts, code and coaches, each a link to its page', async () => {
    serve([['GET', path, () => [200, { grupos: [orla, serra] }]]])
    show()
    const list = await screen.findByRole('list', { name: 'Grupos e assessorias' })
    const [orlaItem, serraItem] = within(list).getAllByRole('listitem')
    expect(within(orlaItem!).getByRole('link', { name: 'Pelotão da Orla' })).toHaveAttribute(
      'href',
      '/dashboard/grupos/g1',
    )
    expect(orlaItem).toHaveTextContent('12 inscritos · 10 pagos · Código ABCD2345 · Carla e Davi')
    expect(serraItem).toHaveTextContent('1 inscrito · 0 pagos · Código EFGH6789 · Eva')
  })

  // GRP-5, GRP-16
  it("renames a group, with the server's refusal in the dialog", async () => {
    let answer: [number, unknown] = [
      409,
      {
        error: {
          code: 'grupo-existe',
          message: 'Já existe o grupo “Tribo da Serra” neste evento.',
          fields: { nome: 'Já existe o grupo “Tribo da Serra” neste evento.' },
        },
      },
    ]
    const sent = serve([
      ['GET', path, () => [200, { grupos: [orla, serra] }]],
      ['PATCH', '/api/grupos/g1', () => answer],
    ])
    const user = userEvent.setup()
    show()
    await user.click(await screen.findByRole('button', { name: 'Renomear Pelotão da Orla' }))
    const dialog = screen.getByRole('dialog', { name: 'Renomear grupo' })
    const nome = within(dialog).getByRole('textbox', { name: 'Nome do grupo' })
    expect(nome).toHaveFocus()
    await user.clear(nome)
    await user.type(nome, 'tribo da serra')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nome' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Já existe o grupo “Tribo da Serra” neste evento.',
    )
    expect(nome).toHaveAttribute('aria-invalid', 'true')
    answer = [200, { ...orla, nome: 'Orla Runners' }]
    await user.clear(nome)
    await user.type(nome, 'Orla Runners')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nome' }))
    expect(await screen.findByText('Grupo renomeado para Orla Runners.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { nome: 'tribo da serra' },
      { nome: 'Orla Runners' },
    ])
  })

  // GRP-9, GRP-16
  it('merges a group into another chosen', async () => {
    const sent = serve([
      ['GET', path, () => [200, { grupos: [orla, serra] }]],
      ['POST', '/api/events/ev1/grupos/g2/mesclar', () => [200, { ...orla, inscritos: 13 }]],
    ])
    const user = userEvent.setup()
    show()
    await user.click(await screen.findByRole('button', { name: 'Mesclar Tribo da Serra' }))
    const dialog = screen.getByRole('dialog', { name: 'Mesclar Tribo da Serra' })
    expect(within(dialog).getByRole('combobox', { name: 'Mesclar em' })).toHaveDisplayValue('Pelotão da Orla')
    await user.click(within(dialog).getByRole('button', { name: 'Mesclar' }))
    expect(await screen.findByText('Tribo da Serra foi mesclado em Pelotão da Orla.')).toBeInTheDocument()
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ em: 'g1' })
  })

  // GRP-8, GRP-16
  it('asks before removing a group and shows why one with registrations stays', async () => {
    const refused =
      'Este grupo tem inscrições pendentes ou confirmadas e não pode ser excluído. Mescle-o com outro grupo.'
    serve([
      ['GET', path, () => [200, { grupos: [orla] }]],
      ['DELETE', '/api/grupos/g1', () => [409, { error: { code: 'grupo-com-inscritos', message: refused } }]],
    ])
    const user = userEvent.setup()
    show()
    // One group alone has nothing to merge into.
    expect(await screen.findByRole('button', { name: 'Excluir Pelotão da Orla' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mesclar Pelotão da Orla' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Excluir Pelotão da Orla' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir grupo' })
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused)
  })
})
