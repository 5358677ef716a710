// The saved event that travels, in a navigation's state, from the event form to the page the organizer
// lands on (FORM-40); components/SavedEventMessage.tsx says it.

export type SavedEvent = { id: string; titulo: string }

/** The navigation state that carries the message to the page the organizer lands on. */
export function savedEventState(event: SavedEvent) {
  return { savedEvent: { id: event.id, titulo: event.titulo } }
}

/** The saved event a navigation's state carries, if it carries one. */
export function savedEventOf(state: unknown): SavedEvent | null {
  if (typeof state !== 'object' || state === null || !('savedEvent' in state)) return null
  const e = (state as { savedEvent: unknown }).savedEvent
  if (typeof e !== 'object' || e === null) return null
  const { id, titulo } = e as Record<string, unknown>
  return typeof id === 'string' && typeof titulo === 'string' ? { id, titulo } : null
}
