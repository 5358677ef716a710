import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import QrScanner from './QrScanner'

const jsQR = vi.hoisted(() => vi.fn())
vi.mock('jsqr', () => ({ default: jsQR }))

// A camera: getUserMedia answers a stream whose track records being stopped.
function fakeCamera(answer: () => Promise<unknown>) {
  const getUserMedia = vi.fn(answer)
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  return getUserMedia
}

function fakeStream() {
  const track = { stop: vi.fn() }
  return { track, stream: { getTracks: () => [track] } }
}

// A BarcodeDetector that reads QR codes and sees, frame after frame, the texts given (then nothing).
function fakeDetector(texts: string[]) {
  const detect = vi.fn(async () => {
    const t = texts.shift()
    return t === undefined ? [] : [{ rawValue: t }]
  })
  class Detector {
    static getSupportedFormats = async () => ['qr_code', 'ean_13']
    constructor(readonly options: { formats: string[] }) {}
    detect = detect
  }
  vi.stubGlobal('BarcodeDetector', Detector)
  return detect
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

describe('QrScanner', () => {
  // REG-146
  it('opens the rear camera and gives the code of the first registration QR code, saying so of any other', async () => {
    const { stream, track } = fakeStream()
    const getUserMedia = fakeCamera(async () => stream)
    fakeDetector(['https://pix.exemplo.com.br/qr/123', 'https://pelotao.com.br/i/7xk2-mp9q-rz'])
    const onCode = vi.fn()
    const { unmount } = render(<QrScanner onCode={onCode} onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Ler QR code' })).toBeVisible()
    expect(
      await screen.findByText('Este QR code não é de uma inscrição do Pelotão. Aponte para o QR code da inscrição.'),
    ).toBeVisible()
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('7XK2MP9QRZ'))
    expect(onCode).toHaveBeenCalledTimes(1)
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false })
    unmount()
    expect(track.stop).toHaveBeenCalled()
  })

  // REG-146: without a detector for QR codes, jsqr reads a frame no wider than 640 px.
  it('reads with jsqr where the browser has no QR code detector', async () => {
    const { stream } = fakeStream()
    fakeCamera(async () => stream)
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['ean_13']
      },
    )
    Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1280 })
    Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 960 })
    const context = {
      drawImage: vi.fn(),
      getImageData: vi.fn((_x: number, _y: number, w: number, h: number) => ({
        data: new Uint8ClampedArray(w * h * 4),
      })),
    }
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D)
    jsQR.mockReturnValueOnce(null).mockReturnValue({ data: 'http://127.0.0.1:8080/i/ABCDEFGHJK' })
    const onCode = vi.fn()
    render(<QrScanner onCode={onCode} onClose={() => {}} />)
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('ABCDEFGHJK'))
    expect(jsQR).toHaveBeenCalledWith(expect.any(Uint8ClampedArray), 640, 480, { inversionAttempts: 'dontInvert' })
    Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoWidth')
    Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoHeight')
  })

  // REG-147
  it('says the camera was denied, pointing to the search field', async () => {
    fakeCamera(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError')
    })
    fakeDetector([])
    render(<QrScanner onCode={() => {}} onClose={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Acesso à câmera negado. Para ler QR codes, permita a câmera nas configurações do navegador. Enquanto isso, digite o código da inscrição no campo de busca.',
    )
  })

  it('says there is no camera on a device without one', async () => {
    fakeDetector([])
    render(<QrScanner onCode={() => {}} onClose={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nenhuma câmera disponível neste aparelho. Digite o código da inscrição no campo de busca.',
    )
  })

  it('starts on its close button and closes with Escape or Fechar', async () => {
    const { stream } = fakeStream()
    fakeCamera(async () => stream)
    fakeDetector([])
    const onClose = vi.fn()
    render(<QrScanner onCode={() => {}} onClose={onClose} />)
    const close = screen.getByRole('button', { name: 'Fechar' })
    expect(close).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    await userEvent.click(close)
    expect(onClose).toHaveBeenCalledTimes(2)
    await act(async () => {})
  })
})
