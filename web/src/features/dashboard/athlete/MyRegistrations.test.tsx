import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from '../../../app/routing'
import type { MyRegistration } from '../../../lib/registration/orders'
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
    evento: { id: 'corrida-da-lagoa-2030', titulo: 'Corrida da Lagoa', dataEvento: '2030-05-01' },
    ...over,
  }
}

function serve(inscricoes: MyRegistration[]) {
  const fetch = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify({ inscricoes }), { status: 200 })))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => vi.unstubAllGlobals())

// REG-83
describe('MyRegistrations', () => {
  it('lists each registration with its event, status, bib, QR code and, for its buyer, the order', async () => {
    const fetch = serve([
      registration({ numeroPeito: 512 }),
      registration({ id: 'r2', codigo: 'HJKMNPQR45', nome: 'Dani Dias', comprador: false, pedidoId: 'p2' }),
      registration({ id: 'r3', codigo: undefined, status: 'pendente', pedidoStatus: 'aguardando_pagamento', pedidoId: 'p3' }),
    ])
    render(
      <MemoryRouter>
        <MyRegistrations />
      </MemoryRouter>,
    )
    expect(screen.getByText('Carregando suas inscrições...')).toBeInTheDocument()
    const items = await screen.findAllByRole('listitem')
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/me/inscricoes')
    expect(items).toHaveLength(3)

    const paid = within(items[0]!)
    expect(paid.getByRole('heading', { name: 'Corrida da Lagoa' })).toBeInTheDocument()
    expect(paid.getByText('01/05/2030')).toBeInTheDocument()
    expect(paid.getByText('Confirmada')).toBeInTheDocument()
    expect(paid.getByText('Número de peito: 512')).toBeInTheDocument()
    expect(paid.getByRole('img', { name: 'QR code da inscrição ABCDEFGH23' })).toHaveAttribute('src', '/api/i/ABCDEFGH23/qrcode.png')
    expect(paid.getByRole('link', { name: 'Ver pedido' })).toHaveAttribute('href', '/inscricao/corrida-da-lagoa-2030/pedido/p1')

    // Bought by someone else for this account's e-mail: no order to open, no bib yet.
    const theirs = within(items[1]!)
    expect(theirs.queryByRole('link')).not.toBeInTheDocument()
    expect(theirs.queryByText(/Número de peito/)).not.toBeInTheDocument()

    const awaiting = within(items[2]!)
    expect(awaiting.getByText('Aguardando pagamento')).toBeInTheDocument()
    expect(awaiting.queryByRole('img')).not.toBeInTheDocument()
  })

  it('says when there is none', async () => {
    serve([])
    render(
      <MemoryRouter>
        <MyRegistrations />
      </MemoryRouter>,
    )
    expect(await screen.findByText('Você ainda não tem inscrições feitas pelo Pelotão.')).toBeInTheDocument()
  })
})
