import type { Order } from '../../lib/registration/orders'

/** How often the order page reads an order awaiting payment (docs/requirements.md REG-81). */
export const pollEveryMs = 2000

type Watch = {
  /** The order as the page has it now: watching goes on while it awaits payment. */
  order: Order
  load: (signal: AbortSignal) => Promise<Order>
  onOrder: (order: Order) => void
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
  every?: number
}

export type OrderWatch = { stop: () => void; readNow: () => void }

/**
 * Reads the order every `every` ms while it awaits payment and the page is visible, so that a
 * payment shows within the 3 s the webhook budget allows; a hidden page reads nothing and reads
 * at once when shown again. A failed read is tried again at the next turn.
 */
export function watchOrder({ order, load, onOrder, doc = document, every = pollEveryMs }: Watch): OrderWatch {
  let awaiting = order.status === 'aguardando_pagamento'
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let reading: AbortController | undefined

  const schedule = () => {
    clearTimeout(timer)
    timer = undefined
    if (!stopped && awaiting && doc.visibilityState !== 'hidden') timer = setTimeout(read, every)
  }
  const read = () => {
    clearTimeout(timer)
    timer = undefined
    if (stopped || !awaiting || reading) return
    const controller = new AbortController()
    reading = controller
    load(controller.signal).then(
      (next) => {
        reading = undefined
        if (stopped) return
        awaiting = next.status === 'aguardando_pagamento'
        onOrder(next)
        schedule()
      },
      () => {
        reading = undefined
        schedule()
      },
    )
  }
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') {
      clearTimeout(timer)
      timer = undefined
    } else read()
  }
  doc.addEventListener('visibilitychange', onVisibility)
  schedule()
  return {
    stop: () => {
      stopped = true
      clearTimeout(timer)
      reading?.abort()
      doc.removeEventListener('visibilitychange', onVisibility)
    },
    readNow: read,
  }
}

/** The time left until `expiraEm` as a clock ("29:05", "1:02:03"); "0:00" once passed. */
export function timeLeft(expiraEm: string, now: number): string {
  const total = Math.max(0, Math.floor((Date.parse(expiraEm) - now) / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
