import { describe, expect, it } from 'vitest'
import { soonestFirst } from './eventOrder'

describe('soonestFirst (TEAM-9)', () => {
  it('lists the upcoming events soonest first, undated after them, then the past ones most recent first', () => {
    const dates = ['2026-01-10', '2027-03-01', '', '2026-06-01', '2025-12-31', '2026-05-20', '2026-05-20']
    const order = soonestFirst(
      dates.map((d, i) => ({ d, i })),
      (e) => e.d,
      '2026-05-20',
    ).map((e) => e.d)
    expect(order).toEqual(['2026-05-20', '2026-05-20', '2026-06-01', '2027-03-01', '', '2026-01-10', '2025-12-31'])
  })
})
