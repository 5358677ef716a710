import { useState, useSyncExternalStore } from 'react'
import { lineIconProps } from './icons'

const buttonClass =
  'flex items-center justify-center gap-2 rounded-full py-2 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700'

/** A WhatsApp share of a page; api.whatsapp.com shows link previews more reliably than wa.me. */
export function whatsappShareUrl(title: string, pageUrl: string) {
  return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${pageUrl}`)}`
}

/**
 * Sharing a page (an event, an athlete's result): the phone's own share sheet where the browser
 * has one (Web Share API), otherwise WhatsApp and copying the link.
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

// Line icons as the event pages draw them (decorative: the button's text carries the meaning).

function ShareIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  )
}

function LinkIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L11.6 6" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.6-1.6" />
    </svg>
  )
}
