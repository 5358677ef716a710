import { describe, expect, it } from 'vitest'
import { summary } from '../../../lib/testing/testEvents'
import { panelEvents, resultSetsText, totalsOf } from './panelEvents'

const counts = (total: number, pagos: number, kitRetirado: number, valorPago: number, valorPendente: number) => ({
  total, pagos, kitRetirado, valorPago, valorPendente, porPercurso: {}, porSexo: {}, porCamiseta: {},
})

describe('the organizer panel (ORG-13)', () => {
  it("takes the user's events and those they manage, once each, the next first; not the kit desk's", () => {
    const own = summary({ id: 'a', dataEvento: '2999-05-01' })
    const managed = summary({ id: 'b', dataEvento: '2999-01-01' })
    const desk = summary({ id: 'c', dataEvento: '2999-02-01' })
    const events = panelEvents(
      [own],
      [
        { role: 'gestao', event: managed },
        { role: 'retirada', event: desk },
        { role: 'gestao', event: own },
      ],
    )
    expect(events.map((e) => [e.event.id, e.role])).toEqual([
      ['b', 'gestao'],
      ['a', 'owner'],
    ])
  })

  it('adds the figures up across events, skipping one that could not be read', () => {
    expect(
      totalsOf([
        { summary: counts(10, 8, 3, 800, 200), sets: [] },
        { summary: null, sets: null },
        { summary: counts(5, 5, 5, 449.5, 0), sets: [] },
      ]),
    ).toEqual({ inscritos: 15, pagos: 13, kits: 8, valorPago: 1249.5, valorPendente: 200 })
  })

  it('says how many result sets are official and how many preliminary', () => {
    expect(resultSetsText([{ status: 'oficial' }, { status: 'oficial' }, { status: 'preliminar' }])).toBe('2 oficiais · 1 preliminar')
    expect(resultSetsText([{ status: 'preliminar' }])).toBe('1 preliminar')
    expect(resultSetsText([])).toBe('Nenhum resultado publicado')
  })
})
