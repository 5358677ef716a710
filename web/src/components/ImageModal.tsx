import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useDialogBehaviour } from './useDialogBehaviour'
import { SafeImage } from './SafeImage'

export type ModalImage = { src: string; alt: string }

type ImageModalApi = {
  /** Opens the shared full-screen viewer on images[index]; with several images it pages through them. */
  open: (images: ModalImage[], index?: number) => void
}

const ImageModalContext = createContext<ImageModalApi | null>(null)

export function useImageModal(): ImageModalApi {
  const api = useContext(ImageModalContext)
  if (!api) throw new Error('useImageModal outside ImageModalProvider')
  return api
}

type State = { images: ModalImage[]; index: number } | null

export function ImageModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(null)
  const open = useCallback((images: ModalImage[], index = 0) => {
    if (images.length > 0) setState({ images, index: Math.min(Math.max(index, 0), images.length - 1) })
  }, [])
  const api = useMemo(() => ({ open }), [open])
  return (
    <ImageModalContext.Provider value={api}>
      {children}
      {state && (
        <ImageViewer
          images={state.images}
          index={state.index}
          onIndex={(index) => setState({ ...state, index })}
          onClose={() => setState(null)}
        />
      )}
    </ImageModalContext.Provider>
  )
}

/** Wraps i into 0..n-1, so that paging past either end continues at the other. */
export function wrapIndex(i: number, n: number) {
  return ((i % n) + n) % n
}

type ViewerProps = { images: ModalImage[]; index: number; onIndex: (i: number) => void; onClose: () => void }

function ImageViewer({ images, index, onIndex, onClose }: ViewerProps) {
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const touchStart = useRef<number | null>(null)
  useDialogBehaviour(dialog, onClose)
  // After useDialogBehaviour has noted the opener, so that focus can go back to it.
  useEffect(() => closeButton.current?.focus(), [])
  const many = images.length > 1
  const image = images[index]!
  const go = (delta: number) => onIndex(wrapIndex(index + delta, images.length))

  return (
    // The dialog takes the arrow keys, swipes and backdrop clicks of its whole surface; its buttons
    // (Fechar, Anterior, Próxima) offer the same to every other way of using it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={many ? `Imagem ${index + 1} de ${images.length}` : 'Imagem ampliada'}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 p-4"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (!many) return
        if (e.key === 'ArrowRight') go(1)
        if (e.key === 'ArrowLeft') go(-1)
      }}
      onTouchStart={(e) => (touchStart.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const start = touchStart.current
        const end = e.changedTouches[0]?.clientX
        touchStart.current = null
        if (!many || start == null || end == null || Math.abs(end - start) < 40) return
        go(end < start ? 1 : -1)
      }}
    >
      <SafeImage
        key={image.src}
        src={image.src}
        alt={image.alt}
        className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
      />
      <button
        ref={closeButton}
        type="button"
        aria-label="Fechar imagem"
        className="absolute right-4 top-4 rounded-full bg-white/90 p-2 text-slate-900 hover:bg-white"
        onClick={onClose}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {many && (
        <>
          <button
            type="button"
            aria-label="Imagem anterior"
            className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-3 text-slate-900 hover:bg-white"
            onClick={() => go(-1)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            aria-label="Próxima imagem"
            className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-3 text-slate-900 hover:bg-white"
            onClick={() => go(1)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-slate-900">
            {index + 1} / {images.length}
          </p>
        </>
      )}
    </div>
  )
}
