// Leaving the app for another site's page (Mercado Pago's checkout, CARD-20), in one place so that
// tests can stand in for the browser's navigation, which jsdom does not do.

/**
 * Sends the browser to url, a page of the web (http or https); anything else (a javascript: URL
 * from a broken answer) is refused, and the caller's page stays.
 */
export function openExternalPage(url: string): boolean {
  let target: URL
  try {
    target = new URL(url, window.location.href)
  } catch {
    return false
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false
  window.location.assign(target.href)
  return true
}
