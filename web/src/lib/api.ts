// The one HTTP client of the app. The server answers errors as
// {"error":{"code","message","fields"}}; they become ApiError, with the pt-BR message to show.

export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: FieldErrors

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }
}

/** The code used when the server could not be reached at all. */
export const networkErrorCode = 'network-request-failed'

type Options = { method?: string; body?: unknown; signal?: AbortSignal }

export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined || body instanceof FormData ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(0, networkErrorCode, 'Falha de conexão. Verifique sua internet e tente novamente.')
  }
  if (res.status === 204) return undefined as T
  const data: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: FieldErrors } } | null)?.error
    throw new ApiError(res.status, e?.code ?? 'internal', e?.message ?? 'Ocorreu um erro inesperado. Tente novamente.', e?.fields)
  }
  return data as T
}
