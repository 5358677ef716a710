import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react'
import { srcSetOf } from '../lib/platform/images'

export const placeholderSrc = '/placeholder.svg'

/** A picture for the screens that match media (a <source> of <picture>), in front of src. */
export type ImageSource = { media: string; src: string }

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; sources?: ImageSource[] }

/**
 * An <img> that shows the placeholder picture instead of a broken-image icon when loading fails.
 * An uploaded picture (/files/{id}) is offered in its stored widths; pass `sizes` with it. With
 * `sources`, the browser picks the picture by media query itself (<picture>), so the server's
 * markup already holds the right one for the screen.
 */
export function SafeImage({ src, alt, sources = [], ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = failedSrc === src
  const ref = useRef<HTMLImageElement>(null)
  // A picture in the server's markup may fail before the app is there to hear it.
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailedSrc(src)
  }, [src])

  const image = (
    <img
      {...rest}
      ref={ref}
      src={failed ? placeholderSrc : src}
      srcSet={failed ? undefined : srcSetOf(src)}
      alt={failed ? `${alt} (imagem indisponível)` : alt}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailedSrc(src)}
    />
  )
  if (failed || sources.length === 0) return image
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.media} media={s.media} srcSet={srcSetOf(s.src) ?? s.src} sizes={rest.sizes} />
      ))}
      {image}
    </picture>
  )
}
