import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '../lib/testing/fakeFetch'
import { CancelUnpaidOrder } from './CancelUnpaidOrder'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function show(athletes = 1) {
  const onCancelled = vi.fn()
  const onRefused = vi.fn()
  render(<CancelUnpaidOrder orderId="p1" athletes={athletes} onCancelled={onCancelled} onRefused={onRefused} />)
  return { onCancelled, onRefused }
}

// REG-170
describe('CancelUnpaidOrder', () => {
  it('asks first in a labelled dialog that says the slots are freed and nothing was charged, keeping the order on Escape', async () => {
    const user = userEvent.setup()
    const fetch = stubFetch(() => [200, {}])
    show(2)
    const opener = screen.getByRole('button', { name: 'Cancelar pedido' })
    await user.click(opener)

    const dialog = screen.getByRole('alertdialog', { name: 'Cancelar pedido?' })
    expect(dialog).toHaveAccessibleDescription(/As 2 vagas reservadas para este pedido serão liberadas/)
    expect(dialog).toHaveAccessibleDescription(/Nada foi cobrado\./)
    // The safe choice has the focus: a stray Enter keeps the order.
    expect(within(dialog).getByRole('button', { name: 'Manter pedido' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('cancels the order through the API and hands back the order the server answered', async () => {
    const user = userEvent.setup()
    const cancelled = { id: 'p1', status: 'cancelado' }
    const fetch = stubFetch((url) => (url.pathname === '/api/pedidos/p1/cancelar' ? [200, cancelled] : [404, {}]))
    const { onCancelled, onRefused } = show()
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }))
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      /A vaga reservada para este pedido será liberada/,
    )
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar pedido' }))

    // The dialog stays open (busy) until the server's answer has been handed back, then closes.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(onCancelled).toHaveBeenCalledWith(cancelled)
    expect(onRefused).not.toHaveBeenCalled()
    expect(fetch).toHaveBeenCalledWith('/api/pedidos/p1/cancelar', expect.objectContaining({ method: 'POST' }))
  })

  it("says a refusal beside the button in the server's words, and asks for the order to be read again", async () => {
    const user = userEvent.setup()
    const message = 'Este pedido não pode ser cancelado: ele está pago.'
    stubFetch(() => [409, { error: { code: 'nao-cancelavel', message } }])
    const { onCancelled, onRefused } = show()
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar pedido' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    // The closed dialog's effect gives the focus back to its opener.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toHaveFocus())
    expect(onRefused).toHaveBeenCalledOnce()
    expect(onCancelled).not.toHaveBeenCalled()
  })
})
