import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { alreadyPickedUp } from './display'
import { rosterSizes } from './display'
import { PickupDialog } from './PickupDialog'
import { participant } from './testRoster'

const sizes = ['PP', 'P', 'M', 'G', 'GG']

describe('PickupDialog', () => {
  // KIT-4
  it("offers the roster's sizes, children's first, and none the event does not stock", () => {
    const roster = [
      participant('1', 'A', { camiseta: 'GG' }),
      participant('2', 'B', { camiseta: 'Infantil' }),
      participant('3', 'C', { camiseta: 'P' }),
      participant('4', 'D', { camiseta: '' }),
      participant('5', 'E', { camiseta: 'GG' }),
    ]
    expect(rosterSizes(roster)).toEqual(['Infantil', 'P', 'GG'])
    render(
      <PickupDialog sizes={rosterSizes(roster)} participant={roster[0]!} onConfirm={() => {}} onClose={() => {}} />,
    )
    expect([...(screen.getByLabelText('Camiseta entregue') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Infantil',
      'P',
      'GG (pedida)',
    ])
  })

  it('records no size for a registration without one unless the volunteer picks one', async () => {
    const onConfirm = vi.fn()
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza', { camiseta: '' })}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    const select = screen.getByLabelText('Camiseta entregue')
    expect(select).toHaveValue('')
    expect(select).toHaveDisplayValue('Não informada')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }))
    expect(onConfirm).toHaveBeenCalledWith({ retiradoPor: null, camisetaEntregue: '', semPagamento: false })
  })

  it('records a pickup by the athlete with the shirt ordered, by default', async () => {
    const onConfirm = vi.fn()
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza', { camiseta: 'GG' })}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    expect(screen.getByLabelText('Camiseta entregue')).toHaveValue('GG')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }))
    expect(onConfirm).toHaveBeenCalledWith({ retiradoPor: null, camisetaEntregue: 'GG', semPagamento: false })
  })

  it('asks a third party for name and document, and keeps the shirt handed when it differs', async () => {
    const onConfirm = vi.fn()
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza')}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    await userEvent.click(screen.getByLabelText('Outra pessoa, com autorização'))
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByText('Informe o nome de quem retira.')).toBeVisible()
    expect(screen.getByText('Informe o documento de quem retira.')).toBeVisible()
    await userEvent.type(screen.getByLabelText('Nome de quem retira'), ' Bruno Souza ')
    await userEvent.type(screen.getByLabelText('Documento de quem retira (RG ou CPF)'), 'RG 12.345.678-9')
    await userEvent.selectOptions(screen.getByLabelText('Camiseta entregue'), 'G')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }))
    expect(onConfirm).toHaveBeenCalledWith({
      retiradoPor: { nome: 'Bruno Souza', documento: 'RG 12.345.678-9' },
      camisetaEntregue: 'G',
      semPagamento: false,
    })
  })

  // KIT-11
  it('says plainly that a registration is not paid and hands its kit only once that is ticked', async () => {
    const onConfirm = vi.fn()
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza', { pago: false })}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    expect(screen.getByText('Inscrição não paga')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Confirmar retirada' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Entregar sem pagamento' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Marque a confirmação para entregar o kit sem pagamento.')
    await userEvent.click(screen.getByLabelText('Confirmo a entrega do kit sem pagamento'))
    await userEvent.click(screen.getByRole('button', { name: 'Entregar sem pagamento' }))
    expect(onConfirm).toHaveBeenCalledWith({ retiradoPor: null, camisetaEntregue: 'M', semPagamento: true })
  })

  // UNPAID-2
  it('is handled by keyboard alone: opens on the confirmation, says why, and takes the focus back there when it is missing', async () => {
    const onConfirm = vi.fn()
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza', { pago: false })}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Retirada do kit' })
    expect(dialog).toHaveAccessibleDescription(/^Inscrição não paga A inscrição de Ana Souza consta como não paga\./)
    const box = screen.getByRole('checkbox', { name: 'Confirmo a entrega do kit sem pagamento' })
    expect(box).toHaveFocus()

    const toTheButton = async () => {
      await userEvent.tab() // the radio group: who takes it
      await userEvent.tab() // the shirt
      await userEvent.tab()
      expect(screen.getByRole('button', { name: 'Entregar sem pagamento' })).toHaveFocus()
    }
    await toTheButton()
    await userEvent.keyboard('{Enter}')
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Marque a confirmação para entregar o kit sem pagamento.')
    expect(box).toHaveFocus()
    expect(box).toHaveAccessibleDescription('Marque a confirmação para entregar o kit sem pagamento.')

    await userEvent.keyboard(' ')
    expect(box).toBeChecked()
    await toTheButton()
    await userEvent.keyboard('{Enter}')
    expect(onConfirm).toHaveBeenCalledWith({ retiradoPor: null, camisetaEntregue: 'M', semPagamento: true })
  })

  it('opens a paid registration on who takes the kit, with no payment warning', () => {
    render(
      <PickupDialog
        sizes={sizes}
        participant={participant('1', 'Ana Souza')}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('radio', { name: 'O próprio atleta' })).toHaveFocus()
    expect(screen.getByRole('dialog', { name: 'Retirada do kit' })).not.toHaveAccessibleDescription()
    expect(screen.queryByText('Inscrição não paga')).toBeNull()
  })
})

describe('alreadyPickedUp', () => {
  const kit = { at: '2026-05-10T12:14:00Z', balcao: 'Balcão 1', por: 'Ana', retiradoPor: null, camisetaEntregue: 'M' }
  it('says when and at which desk, in São Paulo time', () => {
    expect(alreadyPickedUp(kit, new Date('2026-05-10T15:00:00Z'))).toBe('Kit já retirado às 09:14 no balcão 1')
  })
  it('names the day when it was not today', () => {
    expect(alreadyPickedUp(kit, new Date('2026-05-11T15:00:00Z'))).toBe('Kit já retirado em 10/05 às 09:14 no balcão 1')
  })
})
