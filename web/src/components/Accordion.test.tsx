import { act, fireEvent } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdEarlyInput } from '../lib/platform/earlyInput'
import { Accordion } from './Accordion'

const items = ['5 km', '10 km', '21 km'].map((nome) => ({ key: nome, title: nome, content: <p>Detalhes de {nome}</p> }))
const accordion = <Accordion items={items} headingLevel={2} />

afterEach(() => document.body.replaceChildren())

describe('Accordion on a page the server drew', () => {
  it('opens at a tap before the app has taken the page over, and the app follows (EVT-15/16, NAV-16)', async () => {
    const root = document.createElement('div')
    root.innerHTML = renderToString(accordion)
    document.body.append(root)
    const early = holdEarlyInput(root)
    const errors = vi.spyOn(console, 'error')
    const details = [...root.querySelectorAll('details')]
    expect(details.map((d) => d.open)).toEqual([true, false, false]) // the first open on load

    // A tap before the app runs: the browser opens the item (and, by the shared name, closes the other).
    fireEvent.click(root.querySelectorAll('summary')[1]!)
    details[0]!.open = false
    details[1]!.open = true
    // From here on, a browser that does not keep one item of a name open: the app must.
    for (const d of details) d.removeAttribute('name')
    // The browser's toggle events, which no app hears yet.
    await new Promise((resolve) => setTimeout(resolve, 0))

    await act(async () => {
      hydrateRoot(root, accordion)
    })
    act(() => early.replay())
    expect(details.map((d) => d.open)).toEqual([false, true, false])

    // Once the app runs, opening another closes the one opened before it ran.
    await userEvent.click(root.querySelectorAll('summary')[2]!)
    await act(async () => {})
    expect(details.map((d) => d.open)).toEqual([false, false, true])
    expect(errors).not.toHaveBeenCalled()
  })
})
