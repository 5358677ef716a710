import { useState, type ImgHTMLAttributes } from 'react'
import { srcSetOf } from '../lib/images'

export const placeholderSrc = '/placeholder.svg'

/**
 * An <img> that shows the placeholder picture instead of a broken-image icon when loading fails.
 * An uploaded picture (/files/{id}) is offered in its stored widths; pass `sizes` with it.
 */
export function SafeImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = failedSrc === src
  return (
    <img
      {...rest}
      src={failed ? placeholderSrc : src}
      srcSet={failed ? undefined : srcSetOf(src)}
      alt={failed ? `${alt} (imagem indisponível)` : alt}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailedSrc(src)}
    />
  )
}
