import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthContext, type AuthUser } from '../../lib/auth'
import type { GroupWithMembers } from '../../lib/groups/groups'
import { serve, type Answer } from '../../lib/testing/fakeFetch'
import { renderAt } from '../../lib/testing/renderAt'
import { testAuth } from '../../lib/testing/testAuth'
import { makeEvent } from '../../lib/testing/testEvents'
import { GroupPage } from './GroupPage'
import { GroupSheet } from './GroupSheet'

afterEach(() => vi.unstubAllGlobals())

const csv = (name: string) => new File(['Nome;CPF\r\nAna Souza;529.982.247-25\r\n'], name, { type: 'text/csv' })

const twoProblems = {
  linhas: 120,
  erros: [
    { linha: 78, campo: 'Data de nascimento', mensagem: 'Data inválida: use dd/mm/aaaa (por exemplo 31/12/1990).' },
    { linha: 123, campo: 'CPF', mensagem: 'Este documento já está na linha 6 da planilha.' },
  ],
}

/** Answers the spreadsheet's route with each answer in turn; returns the requests sent. */
function serveSheet(...answers: Answer[]) {
  return serve([['POST', '/api/grupos/g1/planilha', () => answers.shift() ?? [500]]])
}

const fileField = () => screen.getByLabelText('Planilha')
const check = () => screen.getByRole('button', { name: 'Conferir planilha' })

