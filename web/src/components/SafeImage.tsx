import { useState, type ImgHTMLAttributes } from 'react'

export const placeholderSrc = '/placeholder.svg'

/** An <img> that shows the placeholder picture instead of a broken-image icon when loading fails. */
export function SafeImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = failedSrc === src
  return (
    <img
      {...rest}
      src={failed ? placeholderSrc : src}
      alt={failed ? `${alt} (imagem indisponível)` : alt}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailedSrc(src)}
    />
  )
}
