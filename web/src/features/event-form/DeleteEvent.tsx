import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Event } from '../../lib/event'
import { deleteEvent } from '../../lib/eventsApi'
import { useDialogBehaviour } from '../../lib/useDialogBehaviour'

/** The owner's 'Excluir evento' button, its confirmation, and the way back to the dashboard. */
export function DeleteEvent({ event, onDeleted }: { event: Event; onDeleted: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 w-full rounded-full border border-red-300 px-6 py-2 font-semibold text-red-700 hover:bg-red-50 sm:w-auto"
      >
        Excluir evento
      </button>
      {open && <ConfirmDelete event={event} onDeleted={onDeleted} onClose={() => setOpen(false)} />}
    </>
  )
}

function ConfirmDelete({ event, onDeleted, onClose }: { event: Event; onDeleted: () => void; onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useDialogBehaviour(dialog, () => {
    if (!deleting) onClose()
  })

  async function confirm() {
    setDeleting(true)
    setError(null)
    try {
      await deleteEvent(event.id)
      onDeleted()
      navigate('/dashboard')
    } catch (err) {
      console.error(err)
      setError(`Não foi possível excluir o evento. Detalhes: ${err instanceof Error ? err.message : String(err)}`)
      setDeleting(false)
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 p-4 sm:items-center">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="excluir-titulo"
        aria-describedby="excluir-texto"
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id="excluir-titulo" className="text-lg font-bold text-slate-900">
          Excluir evento
        </h2>
        <p id="excluir-texto" className="mt-2 text-slate-700">
          {`Excluir o evento "${event.titulo}"? Esta ação não pode ser desfeita.`}
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            autoFocus
            onClick={onClose}
            disabled={deleting}
            className="min-h-11 rounded-full border border-slate-300 px-5 font-semibold text-slate-700 hover:bg-slate-100"
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={deleting}
            className="min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            {deleting ? 'Excluindo...' : 'Excluir'}
          </button>
        </div>
      </div>
    </div>
  )
}
