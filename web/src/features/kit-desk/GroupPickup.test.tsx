import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GroupPickup } from './GroupPickup'
import { participant } from './testRoster'
import type { Checkin, GrupoNoBalcao } from './types'

afterEach(() => vi.unstubAllGlobals())

const grupo = { grupo: 'Assessoria Pé na Areia', grupoCodigo: 'ABCD2345' }
const kit = { at: '2026-05-10T12:00:00Z', balcao: 'Balcão 1', por: 'Equipe', retiradoPor: null, camisetaEntregue: 'M' }
const members = [
  participant('1', 'Ana Paga', grupo),
  participant('2', 'Bia Sem Pagar', { ...grupo, pago: false }),
  participant('3', 'Caio Pago', { ...grupo, camiseta: 'G' }),
  participant('4', 'Duda Já Retirou', { ...grupo, kitRetirado: kit }),
]

/** GET /api/i/ABCD2345 answers the group (online), or the network fails (offline). */
function serve(answer: GrupoNoBalcao | null) {
  const fetch = vi.fn(async () => {
    if (!answer) throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify({ role: 'equipe', eventId: 'ev1', codigo: 'ABCD2345', grupo: answer }), {
      status: 200,
    })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function show(props: { unpaidBlocked?: boolean; pending?: Map<string, Checkin> } = {}) {
  const onDeliver = vi.fn()
  render(
    <GroupPickup
      codigo="ABCD2345"
      members={members}
      pending={props.pending ?? new Map()}
      conflicts={new Map()}
      unpaidBlocked={props.unpaidBlocked ?? false}
      onDeliver={onDeliver}
      onClose={() => {}}
    />,
  )
  return onDeliver
}

const rows = () => within(screen.getByRole('list', { name: 'Inscritos do grupo' })).getAllByRole('listitem')

describe('GroupPickup', () => {
  // GRP-62, GRP-63
  it('hands the paid kits together to the coach the server names, listing the unpaid and the held as refused', async () => {
    const fetch = serve({
      id: 'g1',
      nome: 'Assessoria Pé na Areia',
      coaches: [{ nome: 'Carla Treinadora' }],
      membros: [
        { participantId: '1', nome: 'Ana Paga', pago: true },
        { nome: 'Eli Espera', pago: false },
      ],
    })
    const onDeliver = show()
    expect(fetch).toHaveBeenCalledWith('/api/i/ABCD2345', expect.anything())
    expect(screen.getByRole('heading', { name: 'Kits do grupo Assessoria Pé na Areia' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Nome do responsável')).toHaveValue('Carla Treinadora')
    expect(screen.getByText('Treinador(a) do grupo: Carla Treinadora.')).toBeInTheDocument()
    const list = rows()
    expect(list.map((li) => within(li).queryByRole('checkbox') !== null)).toEqual([true, false, true, false, false])
    expect(list[1]).toHaveTextContent('Inscrição não paga: não entra na entrega ao responsável.')
    expect(list[3]).toHaveTextContent('Kit retirado')
    expect(list[4]).toHaveTextContent('Eli EsperaInscrição aguardando pagamento: não há kit para entregar.')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Entregar 2 kits ao responsável' }))
    expect(screen.getByText('Informe o documento do responsável pelo grupo.')).toBeInTheDocument()
    expect(onDeliver).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Documento do responsável'), '12.345.678-9')
    await user.click(screen.getByRole('button', { name: 'Entregar 2 kits ao responsável' }))
    expect(onDeliver).toHaveBeenCalledWith([members[0], members[2]], {
      nome: 'Carla Treinadora',
      documento: '12.345.678-9',
    })
  })

  // GRP-62, GRP-63
  it('works offline from the roster: the coach is typed, a kit can be left out, a blocked unpaid one says why', async () => {
    serve(null)
    const onDeliver = show({ unpaidBlocked: true })
    expect(rows()[1]).toHaveTextContent(
      'Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.',
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: /Caio Pago/ }))
    await user.type(screen.getByLabelText('Nome do responsável'), 'Carla')
    await user.type(screen.getByLabelText('Documento do responsável'), 'RG 123')
    await user.click(screen.getByRole('button', { name: 'Entregar 1 kit ao responsável' }))
    expect(onDeliver).toHaveBeenCalledWith([members[0]], { nome: 'Carla', documento: 'RG 123' })
  })

  // GRP-64
  it('refuses to hand none, and leaves out a kit already waiting to be sent', async () => {
    serve(null)
    const pending = new Map([
      [
        '1',
        {
          id: 'x',
          participantId: '1',
          at: '2026-05-10T12:14:00Z',
          retiradoPor: null,
          camisetaEntregue: 'M',
          balcao: 'Balcão 1',
        },
      ],
    ])
    const onDeliver = show({ pending })
    expect(rows()[0]).toHaveTextContent('aguardando envio')
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: /Caio Pago/ }))
    await user.type(screen.getByLabelText('Nome do responsável'), 'Carla')
    await user.type(screen.getByLabelText('Documento do responsável'), 'RG 123')
    await user.click(screen.getByRole('button', { name: 'Entregar 0 kits ao responsável' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Marque ao menos um kit pago para entregar.')
    expect(onDeliver).not.toHaveBeenCalled()
  })
})
