import { useEffect, useId, useRef, useState } from 'react'
import { Dialog } from '../../components/Dialog'
import { codigoFromQr, linkCodeFromQr } from './codigo'
import { qrReader } from './qrReader'

export { keepForOffline } from './qrReader'

/** How often a frame is read: fast enough to feel instant, slow enough to leave a phone's CPU to the page. */
const readEvery = 200

const typeInstead = 'Digite o código da inscrição no campo de busca.'

/** What a volunteer reads when the camera cannot be used, by the error getUserMedia gave. */
export function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `Acesso à câmera negado. Para ler QR codes, permita a câmera nas configurações do navegador. Enquanto isso, ${typeInstead.toLowerCase()}`
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') {
    return `Nenhuma câmera disponível neste aparelho. ${typeInstead}`
  }
  return `Não foi possível usar a câmera (ela pode estar em uso por outro aplicativo). ${typeInstead}`
}

/**
 * "Ler QR code": the rear camera, read a few times a second until it shows the QR code of a
 * registration or a group (`{base}/i/{codigo}`), whose code goes to onCode. A QR code of something else is
 * said and reading goes on. The camera stops when the panel closes.
 */
export default function QrScanner({ onCode, onClose }: { onCode: (codigo: string) => void; onClose: () => void }) {
  const id = useId()
  const video = useRef<HTMLVideoElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const [status, setStatus] = useState('Abrindo a câmera...')
  const [problem, setProblem] = useState('')
  // The latest onCode, so that the camera is not opened again when the page renders.
  const found = useRef(onCode)
  useEffect(() => {
    found.current = onCode
  })

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = () => {
      stopped = true
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
    const fail = (message: string) => {
      if (stopped) return
      stop()
      setProblem(message)
    }
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('sem getUserMedia', 'NotFoundError')
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      })
      const v = video.current
      if (stopped || !v) return stop()
      v.srcObject = stream
      await v.play()
      const read = await qrReader().catch((err: unknown) => {
        console.error('leitor de QR code', err)
        return null
      })
      if (!read) return fail(`O leitor de QR code não pôde ser carregado (sem conexão?). ${typeInstead}`)
      if (stopped) return
      setStatus('Aponte a câmera para o QR code da inscrição.')
      const tick = async () => {
        const text = await read(v).catch(() => null)
        if (stopped) return
        const codigo = text === null ? '' : codigoFromQr(text) || linkCodeFromQr(text)
        if (codigo) return found.current(codigo)
        if (text !== null)
          setStatus('Este QR code não é de uma inscrição do Pelotão. Aponte para o QR code da inscrição.')
        timer = setTimeout(() => void tick(), readEvery)
      }
      void tick()
    }
    // A camera denied or absent is the volunteer's situation, said on screen, not a fault to log.
    start().catch((err: unknown) => fail(cameraProblem(err)))
    return stop
  }, [])

  return (
    <Dialog
      labelledBy={`${id}-titulo`}
      describedBy={`${id}-situacao`}
      initialFocus={closeButton}
      onClose={onClose}
      backdrop="bg-slate-950/70"
      className="max-h-dvh w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-5 sm:rounded-2xl"
    >
      <h2 id={`${id}-titulo`} className="text-2xl font-extrabold text-slate-950">
        Ler QR code
      </h2>
      {problem ? (
        <p
          id={`${id}-situacao`}
          role="alert"
          className="mt-3 rounded-xl border-2 border-red-800 bg-red-50 p-3 text-lg font-bold text-red-950"
        >
          {problem}
        </p>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Imagem da câmera"
            className="mt-3 aspect-[4/3] w-full rounded-xl bg-slate-950 object-cover"
          />
          <p id={`${id}-situacao`} role="status" className="mt-3 text-lg font-semibold text-slate-950">
            {status}
          </p>
        </>
      )}
      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        className="mt-4 min-h-14 w-full rounded-xl border-2 border-slate-900 text-lg font-bold text-slate-950"
      >
        Fechar
      </button>
    </Dialog>
  )
}
