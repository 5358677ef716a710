// Uploads go through XMLHttpRequest rather than api.ts's fetch: only XHR reports upload progress.
// Errors come back as the same ApiError the rest of the app handles.
import { ApiError, networkErrorCode, type FieldErrors, type RowError } from './api'

export type Uploaded = { url: string }

/** What a field takes; the server then refuses any other kind of file for it. */
export type UploadKind = 'image' | 'pdf'

/** Image types the server accepts (it checks the content, not just this hint). */
export const imageAccept = 'image/jpeg,image/png,image/webp'
export const pdfAccept = 'application/pdf,.pdf'

/**
 * Sends one file to POST /api/uploads as the multipart field `file` and resolves with its URL.
 * `onProgress` receives 0..100 as the bytes leave the browser.
 */
export async function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Uploaded> {
  const body = new FormData()
  body.append('file', file)
  const data = await postForm(`/api/uploads?kind=${kind}`, body, onProgress, signal)
  if (typeof (data as Uploaded | null)?.url !== 'string') {
    throw new ApiError(500, 'internal', 'Não foi possível enviar o arquivo. Tente novamente.')
  }
  return { url: (data as Uploaded).url }
}

/**
 * POSTs a multipart form to path with upload progress (0..100 to onProgress) and resolves with the
 * JSON answer; an error answer rejects with ApiError (its field message for `file` first, and the
 * row errors of a spreadsheet).
 */
export function postForm(
  path: string,
  body: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.withCredentials = true
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      const data = parseJSON(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100)
        resolve(data)
        return
      }
      const e = (
        data as { error?: { code?: string; message?: string; fields?: FieldErrors; rows?: RowError[] } } | null
      )?.error
      reject(
        new ApiError(
          xhr.status,
          e?.code ?? 'internal',
          e?.fields?.file ?? e?.message ?? 'Não foi possível enviar o arquivo. Tente novamente.',
          e?.fields,
          e?.rows,
        ),
      )
    }
    xhr.onerror = () =>
      reject(new ApiError(0, networkErrorCode, 'Falha de conexão. Verifique sua internet e tente novamente.'))
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
