import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { uploadFile } from './uploads'

/** A stand-in XMLHttpRequest the test drives by hand. */
class FakeXHR {
  static last: FakeXHR
  method = ''
  url = ''
  body: FormData | null = null
  status = 0
  responseText = ''
  responseType = ''
  withCredentials = false
  upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXHR.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

afterEach(() => vi.unstubAllGlobals())

const file = () => new File(['%PDF-1.7'], 'regulamento.pdf', { type: 'application/pdf' })

describe('uploadFile', () => {
  it('posts the file as the multipart field "file", reports progress and resolves with the URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR)
    const progress: number[] = []
    const done = uploadFile(file(), 'pdf', (p) => progress.push(p))
    const xhr = FakeXHR.last
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/uploads?kind=pdf')
    expect((xhr.body!.get('file') as File).name).toBe('regulamento.pdf')
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 25, total: 100 })
    xhr.answer(201, { url: '/files/abc' })
    await expect(done).resolves.toEqual({ url: '/files/abc' })
    expect(progress).toEqual([25, 100])
  })

  it("rejects with the server's pt-BR message for the file", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR)
    const done = uploadFile(file(), 'image')
    FakeXHR.last.answer(422, {
      error: {
        code: 'invalid-argument',
        message: 'Arquivo inválido.',
        fields: { file: 'Envie uma imagem JPEG, PNG ou WebP.' },
      },
    })
    await expect(done).rejects.toMatchObject({ status: 422, message: 'Envie uma imagem JPEG, PNG ou WebP.' })
  })

  it('rejects with the connection message when the network fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR)
    const done = uploadFile(file(), 'pdf')
    FakeXHR.last.onerror!()
    const err = await done.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).message).toBe('Falha de conexão. Verifique sua internet e tente novamente.')
  })
})
