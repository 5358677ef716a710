import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useResource } from './resource'

function Probe({ id, load }: { id: string; load: (signal: AbortSignal) => Promise<string> }) {
  const r = useResource(id, load)
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
})
