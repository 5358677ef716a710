// What the app's modules expect of their surroundings that the server's JavaScript engine (goja,
// internal/prerender) lacks. Imported first by entry.tsx, so it runs before any other module.
import { serverIntl, type ZoneDate } from './intl'

/** Functions the Go host puts on globalThis before it runs the bundle. */
type Host = { zoneDate: ZoneDate; log: (level: 'error' | 'warn', message: string) => void }

declare global {
  var pelotaoHost: Host
}

const host = globalThis.pelotaoHost
const g = globalThis as Record<string, unknown>

g.Intl ??= serverIntl(host.zoneDate)
const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')
g.console = {
  log: () => {},
  info: () => {},
  debug: () => {},
  warn: (...args: unknown[]) => host.log('warn', text(args)),
  error: (...args: unknown[]) => host.log('error', text(args)),
}
// React's server renderer reads these when it loads; renderToString never waits on them.
g.performance ??= { now: () => Date.now() }
g.setTimeout ??= () => 0
g.clearTimeout ??= () => {}
g.MessageChannel ??= class {
  port1 = {}
  port2 = { postMessage() {} }
}
// React's streaming renderer encodes its fixed strings as UTF-8 when it loads.
g.TextEncoder ??= class {
  encode(text: string): Uint8Array {
    const bytes: number[] = []
    for (const ch of text) {
      const c = ch.codePointAt(0)!
      if (c < 0x80) bytes.push(c)
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
    return new Uint8Array(bytes)
  }
}
