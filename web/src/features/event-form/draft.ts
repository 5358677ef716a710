// A half-filled form survives an accidental reload: every change is kept in localStorage (one draft
// for a new event, one per event being edited) until the save succeeds, and leaving the page with
// unsaved changes asks first.
import { useCallback, useEffect, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { EventFormValues } from './formModel'

const version = 1
const delayMs = 300

export function draftKey(eventId: string | undefined) {
  return `pelotao:rascunho-evento:${eventId ?? 'novo'}`
}

export function loadDraft(key: string): EventFormValues | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
      version?: number
      values?: EventFormValues
    } | null
    return stored?.version === version && stored.values ? stored.values : null
  } catch {
    return null // a corrupt or foreign entry is no draft
  }
}

function storeDraft(key: string, values: EventFormValues) {
  try {
    localStorage.setItem(key, JSON.stringify({ version, values }))
  } catch {
    // Storage full or disabled (private mode): the form still works, only without the safety net.
  }
}

/** Keeps the form's draft under `key` while `isDirty`; returns `discard` to call once it is saved. */
export function useDraft(form: UseFormReturn<EventFormValues>, key: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const { isDirty } = form.formState

  useEffect(() => {
    function save() {
      timer.current = undefined
      storeDraft(key, form.getValues())
    }
    // Leaving or reloading within the delay still keeps the last keystrokes.
    function flush() {
      if (timer.current === undefined) return
      clearTimeout(timer.current)
      save()
    }
    const sub = form.watch((_, { name }) => {
      // Resets (restoring a draft, after a save) have no field name: they are not edits.
      if (name === undefined) return
      clearTimeout(timer.current)
      timer.current = setTimeout(save, delayMs)
    })
    window.addEventListener('pagehide', flush)
    return () => {
      sub.unsubscribe()
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [form, key])

  useEffect(() => {
    if (!isDirty) return
    function onBeforeUnload(e: BeforeUnloadEvent) {
      e.preventDefault()
      e.returnValue = '' // older browsers need it set to show the prompt
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [isDirty])

  return useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    localStorage.removeItem(key)
  }, [key])
}
