import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Conflito } from './deviceStore'
import { ParticipantCard } from './ParticipantCard'
import { participant } from './testRoster'
import type { RosterParticipant } from './types'

function card(p: RosterParticipant, more: { unpaidBlocked?: boolean; conflict?: Conflito } = {}) {
  const handlers = { onPickup: vi.fn(), onUndo: vi.fn(), onAcknowledge: vi.fn() }
  render(
    <ul>
      <ParticipantCard
        participant={p}
        pending={undefined}
        conflict={more.conflict}
        unpaidBlocked={more.unpaidBlocked ?? false}
        canUndo={false}
        {...handlers}
      />
    </ul>,
  )
  return handlers
}

// KIT-11, KIT-12, UNPAID-2
describe('ParticipantCard and payment', () => {
  it('offers a paid kit as the usual pickup', async () => {
    const { onPickup } = card(participant('1', 'Ana Souza'))
    await userEvent.click(screen.getByRole('button', { name: /^Ana Souza.*Pago.*Entregar kit$/ }))
    expect(onPickup).toHaveBeenCalledOnce()
  })

  it('names the pickup of an unpaid kit for what it is', async () => {
    const { onPickup } = card(participant('1', 'Bia Lima', { pago: false }))
    await userEvent.click(screen.getByRole('button', { name: /^Bia Lima.*Não pago.*Entregar kit sem pagamento$/ }))
    expect(onPickup).toHaveBeenCalledOnce()
  })

  it('says why an unpaid kit the organizer forbids cannot go, with nothing to press', () => {
    card(participant('1', 'Caio Reis', { pago: false }), { unpaidBlocked: true })
    const item = screen.getByRole('listitem')
    expect(within(item).getByText('Não pago')).toBeVisible()
    expect(
      within(item).getByText(
        'Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.',
      ),
    ).toBeVisible()
    expect(within(item).queryByRole('button')).toBeNull()
  })

  it('shows a refused pickup of this desk with the server’s reason until acknowledged', async () => {
    const p = participant('1', 'Davi Nunes', { pago: false })
    const motivo = 'Inscrição não paga: a entrega sem pagamento não foi confirmada neste balcão.'
    const tentativa = {
      id: 'x',
      participantId: '1',
      at: '2026-05-10T12:14:00Z',
      retiradoPor: null,
      camisetaEntregue: 'M',
      balcao: 'Balcão 1',
    }
    const { onAcknowledge } = card(p, {
      conflict: { eventId: 'ev', participantId: '1', tentativa, vencedor: null, motivo },
    })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Retirada recusada')
    expect(alert).toHaveTextContent(`A retirada registrada aqui em 10/05 às 09:14 não valeu. ${motivo}`)
    await userEvent.click(within(alert).getByRole('button', { name: 'Entendi' }))
    expect(onAcknowledge).toHaveBeenCalledWith('1')
  })
})

// KIT-3
describe('ParticipantCard and documents', () => {
  it('writes a whole CPF as the participants list does, and a masked one as it came', () => {
    card(participant('1', 'Ana Souza', { documento: { tipo: 'cpf', numero: '52998224725' } }))
    card(participant('2', 'Bia Lima', { documento: { tipo: 'cpf', numero: '***.982.247-**' } }))
    expect(screen.getByText('CPF 529.982.247-25')).toBeVisible()
    expect(screen.getByText('CPF ***.982.247-**')).toBeVisible()
  })
})

// REG-254: a minor's card tells the desk to check the guardian's authorization, naming the guardian.
describe('ParticipantCard and minors', () => {
  it('shows the notice with the guardian of a minor, and none for an adult', () => {
    card(participant('1', 'Lia Menor', { responsavel: 'Marta Lima' }))
    const item = screen.getByRole('listitem')
    expect(within(item).getByText('Menor de idade: conferir autorização do responsável')).toBeVisible()
    expect(item).toHaveTextContent('Menor de idade: conferir autorização do responsável (Marta Lima)')
    expect(
      screen.getByRole('button', {
        name: /Lia Menor.*Menor de idade: conferir autorização do responsável \(Marta Lima\)/,
      }),
    ).toBeVisible()
  })

  it('says nothing of a guardian for an adult', () => {
    card(participant('1', 'Ana Souza'))
    expect(screen.queryByText(/Menor de idade/)).toBeNull()
  })
})
