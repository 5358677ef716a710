import { useEffect, useState } from 'react'

export type Resource<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'ready'; data: T; error?: undefined }
  | { state: 'error'; data?: undefined; error: unknown }

/**
 * The app's one way of loading data for a page: runs `load` whenever `key` changes, aborts the
 * previous request, and reports loading / ready / error. Failures are logged (SPEC §8 "also logged").
 * Pass key = null to load nothing.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [result, setResult] = useState<{ key: string | null; value: Resource<T> }>({ key, value: { state: 'loading' } })

  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    setResult({ key, value: { state: 'loading' } })
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, value: { state: 'ready', data } })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error(error)
        setResult({ key, value: { state: 'error', error } })
      },
    )
    return () => controller.abort()
    // `load` is expected to change with `key`; keying on it alone avoids refetching on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // Until the effect for a new key has run, report loading rather than the previous key's data.
  return result.key === key ? result.value : { state: 'loading' }
}
