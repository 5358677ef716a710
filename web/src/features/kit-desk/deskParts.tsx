import { useEffect, useState, type ComponentType } from 'react'
import { keepLoadedFiles } from './serviceWorker'

type Closable = { onClose: () => void }

/**
 * A part of the desk not needed at first paint, a chunk of its own that the desk's arrival does not
 * carry (its JS budget, docs/budgets.md). load fetches it and has the service worker keep it (it may
 * arrive before the worker controls the page); the desk calls it as soon as its roster is loaded —
 * not when idle, as a desk is often taken offline right after it opens. Part draws it, or in its
 * place, when it cannot be fetched (a desk offline that never fetched it), offline and a button to
 * close, the rest of the desk working on; a dialog's (floating) at the foot of the screen.
 */
function deskPart<P extends Closable>(fetchPart: () => Promise<ComponentType<P>>, offline: string, floating: boolean) {
  const load = () =>
    fetchPart().then((part) => {
      void keepLoadedFiles()
      return part
    })
  function Part(props: P) {
    const [loaded, setLoaded] = useState<{ Part: ComponentType<P> } | 'failed' | null>(null)
    useEffect(() => {
      let live = true
      load().then(
        (part) => live && setLoaded({ Part: part }),
        (err: unknown) => {
          console.error('parte da retirada', err)
          if (live) setLoaded('failed')
        },
      )
      return () => {
        live = false
      }
    }, [])
    if (loaded === 'failed')
      return (
        <div
          role="alert"
          className={`${floating ? 'fixed inset-x-0 bottom-0 z-20 ' : 'mb-4 '}rounded-xl border-2 border-amber-800 bg-amber-50 p-3 text-lg font-bold text-amber-950`}
        >
          <p>{offline}</p>
          <button type="button" onClick={props.onClose} className="mt-2 min-h-11 underline">
            Fechar
          </button>
        </div>
      )
    return loaded && <loaded.Part {...props} />
  }
  return { load, Part }
}

/** "Retirar kits do grupo" (GroupPickup.tsx), shown when a group's code is searched. */
export const groupPanel = deskPart(
  () => import('./GroupPickup').then((m) => m.GroupPickup),
  'O grupo não pôde ser aberto sem conexão. Conecte-se à internet uma vez para baixá-lo.',
  false,
)

/** The pickup's dialog (PickupDialog.tsx). */
export const pickupDialog = deskPart(
  () => import('./PickupDialog').then((m) => m.PickupDialog),
  'A retirada não pôde ser aberta sem conexão. Conecte-se à internet e tente de novo.',
  true,
)

/** Undoing a pickup. */
export const undoDialog = deskPart(
  () => import('../../components/UndoPickupDialog').then((m) => m.UndoPickupDialog),
  'A retirada não pôde ser desfeita sem conexão. Conecte-se à internet e tente de novo.',
  true,
)

/** Leaving with pickups not yet sent. */
export const leaveDialog = deskPart(
  () => import('../../components/ConfirmDialog').then((m) => m.ConfirmDialog),
  'A saída não pôde ser confirmada sem conexão. Conecte-se à internet e espere o envio antes de sair.',
  true,
)

/** Fetches every part, for the desk to call as it opens. */
export function loadDeskParts() {
  for (const part of [groupPanel, pickupDialog, undoDialog, leaveDialog]) part.load().catch(() => undefined)
}
