// The first data of a page, which the server renders into it (internal/site/head.go, head.Data)
// as <script type="application/json" id="initial-data">, keyed by the API path it answers. It lets
// the first render show the page without a request; once used it is forgotten, so every later visit
// (client-side navigation) fetches fresh data.

let blocks: Record<string, unknown> | undefined

function all(): Record<string, unknown> {
  if (blocks === undefined) {
    blocks = {}
    const text = document.getElementById('initial-data')?.textContent
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text)
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
          blocks = parsed as Record<string, unknown>
      } catch (error) {
        console.error(error) // the app then fetches as on any other visit
      }
    }
  }
  return blocks
}

/** The server renderer hands the page's data here instead of the document. */
export function provideInitialData(data: Record<string, unknown>) {
  blocks = data
}

/** The answer the server embedded for GET path, if it did and it has not been used yet. */
export function initialData<T>(path: string): T | undefined {
  return all()[path] as T | undefined
}

/** Marks the embedded answer for path as used: from now on the page fetches. */
export function forgetInitialData(path: string) {
  delete all()[path]
}
