import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ApiError } from '../../../lib/platform/api'

type Props = {
  titulo: string
  /** Deletes the event; a rejection keeps the dialog open with the reason. */
  onConfirm: () => Promise<void>
  onClose: () => void
}

/** Asks before deleting a real event: the deletion cannot be undone. */
export function DeleteEventDialog({ titulo, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      title="Excluir evento"
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      onConfirm={onConfirm}
      failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível excluir o evento. Tente novamente.')}
      onClose={onClose}
    >
      Tem certeza de que deseja excluir o evento "{titulo}"? Esta ação não pode ser desfeita.
    </ConfirmDialog>
  )
}
