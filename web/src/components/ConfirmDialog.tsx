import { useId, useRef, useState, type ReactNode } from 'react'
import { Dialog } from './Dialog'

type Props = {
  title: string
  /** The question, with what cannot be undone. */
  children: ReactNode
  confirmLabel: string
  /** The safe choice's label, 'Cancelar' unless that word would read as the action itself. */
  dismissLabel?: string
  /** Shown on the confirm button while onConfirm runs. */
  busyLabel: string
  /** Does the irreversible thing; a rejection keeps the dialog open with failure(reason). */
  onConfirm: () => Promise<void>
  failure: (err: unknown) => string
  onClose: () => void
}

/** Asks before a destructive action, with the safe choice focused and the failure shown in place. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancelar',
  busyLabel,
  onConfirm,
  failure,
  onClose,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const id = useId()

  function confirm() {
    setBusy(true)
    setError('')
    onConfirm().catch((err: unknown) => {
      console.error(err)
      setBusy(false)
      setError(failure(err))
    })
  }

  return (
    <Dialog
      role="alertdialog"
      labelledBy={`${id}-titulo`}
      describedBy={`${id}-texto`}
      // The safe choice has the focus.
      initialFocus={cancel}
      // Escape or the safe choice while the request runs would leave its answer nowhere to show.
      onClose={() => !busy && onClose()}
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
          {dismissLabel}
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
    </Dialog>
  )
}
