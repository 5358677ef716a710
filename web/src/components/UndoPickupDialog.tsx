import { ConfirmDialog } from './ConfirmDialog'

type Props = {
  /** The athlete whose kit was picked up. */
  nome: string
  /** Undoes the pickup; a rejection keeps the dialog open with its message. */
  onUndo: () => Promise<void>
  onClose: () => void
}

/** Asks before undoing a kit pickup, at the kit desk and on the organizer's Retirada de kits tab. */
export function UndoPickupDialog({ nome, onUndo, onClose }: Props) {
  return (
    <ConfirmDialog
      title="Desfazer retirada?"
      confirmLabel="Desfazer retirada"
      busyLabel="Desfazendo..."
      onConfirm={onUndo}
      failure={(err) =>
        err instanceof Error && err.message ? err.message : 'Não foi possível desfazer. Tente novamente.'
      }
      onClose={onClose}
    >
      O kit de {nome} volta a constar como não retirado. A retirada fica no histórico.
    </ConfirmDialog>
  )
}
