// The first script of a page the server drew, a classic one in <head>: the browser runs it before it
// paints anything, so a tap made the moment the page shows is already held for the app, however late
// the app's entry (src/boot.ts, a module, run only after the page is parsed) comes. It is built on its
// own, with nothing imported at run time, and hands the holder to the entry through the window.
import { holdEarlyInput } from './lib/platform/earlyInput'

// The whole document: the app's root is not parsed yet; taps can only reach what is drawn inside it.
window.pelotaoEarlyInput = holdEarlyInput(document.documentElement)
