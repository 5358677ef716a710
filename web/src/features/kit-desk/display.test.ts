import { describe, expect, it } from 'vitest'
import { alreadyPickedUp, formatPickupTime } from './display'

// REG-225: the desk is where the event is, so a pickup's time reads on the event's clock.
describe('formatPickupTime', () => {
  const at = '2027-03-14T12:15:00Z' // 07:15 in Rio Branco, 09:15 in São Paulo
  const later = new Date('2027-03-14T15:00:00Z')

  it("reads on the event's clock, Horário de Brasília when it names none", () => {
    expect(formatPickupTime(at, later, 'America/Rio_Branco')).toBe('07:15')
    expect(formatPickupTime(at, later, '')).toBe('09:15')
    expect(formatPickupTime(at, later)).toBe('09:15')
  })

  it("counts 'today' on that clock too", () => {
    // 03:30 UTC on the 15th is already the 15th in São Paulo, still the 14th in Rio Branco.
    const night = new Date('2027-03-15T03:30:00Z')
    expect(formatPickupTime(at, night, 'America/Rio_Branco')).toBe('07:15')
    expect(formatPickupTime(at, night, 'America/Sao_Paulo')).toBe('14/03 às 09:15')
    expect(
      alreadyPickedUp(
        { at, balcao: 'Balcão 1', por: 'Equipe' } as Parameters<typeof alreadyPickedUp>[0],
        night,
        'America/Rio_Branco',
      ),
    ).toBe('Kit já retirado às 07:15 no balcão 1')
  })
})
