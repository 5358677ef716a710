import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useResource } from './resource'

function Probe({
  id,
  load,
  initialPath,
}: {
  id: string
  load: (signal: AbortSignal) => Promise<string>
  initialPath?: string
}) {
  const r = useResource(
    id,
    load,
    initialPath
      ? { path: initialPath, read: (answer) => (typeof answer === 'string' ? answer : undefined) }
      : undefined,
  )
  return <p>{r.state === 'ready' ? r.data : r.state}</p>
}

describe('useResource', () => {
  it('reports loading, then the data', async () => {
    render(<Probe id="a" load={() => Promise.resolve('pronto')} />)
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByText('pronto')).toBeInTheDocument()
  })

  it('logs a failure and reports error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<Probe id="b" load={() => Promise.reject(new Error('falhou'))} />)
    expect(await screen.findByText('error')).toBeInTheDocument()
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })

  it('aborts the previous request when the key changes', async () => {
    const signals: AbortSignal[] = []
    const load = (signal: AbortSignal) => {
      signals.push(signal)
      return new Promise<string>(() => {})
    }
    const { rerender } = render(<Probe id="x" load={load} />)
    rerender(<Probe id="y" load={load} />)
    expect(signals.at(-2)?.aborted).toBe(true)
    expect(signals.at(-1)?.aborted).toBe(false)
  })

  it('takes the data the server put in the page on the first render, then forgets it', async () => {
    const block = document.createElement('script')
    block.type = 'application/json'
    block.id = 'initial-data'
    block.textContent = JSON.stringify({ '/api/coisa': 'da página' })
    document.head.append(block)
    const load = vi.fn(() => Promise.resolve('da API'))
    const first = render(<Probe id="c" load={load} initialPath="/api/coisa" />)
    expect(screen.getByText('da página')).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()
    first.unmount()

    // A later visit (client-side navigation) fetches.
    render(<Probe id="c" load={load} initialPath="/api/coisa" />)
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByText('da API')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
    block.remove()
  })
})
