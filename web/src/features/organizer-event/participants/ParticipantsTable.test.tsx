import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { testParticipant } from '../testParticipant'
import { pageSize, ParticipantsTable } from './ParticipantsTable'

afterEach(() => vi.unstubAllGlobals())

const list = '/api/events/ev1/participants'
const joao = testParticipant()
const ana = testParticipant({
  id: 'p2',
  nome: 'Ana Conceição',
  documento: { tipo: 'cpf', numero: '***.982.247-**' },
  percurso: '5 km',
  pago: false,
  numeroPeito: 7,
  kitRetirado: {
    at: '2027-03-14T12:14:00Z',
    balcao: '2',
    por: 'Bia',
    retiradoPor: { nome: 'Carlos Lima', documento: '11144477735' },
    camisetaEntregue: 'G',
  },
})

function renderTable(onForbidden = () => {}, seesPayments = true) {
  return render(
    <ParticipantsTable
      eventId="ev1"
      percursos={['5 km', '10 km']}
      version={0}
      seesPayments={seesPayments}
      onForbidden={onForbidden}
    />,
  )
}

const lastQuery = (sent: { url: URL }[]) =>
  Object.fromEntries(sent.filter((s) => s.url.pathname === list).at(-1)!.url.searchParams)

describe('ParticipantsTable', () => {
  it('shows a page of participants with the total; CPFs as the server sent them (masked for the kit desk)', async () => {
    const sent = serve([['GET', list, () => [200, { participants: [joao, ana], total: 2, nextCursor: null }]]])
    renderTable()
    const table = await screen.findByRole('region', { name: 'Inscritos' })
    expect(screen.getByText('2 inscritos encontrados')).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['101', '529.982.247-25', '10 km', 'M', 'Sim', 'Não retirado'])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '***.982.247-**', '5 km', 'M', 'Não', 'Retirado'])
    expect(lastQuery(sent)).toEqual({ limit: String(pageSize) })
    expect(screen.queryByRole('navigation', { name: 'Páginas de inscritos' })).not.toBeInTheDocument()
  })

  it('searches after the typing pauses, once, and filters by modality, payment and kit', async () => {
    const sent = serve([['GET', list, () => [200, { participants: [joao], total: 1, nextCursor: null }]]])
    const user = userEvent.setup()
    renderTable()
    await screen.findByText('1 inscrito encontrado')
    const before = sent.length
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito, e-mail ou código' }),
      'conceicao',
    )
    await vi.waitFor(() => expect(lastQuery(sent)).toEqual({ q: 'conceicao', limit: String(pageSize) }))
    // One request for the whole word, not one per letter.
    expect(sent.length).toBe(before + 1)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Modalidade' }), '5 km')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pagamento' }), 'Não pagos')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kit' }), 'Retirado')
    await vi.waitFor(() =>
      expect(lastQuery(sent)).toEqual({
        q: 'conceicao',
        percurso: '5 km',
        pago: 'false',
        kitRetirado: 'true',
        limit: String(pageSize),
      }),
    )
  })

  it('pages with the cursor, forward and back', async () => {
    const sent = serve([
      [
        'GET',
        list,
        (s) =>
          s.url.searchParams.get('cursor') === 'c2'
            ? [200, { participants: [ana], total: 51, nextCursor: null }]
            : [200, { participants: [joao], total: 51, nextCursor: 'c2' }],
      ],
    ])
    const user = userEvent.setup()
    renderTable()
    const pages = await screen.findByRole('navigation', { name: 'Páginas de inscritos' })
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Próxima' }))
    expect(await screen.findByRole('button', { name: 'Ana Conceição' })).toBeInTheDocument()
    expect(lastQuery(sent).cursor).toBe('c2')
    expect(within(pages).getByText('Página 2')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Próxima' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Anterior' }))
    expect(await screen.findByRole('button', { name: 'João Gonçalves' })).toBeInTheDocument()
    expect(lastQuery(sent).cursor).toBeUndefined()
  })

  it("opens a participant's detail with the history of the record", async () => {
    serve([
      ['GET', list, () => [200, { participants: [joao, ana], total: 2, nextCursor: null }]],
      [
        'GET',
        `${list}/p2`,
        () => [
          200,
          {
            ...ana,
            historico: [
              { em: '2027-03-01T13:00:00Z', tipo: 'importado', por: 'Dona' },
              {
                em: '2027-03-05T13:00:00Z',
                tipo: 'atualizado',
                por: 'Dona',
                detalhe: { percurso: ['10 km', '5 km'], pago: [true, false] },
              },
              { em: '2027-03-14T12:14:00Z', tipo: 'retirado', por: 'Bia' },
            ],
          },
        ],
      ],
    ])
    const user = userEvent.setup()
    renderTable()
    await user.click(await screen.findByRole('button', { name: 'Ana Conceição' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ana Conceição' })
    expect(
      within(dialog).getByText(
        /Retirado em 14\/03\/2027.*09:14 no balcão 2 por Carlos Lima \(terceiro\), camiseta entregue G/,
      ),
    ).toBeInTheDocument()
    const history = await within(dialog).findByRole('list', { name: 'Histórico' })
    expect(
      within(history)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === history)
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Importado 01\/03\/2027.*· Dona$/),
      expect.stringMatching(/^Atualizado 05\/03\/2027.*· DonaModalidade: 10 km → 5 kmPago: Sim → Não$/),
      expect.stringMatching(/^Kit retirado 14\/03\/2027.*· Bia$/),
    ])
    expect(within(dialog).getByText('Valor')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the kit desk no amount paid in a participant (REG-211)', async () => {
    serve([
      ['GET', list, () => [200, { participants: [{ ...ana, valor: null }], total: 1, nextCursor: null }]],
      ['GET', `${list}/p2`, () => [200, { ...ana, valor: null, historico: [] }]],
    ])
    const user = userEvent.setup()
    renderTable(() => {}, false)
    await user.click(await screen.findByRole('button', { name: 'Ana Conceição' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ana Conceição' })
    await within(dialog).findByText('Nenhum registro.')
    expect(within(dialog).getByText('Pago')).toBeInTheDocument()
    expect(within(dialog).queryByText('Valor')).not.toBeInTheDocument()
  })

  // GRP-47: the organizer filters the list by one of the event's groups (its id) and sees each row's group.
  it('filters by group and shows the group per row', async () => {
    const dora = testParticipant({ id: 'p4', nome: 'Dora Assessoria', grupo: 'Assessoria Pé Quente' })
    const sent = serve([
      [
        'GET',
        list,
        (s) =>
          s.url.searchParams.get('grupo') === 'g1'
            ? [200, { participants: [dora], total: 1, nextCursor: null }]
            : [200, { participants: [joao, dora], total: 2, nextCursor: null }],
      ],
    ])
    const user = userEvent.setup()
    render(
      <ParticipantsTable
        eventId="ev1"
        percursos={['5 km']}
        version={0}
        seesPayments
        grupos={[
          { id: 'g1', nome: 'Assessoria Pé Quente' },
          { id: 'g2', nome: 'Equipe Dois' },
        ]}
        onForbidden={() => {}}
      />,
    )
    const table = await screen.findByRole('region', { name: 'Inscritos' })
    await within(table).findByRole('button', { name: 'Dora Assessoria' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Grupo')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('Sem grupo')
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('Assessoria Pé Quente')

    const select = screen.getByRole('combobox', { name: 'Grupo' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Assessoria Pé Quente', 'Equipe Dois'])
    await user.selectOptions(select, 'Assessoria Pé Quente')
    await vi.waitFor(() => expect(lastQuery(sent)).toEqual({ grupo: 'g1', limit: String(pageSize) }))
    expect(await screen.findByText('1 inscrito encontrado')).toBeInTheDocument()
  })

  it("names the group in a participant's detail", async () => {
    const dora = testParticipant({ id: 'p4', nome: 'Dora Assessoria', grupo: 'Assessoria Pé Quente' })
    serve([
      ['GET', list, () => [200, { participants: [dora], total: 1, nextCursor: null }]],
      ['GET', `${list}/p4`, () => [200, { ...dora, historico: [] }]],
    ])
    const user = userEvent.setup()
    renderTable()
    await user.click(await screen.findByRole('button', { name: 'Dora Assessoria' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dora Assessoria' })
    expect(within(dialog).getByText('Grupo').nextElementSibling).toHaveTextContent('Assessoria Pé Quente')
  })

  it('offers no group filter nor column to an event without groups', async () => {
    serve([['GET', list, () => [200, { participants: [joao], total: 1, nextCursor: null }]]])
    renderTable()
    const table = await screen.findByRole('region', { name: 'Inscritos' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Grupo')
    expect(screen.queryByRole('combobox', { name: 'Grupo' })).not.toBeInTheDocument()
  })

  it('tells the page when the list answers 403', async () => {
    serve([['GET', list, () => [403, { error: { code: 'forbidden', message: 'Acesso negado.' } }]]])
    const onForbidden = vi.fn()
    renderTable(onForbidden)
    await vi.waitFor(() => expect(onForbidden).toHaveBeenCalled())
  })
})

// REG-253: the organizer sees a minor's guardian in the participant's detail.
describe('ParticipantDialog and minors', () => {
  it('names the guardian of a minor with the document', async () => {
    const lia = testParticipant({
      id: 'p3',
      nome: 'Lia Menor',
      responsavel: { nome: 'Marta Lima', documento: { tipo: 'cpf', numero: '11144477735' } },
    })
    serve([
      ['GET', list, () => [200, { participants: [lia], total: 1, nextCursor: null }]],
      ['GET', `${list}/p3`, () => [200, { ...lia, historico: [] }]],
    ])
    const user = userEvent.setup()
    renderTable()
    await user.click(await screen.findByRole('button', { name: 'Lia Menor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lia Menor' })
    await within(dialog).findByText('Nenhum registro.')
    expect(within(dialog).getByText('Responsável (menor de idade)').nextElementSibling).toHaveTextContent(
      'Marta Lima, CPF 111.444.777-35',
    )
  })
})
