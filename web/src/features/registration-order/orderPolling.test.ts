import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '../../lib/registration/orders'
import { pollEveryMs, timeLeft, watchOrder } from './orderPolling'

function order(status: Order['status']): Order {
  return {
    id: 'p1',
    eventId: 'e1',
    status,
    total: 89.9,
    criadoEm: '',
    expiraEm: '',
    pagoEm: null,
    inscricoes: [],
    reembolsos: [],
  }
}

/** A page whose visibility the test sets, and tells the listeners of. */
function page() {
  const listeners = new Set<() => void>()
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state
    listeners.forEach((l) => l())
  }
  return { doc: doc as unknown as Document, show, listeners }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

// REG-81
describe('watchOrder', () => {
  it('reads the order every 2 s while it awaits payment, then stops once it is paid', async () => {
    const answers = [order('aguardando_pagamento'), order('pago')]
    const load = vi.fn(() => Promise.resolve(answers.shift()!))
    const onOrder = vi.fn()
    const { doc } = page()
    watchOrder({ order: order('aguardando_pagamento'), load, onOrder, doc })

    await vi.advanceTimersByTimeAsync(pollEveryMs - 1)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(pollEveryMs)
    expect(load).toHaveBeenCalledTimes(2)
    expect(onOrder).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pago' }))
    await vi.advanceTimersByTimeAsync(10 * pollEveryMs)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('reads nothing while the page is hidden, and at once when it is shown again', async () => {
    const load = vi.fn(() => Promise.resolve(order('aguardando_pagamento')))
    const { doc, show } = page()
    watchOrder({ order: order('aguardando_pagamento'), load, onOrder: () => {}, doc })
    show('hidden')
    await vi.advanceTimersByTimeAsync(10 * pollEveryMs)
    expect(load).not.toHaveBeenCalled()
    show('visible')
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(pollEveryMs)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tries again after a failed read, reads now when asked, and stops for good', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(order('aguardando_pagamento'))
    const { doc, listeners } = page()
    const watch = watchOrder({ order: order('aguardando_pagamento'), load, onOrder: () => {}, doc })
    await vi.advanceTimersByTimeAsync(pollEveryMs)
    await vi.advanceTimersByTimeAsync(pollEveryMs)
    expect(load).toHaveBeenCalledTimes(2)
    watch.readNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(3)
    watch.stop()
    await vi.advanceTimersByTimeAsync(10 * pollEveryMs)
    expect(load).toHaveBeenCalledTimes(3)
    expect(listeners.size).toBe(0)
  })

  it('does not watch an order that no longer awaits payment', async () => {
    const load = vi.fn(() => Promise.resolve(order('pago')))
    watchOrder({ order: order('expirado'), load, onOrder: () => {}, doc: page().doc })
    await vi.advanceTimersByTimeAsync(10 * pollEveryMs)
    expect(load).not.toHaveBeenCalled()
  })
})

// REG-80
describe('timeLeft', () => {
  const expiraEm = '2030-05-01T12:30:00Z'
  const at = (iso: string) => Date.parse(iso)
  it('counts minutes and seconds, hours when there are, and stops at zero', () => {
    expect(timeLeft(expiraEm, at('2030-05-01T12:00:00Z'))).toBe('30:00')
    expect(timeLeft(expiraEm, at('2030-05-01T12:29:51.500Z'))).toBe('0:08')
    expect(timeLeft(expiraEm, at('2030-05-01T10:27:57Z'))).toBe('2:02:03')
    expect(timeLeft(expiraEm, at('2030-05-01T12:31:00Z'))).toBe('0:00')
  })
})
