// What a visitor does on a page the server drew before the app has taken it over (src/early.ts
// starts holding before the page is painted; src/boot.ts fetches the app once the page is on screen:
// on a slow phone, a second or more later). One rule
// for every control, so that a new one needs nothing of its own:
// - what the browser does by itself, the same as the app would, it does at once: following a
//   link, typing or choosing in a field, opening a <details>. Once the app has taken over, it is
//   told of each field and <details> so changed, as if the change came now;
// - anything else (a button, a submit, a key the app answers) is held, and replayed on its control
//   once the app has taken over, in the order it came.
// Controls are found again by their place under the root, in case the app drew them anew.

/** A field whose value the browser keeps as typed: text of any kind, and lists to choose from. */
const field =
  'textarea,select,input:not([type=checkbox],[type=radio],[type=submit],[type=button],[type=reset],[type=image],[type=file])'

const listened = ['click', 'submit', 'keydown', 'input', 'change', 'toggle', 'focusin']

declare global {
  interface Window {
    /** Set by src/early.ts on a page the server drew, for src/boot.ts. */
    pelotaoEarlyInput?: EarlyInput
  }
}

export type EarlyInput = {
  /** Settles at the visitor's first action on the page: the app is wanted now. */
  first: Promise<void>
  /** Once the app has taken the page over: stops holding, then tells it what came before. */
  replay: () => void
  /** Stops holding and leaves the page to the browser (the app could not be loaded). */
  stop: () => void
}

/** Starts holding what is done under root until the app has taken it over. */
export function holdEarlyInput(root: Element): EarlyInput {
  const held: [Element, Event][] = []
  // Each field as last typed or chosen, each <details> as last opened or closed.
  const changed = new Map<Element, string | boolean>()
  const places = new Map<Element, number[]>()
  let focused: Element | undefined
  // Whether the visitor has clicked or pressed a key: a <details> drawn open reports a toggle as the
  // page is parsed, which is not theirs (it asked for the app at once on every event page).
  let acted = false
  let wanted!: () => void
  const first = new Promise<void>((resolve) => (wanted = resolve))

  const remember = (el: Element) => {
    const place: number[] = []
    for (let e = el; e !== root && e.parentElement; e = e.parentElement)
      place.unshift([...e.parentElement.children].indexOf(e))
    places.set(el, place)
    return el
  }
  // The control itself while the app kept it, else the one at its place, if it is of the same kind.
  const now = (el: Element) => {
    if (el.isConnected) return el
    const found = places.get(el)!.reduce<Element | undefined>((e, i) => e?.children[i], root)
    return found?.tagName === el.tagName ? found : undefined
  }

  function listen(e: Event) {
    const target = e.target as Element
    if (!root.contains(target)) return
    if (e.type === 'click' || e.type === 'keydown') acted = true
    else if (e.type === 'toggle' && !acted) return
    const own = target.closest('label')?.control ?? target
    if (e.type === 'focusin') focused = remember(target)
    else if (e.type === 'click' || e.type === 'submit' || e.type === 'keydown') {
      if (e.type === 'click' && (target.closest('a[href],summary') || own.matches(field))) return
      // Tab moves between controls; Enter and Space on a control come as its click.
      if (e.type === 'keydown' && (/^(Tab|Enter| )$/.test((e as KeyboardEvent).key) || target.matches(field))) return
      if (e.type !== 'keydown') e.preventDefault()
      // Were the app taking over meanwhile, it must not answer the event too.
      e.stopPropagation()
      held.push([remember(target), e])
    } else if (target instanceof HTMLDetailsElement) changed.set(remember(target), target.open)
    else if (target.matches(field)) changed.set(remember(target), (target as HTMLInputElement).value)
    else return
    if (e.type !== 'focusin') wanted()
  }

  const stop = () => listened.forEach((type) => document.removeEventListener(type, listen, true))
  listened.forEach((type) => document.addEventListener(type, listen, true))

  return {
    first,
    stop,
    replay() {
      stop()
      for (const [was, value] of changed) {
        const el = now(was)
        if (el instanceof HTMLDetailsElement) {
          el.open = value as boolean
          el.dispatchEvent(new Event('toggle'))
        } else if (el) {
          const control = el as HTMLInputElement
          // The app may have taken the typed value over as its own, or put its own back: reset through
          // the element, which the app follows, and set the value again past it (the prototype's
          // setter), so that it reads as a change.
          control.value = ''
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!.call(control, value)
          // React reads a change event as onChange for text fields and lists alike.
          control.dispatchEvent(new Event('change', { bubbles: true }))
        }
      }
      // A field the app drew anew lost the focus with the old one.
      if (focused && !focused.isConnected && document.activeElement === document.body)
        (now(focused) as HTMLElement | undefined)?.focus()
      for (const [was, e] of held) {
        const el = now(was)
        if (e.type === 'submit') (el as HTMLFormElement | undefined)?.requestSubmit()
        // A new event of the same kind, with the same details (key, button, position).
        else el?.dispatchEvent(new (e.constructor as typeof Event)(e.type, e))
      }
    },
  }
}
