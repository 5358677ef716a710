import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MyRegistration } from '../../../lib/registration/orders'
import { editOpen } from './registrationActions'

const lateInAcre = new Date('2027-03-11T04:30:00Z') // 23:30 of the 10th in Rio Branco, 01:30 of the 11th in São Paulo

function withEvent(fusoHorario: string | undefined): MyRegistration {
  return {
    evento: {
      id: 'meia-do-acre-2027',
      titulo: 'Meia do Acre',
      dataEvento: '2027-03-14',
      edicaoAte: '2027-03-10',
      fusoHorario,
      tamanhosCamiseta: [],
    },
  } as unknown as MyRegistration
}

// REG-222: Minhas inscrições offers the edit through edicaoAte on the event's own clock.
describe('editOpen', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("keeps the edit open until midnight of edicaoAte on the event's clock", () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(lateInAcre)
    expect(editOpen(withEvent('America/Rio_Branco'))).toBe(true)
    expect(editOpen(withEvent('America/Sao_Paulo'))).toBe(false)
    expect(editOpen(withEvent(undefined))).toBe(false) // an answer without the zone is read on Horário de Brasília
  })
})
