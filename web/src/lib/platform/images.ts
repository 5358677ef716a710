// The server keeps narrower copies of every uploaded picture (internal/upload/widths.json) and
// answers /files/{id}?w=N with the narrowest one at least N wide, so a phone downloads a
// fraction of a desktop banner.
import { eventBannerSizes, eventCardSizes, widths } from '../../../../internal/upload/widths.json'

/** The sizes of the event page's banner and of the home page's cards; the server preloads the banner and the first cards with the same. */
export { eventBannerSizes, eventCardSizes }

/** The srcset of an uploaded picture; undefined for any other address, which has no copies (internal/upload.SrcSet). */
export function srcSetOf(src: string): string | undefined {
  if (!/^\/files\/[A-Za-z0-9_-]+$/.test(src)) return undefined
  return widths.map((w) => `${src}?w=${w} ${w}w`).join(', ')
}
