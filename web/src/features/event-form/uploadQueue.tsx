// Files start uploading as soon as they are chosen, so the organizer sees the progress while still
// typing; the save waits for them, retries the ones that failed, and stops if one still fails.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { uploadFile, type UploadKind } from '../../lib/platform/uploads'

export type UploadStatus =
  { state: 'uploading'; progress: number; fileName: string } | { state: 'failed'; error: string; fileName: string }

type Pending = { file: File; kind: UploadKind; done: Promise<string | null> } // resolves to the error message, or null

type UploadQueue = {
  status: Record<string, UploadStatus>
  /** Uploads `file` and, when it arrives, hands its URL to `onUploaded`. */
  start: (name: string, file: File, kind: UploadKind, onUploaded: (url: string) => void) => void
  /** Forgets a field's failed or running upload (the user removed the file). */
  forget: (name: string) => void
  /** Waits for every upload, retrying failed ones once; resolves to the first error message, or null. */
  settle: () => Promise<string | null>
}

const UploadQueueContext = createContext<UploadQueue | null>(null)

export function useUploadQueue(): UploadQueue {
  const q = useContext(UploadQueueContext)
  if (!q) throw new Error('useUploadQueue outside UploadQueueProvider')
  return q
}

export function UploadQueueProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Record<string, UploadStatus>>({})
  const pending = useRef(new Map<string, Pending & { onUploaded: (url: string) => void }>())

  const set = useCallback((name: string, s: UploadStatus | null) => {
    setStatus((prev) => {
      const next = { ...prev }
      if (s) next[name] = s
      else delete next[name]
      return next
    })
  }, [])

  const start = useCallback(
    (name: string, file: File, kind: UploadKind, onUploaded: (url: string) => void) => {
      set(name, { state: 'uploading', progress: 0, fileName: file.name })
      const entry = {
        file,
        kind,
        onUploaded,
        done: uploadFile(file, kind, (progress) => {
          if (pending.current.get(name) === entry) set(name, { state: 'uploading', progress, fileName: file.name })
        }).then(
          ({ url }) => {
            if (pending.current.get(name) !== entry) return null
            pending.current.delete(name)
            set(name, null)
            onUploaded(url)
            return null
          },
          (err: unknown) => {
            const error = err instanceof Error ? err.message : String(err)
            if (pending.current.get(name) === entry) set(name, { state: 'failed', error, fileName: file.name })
            return error
          },
        ),
      }
      pending.current.set(name, entry)
    },
    [set],
  )

  const forget = useCallback(
    (name: string) => {
      pending.current.delete(name)
      set(name, null)
    },
    [set],
  )

  const settle = useCallback(async () => {
    const entries = [...pending.current.entries()]
    const results = await Promise.all(
      entries.map(async ([name, entry]) => {
        const error = await entry.done
        if (error === null || pending.current.get(name) !== entry) return null
        start(name, entry.file, entry.kind, entry.onUploaded) // one more try before giving up
        return (await pending.current.get(name)?.done) ?? null
      }),
    )
    return results.find((e) => e !== null) ?? null
  }, [start])

  const value = useMemo(() => ({ status, start, forget, settle }), [status, start, forget, settle])
  return <UploadQueueContext.Provider value={value}>{children}</UploadQueueContext.Provider>
}