describe('GroupSheet', () => {
  // GRP-58, GRP-56
  it('sends the file to be checked only and reports every row’s problem under the file’s name', async () => {
    const sent = serveSheet([200, twoProblems])
    const user = userEvent.setup()
    render(<GroupSheet groupId="g1" />)
    await user.upload(fileField(), csv('atletas-assessoria.csv'))
    await user.click(check())
    expect(await screen.findByRole('status')).toHaveTextContent(
      'atletas-assessoria.csv: 120 linhas lidas, 2 problemas para corrigir.',
    )
    const table = screen.getByRole('table', { name: 'Problemas da planilha atletas-assessoria.csv, por linha' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((tr) => [...tr.children].map((c) => c.textContent)),
    ).toEqual([
      ['Linha', 'Coluna', 'Problema'],
      ['78', 'Data de nascimento', 'Data inválida: use dd/mm/aaaa (por exemplo 31/12/1990).'],
      ['123', 'CPF', 'Este documento já está na linha 6 da planilha.'],
    ])
    expect(sent).toHaveLength(1)
    const form = sent.at(0)?.body as FormData
    expect(form.get('confirmar')).toBe('0')
    expect((form.get('arquivo') as File).name).toBe('atletas-assessoria.csv')
  })

  it('says when no row has a problem', async () => {
    serveSheet([200, { linhas: 1, erros: [] }])
    const user = userEvent.setup()
    render(<GroupSheet groupId="g1" />)
    await user.upload(fileField(), csv('ok.xlsx'))
    await user.click(check())
    expect(await screen.findByRole('status')).toHaveTextContent('ok.xlsx: 1 linha lida, nenhum problema encontrado.')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('asks for a file beside the field before sending anything', async () => {
    const sent = serveSheet()
    const user = userEvent.setup()
    render(<GroupSheet groupId="g1" />)
    await user.click(check())
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha uma planilha para enviar.')
    expect(fileField()).toHaveAccessibleDescription(expect.stringContaining('Escolha uma planilha para enviar.'))
    expect(fileField()).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)
  })

  // GRP-55: a refusal of the whole file is told at the field, and the last report stays.
  it('keeps the last report when another file is refused whole', async () => {
    const grande = 'A planilha tem mais de 200 atletas. Divida-a em arquivos de até 200 linhas.'
    serveSheet(
      [200, twoProblems],
      [422, { error: { code: 'planilha-grande', message: grande, fields: { arquivo: grande } } }],
    )
    const user = userEvent.setup()
    render(<GroupSheet groupId="g1" />)
    await user.upload(fileField(), csv('primeira.csv'))
    await user.click(check())
    await screen.findByRole('table')
    await user.upload(fileField(), csv('todos.csv'))
    await user.click(check())
    expect(await screen.findByRole('alert')).toHaveTextContent(grande)
    expect(fileField()).toHaveAccessibleDescription(expect.stringContaining(grande))
    expect(screen.getByRole('status')).toHaveTextContent('primeira.csv: 120 linhas lidas, 2 problemas para corrigir.')
    expect((fileField() as HTMLInputElement).files?.[0]?.name).toBe('todos.csv')
  })
})

describe('GroupSheet holding a checked file', () => {
  const order = (id: string, n: number, total: number) => ({
    id,
    eventId: 'e1',
    status: 'aguardando_pagamento',
    total,
    criadoEm: '2026-12-08T03:00:00Z',
    expiraEm: '2026-12-08T03:30:00Z',
    pagoEm: null,
    inscricoes: Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}`, nome: `Atleta ${i}`, total: 80.91 })),
    reembolsos: [],
    pix: { txid: `tx${id}`, copiaECola: '000201...', qrCode: `/api/pedidos/${id}/qrcode.png` },
  })
  const held = { pedidos: [order('p1', 50, 4045.5), order('p2', 50, 4045.5), order('p3', 20, 1618.2)] }
  const clean = { linhas: 120, erros: [] }
  const hold = () => screen.getByRole('button', { name: 'Inscrever 120 atletas e gerar pagamento' })
  const aceite = () => screen.getByRole('checkbox', { name: 'Li e aceito o regulamento em nome dos atletas do grupo' })
  const showSheet = () =>
    renderAt('/dashboard/grupos/g1', {
      '/dashboard/grupos/:groupId': <GroupSheet groupId="g1" regulamento="/files/reg" />,
    })

  async function checkedClean(...after: Answer[]) {
    const sent = serveSheet([200, clean], ...after)
    const user = userEvent.setup()
    showSheet()
    await user.upload(fileField(), csv('atletas.csv'))
    await user.click(check())
    await screen.findByRole('button', { name: 'Inscrever 120 atletas e gerar pagamento' })
    return { sent, user }
  }

  // GRP-75, GRP-71: the regulation accepted for the group, the file is held; the orders are listed with links to their pages and the total.
  it('holds the checked file once the regulation is accepted and lists the orders', async () => {
    const { sent, user } = await checkedClean([201, held])
    expect(screen.getByRole('link', { name: 'Ler o regulamento' })).toHaveAttribute('href', '/files/reg')
    await user.click(hold())
    expect(screen.getByText('Aceite o regulamento em nome dos atletas do grupo.')).toBeInTheDocument()
    expect(aceite()).toHaveAccessibleDescription('Aceite o regulamento em nome dos atletas do grupo.')
    expect(sent).toHaveLength(1)

    await user.click(aceite())
    await user.click(hold())
    expect(await screen.findByText(/120 atletas inscritos em 3 pedidos/)).toHaveTextContent(
      /120 atletas inscritos em 3 pedidos, total R\$\s9\.709,20\. Pague cada pedido pelo Pix na página dele\./,
    )
    expect(screen.getAllByRole('link', { name: /^Pedido \d$/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/inscricao/e1/pedido/p1',
      '/inscricao/e1/pedido/p2',
      '/inscricao/e1/pedido/p3',
    ])
    expect(screen.getAllByRole('listitem')[0]?.textContent).toMatch(/Pedido 1: 50 atletas, R\$\s4\.045,50/)
    expect(screen.queryByRole('button', { name: /Inscrever/ })).not.toBeInTheDocument()
    expect(sent).toHaveLength(2)
    const form = sent.at(1)?.body as FormData
    expect([form.get('confirmar'), form.get('aceiteRegulamento'), (form.get('arquivo') as File).name]).toEqual([
      '1',
      '1',
      'atletas.csv',
    ])
  })

  // GRP-72: a row found wrong when holding is reported as a check's, and nothing is offered to hold.
  it('reports the rows refused when holding', async () => {
    const taken = 'Este documento já está inscrito neste evento.'
    const { user } = await checkedClean([
      422,
      {
        error: {
          code: 'planilha-com-erros',
          message: 'A planilha tem problemas: nenhum atleta foi inscrito.',
          rows: [{ row: 7, column: 'documento', message: taken }],
        },
        linhas: 120,
        erros: [{ linha: 7, campo: 'documento', mensagem: taken }],
      },
    ])
    await user.click(aceite())
    await user.click(hold())
    const table = await screen.findByRole('table', { name: 'Problemas da planilha atletas.csv, por linha' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`7documento${taken}`)
    expect(screen.getByRole('status')).toHaveTextContent('atletas.csv: 120 linhas lidas, 1 problema para corrigir.')
    expect(screen.queryByRole('button', { name: /Inscrever/ })).not.toBeInTheDocument()
  })

  // GRP-72: a refusal of the whole spreadsheet (the event sold out) is said beside the button.
  it('says why nothing was held', async () => {
    const esgotado = 'Inscrições esgotadas.'
    const { user } = await checkedClean([409, { error: { code: 'esgotado', message: esgotado } }])
    await user.click(aceite())
    await user.click(hold())
    expect(await screen.findByRole('alert')).toHaveTextContent(esgotado)
    expect(hold()).toBeEnabled()
  })
})

describe('GroupPage and the spreadsheet', () => {
  const group: GroupWithMembers = {
    id: 'g1',
    eventId: 'e1',
    nome: 'Assessoria Corre Curitiba',
    codigo: 'ABCD2345',
    link: '/inscricao/e1?grupo=ABCD2345',
    coaches: [{ userId: 'u1', nome: 'Carla Treinadora' }],
    inscritos: 0,
    confirmados: 0,
    membros: [],
  }
  const as = (uid: string): AuthUser => ({
    uid,
    email: `${uid}@exemplo.com.br`,
    displayName: uid,
    createdAt: '',
    emailVerificado: true,
  })
  const show = (user: AuthUser) =>
    renderAt('/dashboard/grupos/g1', {
      '/dashboard/grupos/:groupId': (
        <AuthContext.Provider value={testAuth(user)}>
          <GroupPage />
        </AuthContext.Provider>
      ),
    })

  // GRP-57: the upload is the coaches' only; the event's managers, who see the page, do not get it.
  it('offers the spreadsheet to the group’s coaches only', async () => {
    serve([
      ['GET', '/api/grupos/g1', [200, group]],
      ['GET', '/api/events/e1', [200, makeEvent({ id: 'e1' })]],
    ])
    const { unmount } = show(as('u1'))
    expect(await screen.findByRole('heading', { name: 'Conferir planilha de atletas' })).toBeInTheDocument()
    unmount()
    show(as('gestor'))
    await screen.findByRole('heading', { level: 1, name: 'Assessoria Corre Curitiba' })
    expect(screen.queryByRole('heading', { name: 'Conferir planilha de atletas' })).not.toBeInTheDocument()
  })
})
