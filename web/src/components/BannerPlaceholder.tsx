import { fallbacks } from '../lib/events/eventText'

/**
 * What stands for an event without a banner (EVT-5): its category, which says more than a blank
 * picture, with 'Sem imagem' under it. The caller sizes it: compact on the event page, so that a
 * phone's first screen shows the event and not an empty block; the picture's box on a card.
 */
export function BannerPlaceholder({ categoria, className = '' }: { categoria: string; className?: string }) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-1 bg-gradient-to-br from-brand-800 to-brand-900 px-4 text-center ${className}`}
    >
      <span className="text-lg font-extrabold uppercase tracking-wide text-white">{categoria}</span>
      <span className="text-xs font-semibold text-brand-100">{fallbacks.imagem}</span>
    </div>
  )
}
