import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FoundList, firstCards } from './FoundList'
import type { SearchResult } from './search'

// jsdom lays nothing out: the list's end is "seen" when a test says so.
let observers: { callback: IntersectionObserverCallback; target: Element | null }[] = []
beforeEach(() => {
  observers = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; target: Element | null }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, target: null }
        observers.push(this.entry)
      }
      observe(target: Element) {
        this.entry.target = target
      }
      disconnect() {
        observers = observers.filter((o) => o !== this.entry)
      }
    },
  )
})
afterEach(() => vi.unstubAllGlobals())

function endSeen() {
  act(() => {
    for (const o of [...observers])
      o.callback([{ isIntersecting: true, target: o.target! } as IntersectionObserverEntry], {} as IntersectionObserver)
  })
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`)
const list = (found: SearchResult) => <FoundList found={found} card={(id) => <li key={id}>{id}</li>} busy={false} />
const drawn = () => screen.queryAllByRole('listitem').map((li) => li.textContent)

// KIT-13
describe('FoundList', () => {
  it('draws a screenful of cards, and the others once the list is scrolled to its end', () => {
    render(list({ ids: ids(10), more: true }))
    expect(drawn()).toEqual(ids(firstCards))
    expect(screen.queryByText(/Há mais resultados/)).toBeNull()

    endSeen()
    expect(drawn()).toEqual(ids(10))
    expect(screen.getByText('Há mais resultados: digite mais letras do nome.')).toBeInTheDocument()
  })

  it('starts from a screenful again for other cards, and keeps them all for the same ones', () => {
    const { rerender } = render(list({ ids: ids(8), more: false }))
    endSeen()
    expect(drawn()).toHaveLength(8)

    // A search that finds the same participants (one more letter of the same name).
    rerender(list({ ids: ids(8), more: false }))
    expect(drawn()).toHaveLength(8)

    rerender(list({ ids: ids(9), more: false }))
    expect(drawn()).toEqual(ids(firstCards))
    endSeen()
    expect(drawn()).toEqual(ids(9))
  })

  it('draws a short result whole, with nothing to wait for', () => {
    render(list({ ids: ids(3), more: false }))
    expect(drawn()).toEqual(ids(3))
    expect(observers).toHaveLength(0)
  })
})
