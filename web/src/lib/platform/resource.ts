import { useEffect, useRef, useState } from 'react'
import { forgetInitialData, initialData } from './initialData'

/**
 * Where the page's embedded first data is (the API path), and how to read T from that answer: the
 * same parse as the API's answer gets (lib/events/eventSchema), as the embedded data is that answer.
 */
export type Initial<T> = { path: string; read: (answer: unknown) => T | undefined }

export type Resource<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'ready'; data: T; error?: undefined }
  | { state: 'error'; data?: undefined; error: unknown }

/**
 * The app's one way of loading data for a page: runs `load` whenever `key` changes, aborts the
 * previous request, and reports loading / ready / error. Failures are logged (docs/product.md §8 "also logged").
 * Pass key = null to load nothing. With `initial`, the first render takes the answer to GET
 * initial.path that the server put in the page (lib/platform/initialData), if any, instead of loading.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  initial?: Initial<T>,
): Resource<T> {
  const [result, setResult] = useState<{ key: string | null; value: Resource<T> }>(() => {
    const answer = key !== null && initial ? initialData<unknown>(initial.path) : undefined
    const data = answer === undefined ? undefined : initial?.read(answer)
    return { key, value: data === undefined ? { state: 'loading' } : { state: 'ready', data } }
  })
  // The key whose data came with the page: its first effect has nothing to load.
  const seeded = useRef(result.value.state === 'ready' ? key : null)

  useEffect(() => {
    if (key === null) return
    if (seeded.current === key) {
      seeded.current = null
      if (initial) forgetInitialData(initial.path)
      return
    }
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
