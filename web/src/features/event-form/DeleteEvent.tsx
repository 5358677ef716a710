import { useState } from 'react'
import { useNavigate } from '../../app/routing'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import type { Event } from '../../lib/events/event'
import { deleteEvent } from '../../lib/events/eventsApi'

/** The owner's 'Excluir evento' button, its confirmation, and the way back to the dashboard. */
export function DeleteEvent({ event, onDeleted }: { event: Event; onDeleted: () => void }) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 w-full rounded-full border border-red-300 px-6 py-2 font-semibold text-red-700 hover:bg-red-50 sm:w-auto"
      >
        Excluir evento
      </button>
      {open && (
        <ConfirmDialog
          title="Excluir evento"
          confirmLabel="Excluir"
          busyLabel="Excluindo..."
          onConfirm={() =>
            deleteEvent(event.id).then(() => {
              onDeleted()
              navigate('/dashboard')
            })
          }
          failure={(err) =>
            `Não foi possível excluir o evento. Detalhes: ${err instanceof Error ? err.message : String(err)}`
          }
          onClose={() => setOpen(false)}
        >
          {`Excluir o evento "${event.titulo}"? Esta ação não pode ser desfeita.`}
        </ConfirmDialog>
      )}
    </>
  )
}
