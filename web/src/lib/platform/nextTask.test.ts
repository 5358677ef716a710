import { describe, expect, it } from 'vitest'
import { nextTask } from './nextTask'

describe('nextTask', () => {
  it('settles after the work already queued in this task (promise callbacks)', async () => {
    const order: string[] = []
    const waited = nextTask().then(() => order.push('next task'))
    void Promise.resolve().then(() => order.push('this task'))
    await waited
    expect(order).toEqual(['this task', 'next task'])
  })

  it('settles many times in a row, one after another', async () => {
    let count = 0
    for (let i = 0; i < 200; i++) {
      await nextTask()
      count++
    }
    expect(count).toBe(200)
  })
})
