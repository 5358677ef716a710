// Reading QR codes from the camera's video at the kit desk: the browser's BarcodeDetector where it
// reads QR codes (Chrome on Android, Safari 17+), otherwise jsqr, a decoder in JavaScript fetched
// as its own file only by such browsers. Loaded with the camera panel (QrScanner.tsx), never on the
// desk's arrival.

/** The text of a QR code in the video's current frame, or null when it shows none. */
export type ReadQr = (video: HTMLVideoElement) => Promise<string | null>

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> }

/** The browser's BarcodeDetector when it reads QR codes. */
async function qrDetector(): Promise<DetectorClass | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Detector) return null
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? Detector : null
  } catch {
    return null
  }
}

/** jsqr reads a frame of at most this width: a phone's camera gives 1280 px or more, and decoding that takes seconds. */
const frameWidth = 640

export async function qrReader(): Promise<ReadQr> {
  const Detector = await qrDetector()
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null
  }
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('canvas 2d indisponível')
  return async (video) => {
    if (!video.videoWidth || !video.videoHeight) return null
    const scale = Math.min(1, frameWidth / video.videoWidth)
    const width = Math.round(video.videoWidth * scale)
    const height = Math.round(video.videoHeight * scale)
    canvas.width = width
    canvas.height = height
    context.drawImage(video, 0, 0, width, height)
    return (
      jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' })?.data ??
      null
    )
  }
}

/**
 * Fetches, once, what reading needs (jsqr, where the browser has no QR detector), so that the
 * camera reads at a desk that lost its network: the desk's service worker keeps the files fetched.
 */
export async function keepForOffline() {
  if (!(await qrDetector())) await import('jsqr')
}
