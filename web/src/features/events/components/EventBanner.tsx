import { SafeImage, type ImageSource } from '../../../components/SafeImage'
import { useImageModal } from '../../../components/ImageModal'
import type { Banners } from '../../../lib/events/event'
import { eventBannerSizes, srcSetOf } from '../../../lib/platform/images'
import { bannerFor } from '../../../lib/events/eventText'
import { BannerPlaceholder } from '../../../components/BannerPlaceholder'
import { ZoomIcon } from '../../../components/icons'

const wideScreen = '(min-width: 768px)'

/**
 * The 400 px banner (EVT-4/5; without one, a compact placeholder with the category): the desktop picture from 768 px up, the mobile one below, each
 * falling back to the other. The browser picks it (<picture>), so the page's first markup, drawn
 * by the server, already shows the right one. The whole picture shows (no crop) over a blurred
 * copy of itself; a click opens it in the shared zoom modal (EVT-6). The server preloads the same
 * picture (internal/site/head.go), as it is the page's largest paint.
 */
export function EventBanner({ banners, title, categoria }: { banners: Banners; title: string; categoria: string }) {
  const modal = useImageModal()
  const desktop = bannerFor(banners, 'desktop')
  const mobile = bannerFor(banners, 'mobile')
  const alt = `Banner de ${title}`

  if (!mobile) return <BannerPlaceholder categoria={categoria} className="h-28 sm:h-40" />
  const sources: ImageSource[] = desktop === mobile ? [] : [{ media: wideScreen, src: desktop }]
  const shown = () =>
    typeof window.matchMedia === 'function' && window.matchMedia(wideScreen).matches ? desktop : mobile
  return (
    <div className="relative h-[400px] overflow-hidden bg-slate-900">
      {/* The same picture as below, so the one download (preloaded by the server) serves both. */}
      <picture>
        {sources.map((s) => (
          <source key={s.media} media={s.media} srcSet={srcSetOf(s.src) ?? s.src} sizes={eventBannerSizes} />
        ))}
        <img
          aria-hidden="true"
          alt=""
          src={mobile}
          srcSet={srcSetOf(mobile)}
          sizes={eventBannerSizes}
          className="absolute inset-0 h-full w-full scale-110 object-cover opacity-60 blur-2xl"
        />
      </picture>
      <button
        type="button"
        aria-label={`Ampliar banner de ${title}`}
        onClick={() => modal.open([{ src: shown(), alt }])}
        className="group relative mx-auto block h-full w-full max-w-7xl cursor-zoom-in"
      >
        <SafeImage
          src={mobile}
          sources={sources}
          sizes={eventBannerSizes}
          alt={alt}
          fetchPriority="high"
          loading="eager"
          className="h-full w-full object-contain"
        />
        <span className="absolute bottom-4 right-4 flex items-center gap-1.5 rounded-full bg-slate-900/70 px-3 py-1.5 text-xs font-bold text-white opacity-90 transition group-hover:opacity-100">
          <ZoomIcon className="h-4 w-4" />
          Ampliar
        </span>
      </button>
    </div>
  )
}
