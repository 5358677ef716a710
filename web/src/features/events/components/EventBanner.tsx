import { SafeImage } from '../../../components/SafeImage'
import { useImageModal } from '../../../components/ImageModal'
import type { Banners } from '../../../lib/event'
import { useMediaQuery } from '../../../lib/useMediaQuery'
import { fallbacks } from '../../../lib/eventText'
import { bannerFor } from '../eventDisplay'
import { ZoomIcon } from './icons'

/**
 * The 400 px banner (EVT-4/5): the desktop picture from 768 px up, the mobile one below, each
 * falling back to the other. The whole picture shows (no crop) over a blurred copy of itself;
 * a click opens it in the shared zoom modal (EVT-6).
 */
export function EventBanner({ banners, title }: { banners: Banners; title: string }) {
  const wide = useMediaQuery('(min-width: 768px)')
  const src = bannerFor(banners, wide ? 'desktop' : 'mobile')
  const modal = useImageModal()
  const alt = `Banner de ${title}`

  if (!src) {
    return (
      <div className="flex h-[400px] items-center justify-center bg-gradient-to-br from-brand-800 to-brand-900 text-lg font-bold text-brand-50">
        {fallbacks.imagem}
      </div>
    )
  }
  return (
    <div className="relative h-[400px] overflow-hidden bg-slate-900">
      <div
        aria-hidden="true"
        className="absolute inset-0 scale-110 bg-cover bg-center opacity-60 blur-2xl"
        style={{ backgroundImage: `url(${JSON.stringify(src)})` }}
      />
      <button
        type="button"
        aria-label={`Ampliar banner de ${title}`}
        onClick={() => modal.open([{ src, alt }])}
        className="group relative mx-auto block h-full w-full max-w-7xl cursor-zoom-in"
      >
        <SafeImage src={src} alt={alt} fetchPriority="high" className="h-full w-full object-contain" />
        <span className="absolute bottom-4 right-4 flex items-center gap-1.5 rounded-full bg-slate-900/70 px-3 py-1.5 text-xs font-bold text-white opacity-90 transition group-hover:opacity-100">
          <ZoomIcon className="h-4 w-4" />
          Ampliar
        </span>
      </button>
    </div>
  )
}
