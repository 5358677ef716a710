import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useDialogBehaviour } from '../lib/useDialogBehaviour'

type Props = {
  title: string
  /** The question, with what cannot be undone. */
  children: ReactNode
  confirmLabel: string
  /** Shown on the confirm button while onConfirm runs. */
  busyLabel: string
  /** Does the irreversible thing; a rejection keeps the dialog open with failure(reason). */
  onConfirm: () => Promise<void>
  failure: (err: unknown) => string
  onClose: () => void
}

/** Asks before a destructive action, with the safe choice focused and the failure shown in place. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, onConfirm, failure, onClose }: Props) {
  const dialog = useRef<HTMLDivElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const id = useId()
  // Escape or Cancelar while the request runs would leave its answer nowhere to show.
  useDialogBehaviour(dialog, () => !busy && onClose())
  // The safe choice has the focus; after useDialogBehaviour has noted the opener.
  useEffect(() => cancel.current?.focus(), [])

  function confirm() {
    setBusy(true)
    setError('')
    onConfirm().catch((err: unknown) => {
      console.error(err)
      setBusy(false)
      setError(failure(err))
    })
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-4 sm:items-center">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-titulo`}
        aria-describedby={`${id}-texto`}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-texto`} className="mt-2 text-slate-700">
          {children}
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancel}
            type="button"
            onClick={onClose}
            disabled={busy}
            className="min-h-11 rounded-full border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={busy}
            className="min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
