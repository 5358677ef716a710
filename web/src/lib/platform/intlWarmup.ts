// The body of a worker that src/boot.ts starts while a page loads. A page's first Intl formatter
// starts the browser's ICU library (its data and locale tables): 35–90 ms on this machine's
// Chromium, four times that on a slowed phone, in one piece, inside whatever first formats a date
// or a price, usually the app's takeover of a server-drawn page. In Chromium that start-up is
// shared by the whole renderer process, so paying it here, off the main thread and while the
// pictures load, leaves the app's first formatters about 1 ms each. Where a browser keeps ICU per
// thread, this costs a background thread the same work and changes nothing else.
import { formatCount, formatDate, formatLongDate, formatMoney, todayISO } from '../text/format'

formatDate('2026-01-01')
formatLongDate('2026-01-01')
formatMoney(1)
formatCount(1)
todayISO()
postMessage('ready')
close()
