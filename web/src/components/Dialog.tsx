import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { useDialogBehaviour } from './useDialogBehaviour'

type Props = {
  /** 'alertdialog' when it asks before something that cannot be undone. */
  role?: 'dialog' | 'alertdialog'
  /** The id of its title. */
  labelledBy: string
  /** The id of the text that says what it is about, if any. */
  describedBy?: string
  /** What has the focus on opening; it moves there after the opener is noted, to return to it on closing. */
  initialFocus?: RefObject<HTMLElement | null>
  onClose: () => void
  /** The backdrop's shade and the room it leaves around the panel. */
  backdrop?: string
  /** The panel's size, padding and corners. */
  className: string
  children: ReactNode
}

/**
 * A modal dialog over the page (useDialogBehaviour: Escape, Tab kept inside, no scrolling behind,
 * focus back to the opener): at the bottom of a phone's screen, centred from sm up.
 */
export function Dialog({
  role = 'dialog',
  labelledBy,
  describedBy,
  initialFocus,
  onClose,
  backdrop = 'bg-slate-950/60 p-4',
  className,
  children,
}: Props) {
  const panel = useRef<HTMLDivElement>(null)
  useDialogBehaviour(panel, onClose)
  useEffect(() => initialFocus?.current?.focus(), [initialFocus])
  return createPortal(
    <div className={`fixed inset-0 z-50 flex items-end justify-center sm:items-center ${backdrop}`}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={className}
      >
        {children}
      </div>
    </div>,
    document.body,
  )
}
