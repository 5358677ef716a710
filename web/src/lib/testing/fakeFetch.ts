// The one fake of the API for every test: fetch stubbed (vi.stubGlobal; vi.unstubAllGlobals
// ends it) with routes. Each request goes to the first route whose method and path match, and is
// kept, with its JSON or FormData body and its headers, for the test to inspect; the answer is JSON
// with a status (or a Response the route makes: a PDF, a body that never ends).
import { vi } from 'vitest'

/** A request the app sent: path is the URL as it asked it ('/api/events?limit=500'), url that URL read. */
export type Sent = { method: string; path: string; url: URL; headers: Headers; body: FormData | unknown }
export type Answer = [status: number, body?: unknown] | Response
/**
 * A route: the method ('*': any), the path (a string: exactly url.pathname; a RegExp: tested on
 * it), and the answer or what makes it from the request (a function may wait, or throw: fetch
 * then fails as offline does).
 */
export type Route = [
  method: string,
  path: string | RegExp,
  answer: [status: number, body?: unknown] | ((sent: Sent) => Answer | Promise<Answer>),
]

export const notFoundBody = { error: { code: 'not-found', message: 'Não encontrado.' } }

/** A JSON answer (no body: null, as for a 204). */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function bodyOf(body: BodyInit | null | undefined): FormData | unknown {
  if (body instanceof FormData || typeof body !== 'string') return body ?? undefined
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/** Stubs fetch with routes; a request no route takes is answered 404 not-found. Returns the requests sent, in order. */
export function serve(routes: Route[]): Sent[] {
  const sent: Sent[] = []
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: Sent = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: String(input),
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init?.headers),
      body: bodyOf(init?.body),
    }
    sent.push(request)
    const route = routes.find(
      ([m, p]) =>
        (m === '*' || m === request.method) &&
        (typeof p === 'string' ? p === request.url.pathname : p.test(request.url.pathname)),
    )
    const answer = !route
      ? ([404, notFoundBody] as const)
      : typeof route[2] === 'function'
        ? await route[2](request)
        : route[2]
    return answer instanceof Response ? answer : jsonResponse(answer[0], answer[1])
  })
  vi.stubGlobal('fetch', fake)
  return sent
}

/** serve with one route that takes every request, answered by its URL; returns the stubbed fetch. */
export function stubFetch(answer: (url: URL) => Answer | Promise<Answer>) {
  serve([['*', /^/, (sent) => answer(sent.url)]])
  return vi.mocked(fetch)
}
