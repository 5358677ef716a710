import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { participant } from './testRoster'

afterEach(() => {
  vi.doUnmock('./GroupPickup')
  vi.resetModules()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const grupo = { grupo: 'Assessoria Pé na Areia', grupoCodigo: 'ABCD2345' }

async function showPanel() {
  // Imported afresh, so that GroupPickup's chunk is fetched (or fails) for this test alone.
  const { groupPanel } = await import('./deskParts')
  render(
    <groupPanel.Part
      codigo="ABCD2345"
      members={[participant('1', 'Ana Paga', grupo)]}
      pending={new Map()}
      conflicts={new Map()}
      unpaidBlocked={false}
      onDeliver={() => {}}
      onClose={() => {}}
    />,
  )
}

describe('deskParts', () => {
  // GRP-62: the group's panel is a chunk of its own, loaded after the desk's arrival.
  it('shows the group once its chunk is loaded', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await showPanel()
    expect(await screen.findByRole('heading', { name: 'Kits do grupo Assessoria Pé na Areia' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  // GRP-62: a desk offline that never fetched the chunk says so, and does not crash.
  it('says the group cannot be opened offline when its chunk cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.doMock('./GroupPickup', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    await showPanel()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O grupo não pôde ser aberto sem conexão. Conecte-se à internet uma vez para baixá-lo.',
    )
    expect(screen.queryByRole('heading', { name: /Kits do grupo/ })).not.toBeInTheDocument()
  })

  // KIT-1: the pickup's dialog, out of the desk's arrival, offline before it was ever fetched: the
  // volunteer is told and closes the message; the desk does not crash.
  it("says the pickup's dialog cannot be opened offline, and closes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.doMock('./PickupDialog', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const { pickupDialog } = await import('./deskParts')
    const onClose = vi.fn()
    render(
      <pickupDialog.Part
        participant={participant('1', 'Ana Paga')}
        sizes={['M']}
        onConfirm={() => {}}
        onClose={onClose}
      />,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A retirada não pôde ser aberta sem conexão. Conecte-se à internet e tente de novo.',
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fechar' }))
    expect(onClose).toHaveBeenCalled()
  })
})
