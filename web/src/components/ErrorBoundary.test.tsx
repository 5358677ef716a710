import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary'

// A part of a page that fails while failing is true, as a component reading a missing field would.
let failing = true
function Part() {
  if (failing) throw new TypeError("Cannot read properties of undefined (reading 'trim')")
  return <p>conteúdo da página</p>
}

describe('ErrorBoundary', () => {
  let log: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    failing = true
    log = vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => log.mockRestore())

  it('shows a message in place of the failed part and logs the failure', () => {
    render(
      <>
        <header>cabeçalho</header>
        <ErrorBoundary>
          <Part />
        </ErrorBoundary>
      </>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Algo deu errado ao mostrar esta página.')
    expect(screen.getByText('cabeçalho')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/')
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ name: 'TypeError' }), expect.anything())
  })

  it("'Tentar novamente' draws the part again", async () => {
    render(
      <ErrorBoundary>
        <Part />
      </ErrorBoundary>,
    )
    failing = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(screen.getByText('conteúdo da página')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('starts afresh when its reset key (the page address) changes', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/event/a">
        <Part />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toBeInTheDocument()
    failing = false
    rerender(
      <ErrorBoundary resetKey="/about">
        <Part />
      </ErrorBoundary>,
    )
    expect(screen.getByText('conteúdo da página')).toBeInTheDocument()
  })
})
