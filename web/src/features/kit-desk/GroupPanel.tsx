import { useEffect, useState, type ComponentProps } from 'react'
import type { GroupPickup } from './GroupPickup'
import { keepLoadedFiles } from './serviceWorker'

/**
 * The group's panel, its own chunk (the desk's arrival carries none of it): fetched by the desk as
 * soon as its roster is loaded, not when idle, as a desk is often taken offline right after it
 * opens, and then given to the service worker to keep.
 */
export const loadGroupPickup = () =>
  import('./GroupPickup').then((m) => {
    void keepLoadedFiles()
    return m
  })

export const groupOffline = 'O grupo não pôde ser aberto sem conexão. Conecte-se à internet uma vez para baixá-lo.'

type Loaded = { Pickup: typeof GroupPickup } | 'failed' | null

/**
 * GroupPickup once its chunk is here; in its place a message when the chunk cannot be fetched (a
 * desk offline that never fetched it), the rest of the desk working on.
 */
export function GroupPanel(props: ComponentProps<typeof GroupPickup>) {
  const [loaded, setLoaded] = useState<Loaded>(null)
  useEffect(() => {
    let live = true
    loadGroupPickup().then(
      (m) => live && setLoaded({ Pickup: m.GroupPickup }),
      (err: unknown) => {
        console.error('painel do grupo', err)
        if (live) setLoaded('failed')
      },
    )
    return () => {
      live = false
    }
  }, [])
  if (loaded === 'failed')
    return (
      <p role="alert" className="mb-4 rounded-xl border-2 border-amber-800 bg-amber-50 p-3 text-lg font-bold">
        {groupOffline}
      </p>
    )
  if (!loaded) return <p className="text-lg">Abrindo o grupo...</p>
  return <loaded.Pickup {...props} />
}
