import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { ApiError } from '../../../lib/api'
import { useDialogBehaviour } from '../../../lib/useDialogBehaviour'

type Props = {
  titulo: string
  /** Deletes the event; a rejection keeps the dialog open with the reason. */
  onConfirm: () => Promise<void>
  onClose: () => void
}

/** Asks before deleting a real event: the deletion cannot be undone. */
export function DeleteEventDialog({ titulo, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDivElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState('')
  const id = useId()
  // Escape or Cancelar while the request runs would leave its answer nowhere to show.
  useDialogBehaviour(dialog, () => !deleting && onClose())
  // The safe choice has the focus; after useDialogBehaviour has noted the opener.
  useEffect(() => cancel.current?.focus(), [])

  function confirm() {
    setDeleting(true)
    setError('')
    onConfirm().catch((err: unknown) => {
      console.error(err)
      setDeleting(false)
      setError(err instanceof ApiError ? err.message : 'Não foi possível excluir o evento. Tente novamente.')
    })
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-titulo`}
        aria-describedby={`${id}-texto`}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
          Excluir evento
        </h2>
        <p id={`${id}-texto`} className="mt-2 text-slate-700">
          Tem certeza de que deseja excluir o evento "{titulo}"? Esta ação não pode ser desfeita.
        </p>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancel}
            type="button"
            onClick={onClose}
            disabled={deleting}
            className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={deleting}
            className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {deleting ? 'Excluindo...' : 'Excluir'}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
