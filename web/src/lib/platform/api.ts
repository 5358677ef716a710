// The one HTTP client of the app. The server answers errors as
// {"error":{"code","message","fields"}}; they become ApiError, with the pt-BR message to show.

export type FieldErrors = Record<string, string>

/** A bad row of an uploaded spreadsheet: its number as a spreadsheet shows it (header = 1) and column. */
export type RowError = { row: number; column: string; message: string }

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: FieldErrors
  readonly rows: RowError[]

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}, rows: RowError[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.rows = rows
  }
}

/** The code used when the server could not be reached at all. */
export const networkErrorCode = 'network-request-failed'

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> }

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const res = await send(path, options)
  if (res.status === 204) return undefined as T
  const data: unknown = await res.json().catch(() => null)
  if (!res.ok) throw errorOf(res, data)
  return data as T
}

/** A file the API answers (a PDF, a CSV) as a Blob; a refusal is the same ApiError as api()'s. */
export async function apiFile(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> {
  const res = await send(path, { signal })
  if (!res.ok) throw errorOf(res, await res.json().catch(() => null))
  return res.blob()
}

async function send(path: string, { method = 'GET', body, signal, headers }: Options): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined || body instanceof FormData ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(0, networkErrorCode, 'Falha de conexão. Verifique sua internet e tente novamente.')
  }
}

function errorOf(res: Response, data: unknown): ApiError {
  const e = (data as { error?: { code?: string; message?: string; fields?: FieldErrors; rows?: RowError[] } } | null)
    ?.error
  return new ApiError(
    res.status,
    e?.code ?? 'internal',
    e?.message ?? 'Ocorreu um erro inesperado. Tente novamente.',
    e?.fields,
    e?.rows,
  )
}
