// The app's entry. A page the server drew (src/ssr) is readable before any of the app's code runs,
// so that code is fetched once the page is on screen: until then a slow phone's bandwidth goes to
// the page's pictures. The server lists the modules to fetch in <template id="app-modules"> on
// such a page, and as <link rel="modulepreload"> on the others, which the app draws at once.
import './styles.css'

const deferred = document.getElementById('app-modules')
if (deferred instanceof HTMLTemplateElement) {
  await afterNextPaint()
  document.head.append(deferred.content)
}
await import('./main')

/** Settles after the browser has painted the next frame (a timer set in a frame runs after its paint). */
function afterNextPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}
