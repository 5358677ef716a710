// The app's entry. A page the server drew (src/ssr) is readable before any of the app's code runs,
// and its links work, so that code is fetched once the page has loaded and its pictures are on
// screen: on a slow phone the bandwidth goes to what the visitor sees first, and the app takes
// over just after. On such a page the server lists the app's modules in
// <script type="application/json" id="app-modules">; on the others, which the app draws, it links
// them as <link rel="modulepreload">, fetched at once. What the visitor does on a drawn page
// before the app has taken it over is held for the app (src/lib/platform/earlyInput.ts, started by
// src/early.ts before the page was painted), and asks for it at once.
import './styles.css'
import { nextTask } from './lib/platform/nextTask'

const deferred = document.getElementById('app-modules')
const early = deferred ? window.pelotaoEarlyInput : undefined
if (deferred) {
  const modules = JSON.parse(deferred.textContent || '[]') as string[]
  const onScreen = Promise.all([pageLoaded(), intlStarted(), firstPaintShown()]).then(afterNextPaint)
  await (early ? Promise.race([onScreen, early.first]) : onScreen)
  // One link a task: starting all of the home page's module fetches at once was one task of about
  // 125 ms on a phone (a Chromium trace, 4× slowed CPU), in which a tap waits.
  for (const href of modules) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
    await nextTask()
  }
}
// React's DOM renderer first, then the app: each is evaluated in a task of its own (src/reactDom.ts).
try {
  await import('./reactDom')
  await (
    await import('./main')
  ).takenOver
  early?.replay()
} catch (err) {
  early?.stop() // the page goes on as the server drew it
  throw err
}

/**
 * Starts ICU in a worker (src/lib/platform/intlWarmup.ts) and settles once it has, or has failed to, or
 * after half a second: a browser that never answers does not hold the app back.
 */
function intlStarted() {
  return new Promise<void>((resolve) => {
    setTimeout(resolve, 500)
    try {
      const worker = new Worker(new URL('./lib/platform/intlWarmup.ts', import.meta.url))
      worker.onmessage = worker.onerror = () => resolve()
    } catch {
      resolve()
    }
  })
}

/** Settles once the page and its pictures have loaded (the window's load event). */
function pageLoaded() {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  })
}

/**
 * Settles once the page's first contentful paint is on the screen (its report comes when the frame is
 * shown); at once where browsers do not report paints, and after half a second on a page with
 * nothing to paint. A frame is shown some time after the task following its requestAnimationFrame:
 * in Lighthouse's runs of an event page, the module fetches began 10–15 ms before the page showed,
 * and were counted as holding its largest paint back.
 */
function firstPaintShown() {
  return new Promise<void>((resolve) => {
    if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return resolve()
    setTimeout(resolve, 500)
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      resolve()
    })
    observer.observe({ type: 'paint', buffered: true })
  })
}

/** Settles after the browser has painted the next frame (a timer set in a frame runs after its paint). */
function afterNextPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}
