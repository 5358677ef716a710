import { describe, expect, it } from 'vitest'
import { fillQuarters } from './quarters'

describe('fillQuarters', () => {
  it('fills the empty quarters between two with pickups', () => {
    const filled = fillQuarters([
      { inicio: '2026-05-09T12:00:00.000Z', retirados: 4 },
      { inicio: '2026-05-09T12:45:00.000Z', retirados: 2 },
    ])
    expect(filled).toEqual([
      { inicio: '2026-05-09T12:00:00.000Z', retirados: 4 },
      { inicio: '2026-05-09T12:15:00.000Z', retirados: 0 },
      { inicio: '2026-05-09T12:30:00.000Z', retirados: 0 },
      { inicio: '2026-05-09T12:45:00.000Z', retirados: 2 },
    ])
  })

  it('does not fill the night between two pickup days', () => {
    const days = [
      { inicio: '2026-05-08T20:00:00.000Z', retirados: 1 },
      { inicio: '2026-05-10T12:00:00.000Z', retirados: 1 },
    ]
    expect(fillQuarters(days)).toEqual(days)
  })

  it('keeps an empty list empty', () => {
    expect(fillQuarters([])).toEqual([])
  })
})
