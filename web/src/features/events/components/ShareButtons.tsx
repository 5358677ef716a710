import { useState, useSyncExternalStore } from 'react'
import { whatsappShareUrl } from '../eventDisplay'
import { LinkIcon, ShareIcon } from './icons'

const buttonClass =
  'flex items-center justify-center gap-2 rounded-full py-2 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700'

/**
 * Sharing the event: the phone's own share sheet where the browser has one (Web Share API),
 * otherwise WhatsApp and copying the link.
 */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  const [sheetFailed, setSheetFailed] = useState(false)
  const [status, setStatus] = useState('')
  const sheet = useHasShareSheet() && !sheetFailed

  async function share() {
    try {
      await navigator.share({ title, text: title, url })
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else offers the other ways.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setSheetFailed(true)
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setStatus('Link copiado! Agora é só colar onde quiser.')
    } catch {
      setStatus('Não foi possível copiar o link. Copie o endereço da página no navegador.')
    }
  }

  return (
    <div className="mt-3">
      {sheet ? (
        <button type="button" onClick={() => void share()} className={`${buttonClass} w-full`}>
          <ShareIcon />
          Compartilhar
        </button>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <a href={whatsappShareUrl(title, url)} target="_blank" rel="noopener noreferrer" className={buttonClass}>
            <ShareIcon />
            Compartilhar no WhatsApp
          </a>
          <button type="button" onClick={() => void copy()} className={buttonClass}>
            <LinkIcon />
            Copiar link
          </button>
        </div>
      )}
      <p aria-live="polite" className="mt-1 min-h-5 text-center text-sm text-slate-700">
        {status}
      </p>
    </div>
  )
}

const noChanges = () => () => {}

/** Whether the browser has a share sheet; the server's markup (and so hydration) says no. */
function useHasShareSheet() {
  return useSyncExternalStore(
    noChanges,
    () => typeof navigator.share === 'function',
    () => false,
  )
}
