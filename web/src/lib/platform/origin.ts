// The site's origin (https://host): the browser's own, or on the server the one it renders for.

let serverOrigin = ''

/** Called by the server's renderer before each page (src/ssr/entry.tsx). */
export function setServerOrigin(origin: string) {
  serverOrigin = origin
}

export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin
}
