import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Organizador } from '../../lib/events/event'
import type { Order } from '../../lib/registration/orders'
import { Receipt } from './Receipt'

const reais = (text: string) => text.replace(/R\$ /g, 'R$\u00a0')

function paidOrder(over: Partial<Order> = {}): Order {
  return {
    id: 'ped_7f3a9c',
    eventId: 'e1',
    status: 'pago',
    total: 169.85,
    criadoEm: '2026-03-01T01:10:00Z',
    expiraEm: '2026-03-01T01:40:00Z',
    // 22:30 of 28 February in São Paulo, already 1 March in UTC: the receipt says the buyer's day.
    pagoEm: '2026-03-01T01:30:00Z',
    inscricoes: [
      {
        id: 'r1',
        codigo: 'ABCDEFGH23',
        nome: 'Ana Souza',
        percurso: '10 km',
        categoria: 'F30-34',
        camiseta: 'M',
        lote: '2º lote',
        valor: 89.9,
        desconto: 0,
        total: 89.9,
        status: 'confirmada',
      },
      {
        id: 'r2',
        codigo: 'HJKMNPQR45',
        nome: 'Bia Souza',
        percurso: '5 km',
        categoria: '60+',
        camiseta: 'P',
        lote: '2º lote',
        valor: 99.9,
        desconto: 19.95,
        total: 79.95,
        status: 'confirmada',
      },
    ],
    reembolsos: [],
    ...over,
  }
}

function receipt(order: Order, organizador?: Organizador) {
  render(<Receipt order={order} organizador={organizador} />)
  return screen.getByRole('region', { name: 'Recibo' })
}

/** The receipt's label and value pairs, as "label: value". */
const pairs = (scope: HTMLElement) =>
  Array.from(scope.querySelectorAll('dl > div')).map(
    (row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`,
  )

// REG-165
describe('Receipt', () => {
  it('shows the order number, when it was paid in São Paulo, each athlete with lot, price, discount and total, and the total paid', () => {
    const section = receipt(paidOrder())
    expect(section).toHaveAttribute('id', 'recibo')
    expect(pairs(section).slice(0, 2)).toEqual(['Pedido: ped_7f3a9c', 'Pago em: 28/02/2026, 22:30'])

    const athletes = within(within(section).getByRole('list', { name: 'Inscrições pagas' })).getAllByRole('listitem')
    expect(athletes).toHaveLength(2)
    expect(athletes[0]).toHaveTextContent('Ana Souza')
    expect(athletes[0]).toHaveTextContent('10 km · 2º lote')
    expect(pairs(athletes[1]!)).toEqual([
      reais('Valor: R$ 99,90'),
      reais('Desconto: R$ 19,95'),
      reais('Total: R$ 79,95'),
    ])
    expect(pairs(section)).toContain(reais('Total pago: R$ 169,85'))
    // No refund, nothing to take off.
    expect(within(section).queryByRole('heading', { name: 'Reembolsos' })).not.toBeInTheDocument()
  })

  // GRP-21: a discount the group's tier gave is named with its percent.
  it('names a group discount with its tier', () => {
    const ana = paidOrder().inscricoes[0]!
    const section = receipt(paidOrder({ inscricoes: [{ ...ana, desconto: 8.99, total: 80.91, descontoGrupo: 10 }] }))
    const athlete = within(within(section).getByRole('list', { name: 'Inscrições pagas' })).getByRole('listitem')
    expect(pairs(athlete)).toEqual([
      reais('Valor: R$ 89,90'),
      reais('Desconto de grupo 10%: R$ 8,99'),
      reais('Total: R$ 80,91'),
    ])
  })

  it('lists every refund with its amount, status and time, and what stays paid without the ones not made', () => {
    const section = receipt(
      paidOrder({
        reembolsos: [
          { valor: 10.5, status: 'DEVOLVIDO', horario: '2026-03-02T02:59:00Z' },
          { valor: 20, status: 'EM_PROCESSAMENTO', horario: '2026-03-05T15:00:00Z' },
          { valor: 5, status: 'NAO_REALIZADO', horario: '2026-03-04T12:00:00Z' },
        ],
      }),
    )
    const refunds = within(within(section).getByRole('list', { name: 'Reembolsos' })).getAllByRole('listitem')
    expect(refunds.map((li) => li.textContent)).toEqual([
      reais('01/03/2026, 23:59 · DevolvidoR$ 10,50'),
      reais('05/03/2026, 12:00 · Em processamentoR$ 20,00'),
      reais('04/03/2026, 09:00 · Não realizadoR$ 5,00'),
    ])
    expect(pairs(section)).toContain(reais('Pago, descontados os reembolsos: R$ 139,35'))
  })

  it('stays for an order refunded in full', () => {
    const section = receipt(
      paidOrder({
        status: 'reembolsado',
        reembolsos: [{ valor: 169.85, status: 'DEVOLVIDO', horario: '2026-03-02T12:00:00Z' }],
      }),
    )
    expect(pairs(section)).toContain(reais('Pago, descontados os reembolsos: R$ 0,00'))
  })

  it('is not shown for an order never paid', () => {
    render(<Receipt order={paidOrder({ status: 'expirado', pagoEm: null })} />)
    expect(screen.queryByRole('region', { name: 'Recibo' })).not.toBeInTheDocument()
  })
})

describe("the receipt's seller", () => {
  // REG-270
  it("names the organizer's legal name and CNPJ and the payment method, and prints", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const section = receipt(paidOrder(), { razaoSocial: 'Flores Eventos Esportivos Ltda.', cnpj: '11.222.333/0001-81' })
    expect(pairs(section).slice(0, 5)).toEqual([
      'Pedido: ped_7f3a9c',
      'Pago em: 28/02/2026, 22:30',
      'Forma de pagamento: Pix',
      'Organizador: Flores Eventos Esportivos Ltda.',
      'CNPJ: 11.222.333/0001-81',
    ])
    await userEvent.click(within(section).getByRole('button', { name: 'Imprimir recibo' }))
    expect(print).toHaveBeenCalledTimes(1)
    print.mockRestore()
  })

  it('leaves out the organizer rows an event does not give', () => {
    const section = receipt(paidOrder(), { razaoSocial: '', cnpj: '' })
    expect(pairs(section).slice(0, 4)).toEqual([
      'Pedido: ped_7f3a9c',
      'Pago em: 28/02/2026, 22:30',
      'Forma de pagamento: Pix',
      reais('Valor: R$ 89,90'),
    ])
  })
})
