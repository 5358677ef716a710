import { act, fireEvent } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { holdEarlyInput } from './earlyInput'

afterEach(() => document.body.replaceChildren())

/** A page as the server draws it: the markup, before any of the app runs. */
function drawn(ui: ReactNode) {
  const root = document.createElement('div')
  root.innerHTML = renderToString(ui)
  document.body.append(root)
  return root
}

async function takeOver(root: HTMLElement, ui: ReactNode) {
  await act(async () => {
    hydrateRoot(root, ui)
  })
}

/** An account menu: a button that opens and closes it, and the keyboard's way to open it. */
function Menu() {
  const [open, setOpen] = useState(false)
  return (
    <div>
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => e.key === 'ArrowDown' && setOpen(true)}
      >
        Conta
      </button>
      {open && <p>Menu aberto</p>}
      <a href="#sobre">Sobre</a>
    </div>
  )
}

/** A search: what is typed and chosen, as the app holds it, and the searches submitted. */
function Search() {
  const [q, setQ] = useState('')
  const [sexo, setSexo] = useState('')
  const [sent, setSent] = useState<string[]>([])
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        setSent((s) => [...s, q])
      }}
    >
      <label htmlFor="q">Buscar</label>
      <input id="q" value={q} onChange={(e) => setQ(e.target.value)} />
      <select aria-label="Sexo" value={sexo} onChange={(e) => setSexo(e.target.value)}>
        <option value="">Todos</option>
        <option value="F">Feminino</option>
      </select>
      <output>{`busca: ${q}; sexo: ${sexo}; enviadas: ${sent.join(',')}`}</output>
    </form>
  )
}

const output = (root: HTMLElement) => root.querySelector('output')!.textContent

describe('holdEarlyInput', () => {
  it('holds a tap on a button and replays it, once, when the app has taken over (NAV-16)', async () => {
    const root = drawn(<Menu />)
    const early = holdEarlyInput(root)
    let wanted = false
    void early.first.then(() => (wanted = true))
    await Promise.resolve()
    expect(wanted).toBe(false)

    const tap = fireEvent.click(root.querySelector('button')!)
    expect(tap, 'the browser does nothing with it meanwhile').toBe(false)
    await Promise.resolve()
    expect(wanted, 'a tap asks for the app at once').toBe(true)

    await takeOver(root, <Menu />)
    expect(root.textContent).not.toContain('Menu aberto')
    act(() => early.replay())
    expect(root.textContent).toContain('Menu aberto')
  })

  it('leaves to the browser what it does by itself: a link, a field, a <details> (NAV-16)', () => {
    const root = drawn(
      <div>
        <a href="#sobre">Sobre</a>
        <input aria-label="Nome" />
        <label htmlFor="q">Buscar</label>
        <input id="q" type="search" />
        <details>
          <summary>5 km</summary>
        </details>
      </div>,
    )
    const early = holdEarlyInput(root)
    for (const el of root.querySelectorAll('a, input, label, summary'))
      expect(fireEvent.click(el), el.outerHTML).toBe(true)
    early.stop()
  })

  it('tells the app what was typed and chosen, keeping the focus, and replays a submit (NAV-16)', async () => {
    const root = drawn(<Search />)
    const early = holdEarlyInput(root)
    const input = root.querySelector('input')!
    input.focus()
    fireEvent.input(input, { target: { value: 'maria' } })
    fireEvent.change(root.querySelector('select')!, { target: { value: 'F' } })
    // Enter in the field: the browser submits the form, which is held.
    expect(fireEvent.submit(root.querySelector('form')!)).toBe(false)

    await takeOver(root, <Search />)
    expect(output(root)).toBe('busca: ; sexo: ; enviadas: ')
    act(() => early.replay())
    expect(output(root)).toBe('busca: maria; sexo: F; enviadas: maria')
    expect(input).toHaveValue('maria')
    expect(input).toHaveFocus()
  })

  it('replays a key the app answers, and not Tab, which only moves the focus (NAV-16)', async () => {
    const root = drawn(<Menu />)
    const early = holdEarlyInput(root)
    const button = root.querySelector('button')!
    expect(fireEvent.keyDown(button, { key: 'Tab' })).toBe(true)
    fireEvent.keyDown(button, { key: 'ArrowDown' })
    await takeOver(root, <Menu />)
    act(() => early.replay())
    expect(root.textContent).toContain('Menu aberto')
  })

  it('finds a control the app drew anew at its place, with what was typed in it (NAV-16)', async () => {
    const ui = (
      <>
        <Menu />
        <Search />
      </>
    )
    const root = drawn(ui)
    const early = holdEarlyInput(root)
    root.querySelector('input')!.focus()
    fireEvent.input(root.querySelector('input')!, { target: { value: 'joão' } })
    fireEvent.click(root.querySelector('button')!)
    // The app draws the page itself instead of taking the server's markup over.
    await act(async () => createRoot(root).render(ui))
    act(() => early.replay())
    expect(root.textContent).toContain('Menu aberto')
    expect(output(root)).toContain('busca: joão;')
    expect(root.querySelector('input')).toHaveFocus()
  })

  it('keeps a <details> the visitor opened, and takes one drawn open for no action of theirs (NAV-16)', async () => {
    const ui = (
      <div>
        <details open>
          <summary>5 km</summary>
        </details>
        <details>
          <summary>10 km</summary>
        </details>
      </div>
    )
    const root = drawn(ui)
    const early = holdEarlyInput(root)
    let wanted = false
    void early.first.then(() => (wanted = true))
    const [drawnOpen, closed] = root.querySelectorAll('details')
    // The browser reports the toggle of a <details> parsed open, as the page loads.
    fireEvent(drawnOpen!, new Event('toggle'))
    await Promise.resolve()
    expect(wanted, 'the page loading is not the visitor asking for the app').toBe(false)

    fireEvent.click(closed!.querySelector('summary')!)
    closed!.open = true
    fireEvent(closed!, new Event('toggle'))
    await Promise.resolve()
    expect(wanted, 'opening one asks for the app').toBe(true)

    await act(async () => createRoot(root).render(ui))
    act(() => early.replay())
    const [first, second] = root.querySelectorAll('details')
    expect(first).toHaveAttribute('open')
    expect(second, 'the one the visitor opened stays open').toHaveAttribute('open')
  })

  it('holds nothing once stopped (the app could not be loaded)', () => {
    const root = drawn(<Menu />)
    holdEarlyInput(root).stop()
    expect(fireEvent.click(root.querySelector('button')!)).toBe(true)
  })
})
