import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from '../../../app/routing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serve } from '../../../lib/testing/fakeFetch'
import { summary } from '../../../lib/testing/testEvents'
import { listAllEvents } from '../../../lib/events/eventsApi'
import { useResource } from '../../../lib/platform/resource'
import { MyEvents } from './MyEvents'

/** A fake server: lists two events, and answers DELETE with `deleteStatus`. */
function serveEvents(deleteStatus: number) {
  return serve([
    [
      'DELETE',
      /^\/api\/events\//,
      deleteStatus === 204
        ? [204]
        : [deleteStatus, { error: { code: 'forbidden', message: 'Você não pode alterar este evento.' } }],
    ],
    [
      'GET',
      '/api/events',
      [
        200,
        {
          events: [
            summary({ id: 'a1', titulo: 'Maratona de Curitiba' }),
            summary({ id: 'b2', titulo: 'Corrida do Batel' }),
          ],
        },
      ],
    ],
  ])
}

afterEach(() => vi.unstubAllGlobals())

/** As the dashboard gives it: the list it loaded. */
function Loaded() {
  return <MyEvents mine={useResource('my-events', (signal) => listAllEvents({ owner: 'me' }, signal))} />
}

function renderMine() {
  return render(
    <MemoryRouter>
      <Loaded />
    </MemoryRouter>,
  )
}

describe('MyEvents', () => {
  it("lists the user's own events with view and edit links and a link to a new event", async () => {
    const sent = serveEvents(204)
    renderMine()
    expect(screen.getByText('Carregando eventos...')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Ver Maratona de Curitiba' })).toHaveAttribute('href', '/event/a1')
    expect(screen.getByRole('link', { name: 'Editar Maratona de Curitiba' })).toHaveAttribute('href', '/cadastro/a1')
    expect(screen.getByRole('link', { name: 'Gerenciar Maratona de Curitiba' })).toHaveAttribute(
      'href',
      '/dashboard/eventos/a1',
    )
    expect(screen.getByRole('link', { name: 'Novo evento' })).toHaveAttribute('href', '/cadastro')
    const first = screen.getAllByRole('listitem')[0]!
    expect(
      within(first).getByText('15/03/2026 · Parque da Cidade, São Paulo - SP · Inscrições Abertas'),
    ).toBeInTheDocument()
    expect(sent[0]!.path).toBe('/api/events?owner=me')
  })

  it('deletes an event only after confirmation', async () => {
    const sent = serveEvents(204)
    const user = userEvent.setup()
    renderMine()
    await user.click(await screen.findByRole('button', { name: 'Excluir Maratona de Curitiba' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Excluir evento' })
    expect(dialog).toHaveAccessibleDescription(/"Maratona de Curitiba"/)
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus()

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Excluir Maratona de Curitiba' }))
    dialog = screen.getByRole('alertdialog', { name: 'Excluir evento' })
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Evento "Maratona de Curitiba" excluído.')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Excluir Maratona de Curitiba' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Excluir Corrida do Batel' })).toBeInTheDocument()
    const deletes = sent.filter((s) => s.method === 'DELETE')
    expect(deletes.map((s) => s.path)).toEqual(['/api/events/a1'])
    expect(screen.getByRole('heading', { name: 'Meus eventos' })).toHaveFocus()
  })

  it("keeps the event and shows the server's reason when deleting fails", async () => {
    serveEvents(403)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    renderMine()
    await user.click(await screen.findByRole('button', { name: 'Excluir Corrida do Batel' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Você não pode alterar este evento.')
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeEnabled()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Excluir Corrida do Batel' })).toBeInTheDocument()
    log.mockRestore()
  })

  it('says so when the user has no events yet', async () => {
    serve([['GET', '/api/events', [200, { events: [] }]]])
    renderMine()
    expect(await screen.findByText('Você ainda não cadastrou eventos.')).toBeInTheDocument()
  })
})
