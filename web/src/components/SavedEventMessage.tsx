// 'Evento "{title}" salvo com sucesso!' (FORM-38) with the ways on: the event's public page and the
// other of its two organizer pages. The event form shows it after an edit, with the way to the
// workspace; after a new event it travels, in the navigation's state, to the event's workspace, with
// the way back to the form (FORM-40).
import { useEffect, useRef } from 'react'
import { Link } from '../app/routing'
import { organizerEventPath } from '../lib/team/staff'
import type { SavedEvent } from './savedEvent'

type Props = {
  event: SavedEvent
  /** The organizer page the message is on. */
  on: 'workspace' | 'form'
}

export function SavedEventMessage({ event, on }: Props) {
  const heading = useRef<HTMLHeadingElement>(null)
  // FORM-42: the organizer's focus was on the button that saved, now gone or far away; the heading
  // takes it when the message appears, so a screen reader says it and Tab reaches the links next.
  useEffect(() => heading.current?.focus(), [])
  return (
    <div role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
      <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold focus:outline-none">
        <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" data-testid="sucesso">
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path
            d="M7 12.5l3.2 3.2L17 9"
            stroke="#fff"
            strokeWidth="2.2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {`Evento "${event.titulo}" salvo com sucesso!`}
      </h2>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={`/event/${encodeURIComponent(event.id)}`} className="font-semibold text-brand-700 underline">
          Ver página do evento
        </Link>
        {on === 'workspace' ? (
          <Link to={`/cadastro/${encodeURIComponent(event.id)}`} className="font-semibold text-brand-700 underline">
            Editar este evento
          </Link>
        ) : (
          <Link to={organizerEventPath(event.id)} className="font-semibold text-brand-700 underline">
            Gerenciar evento
          </Link>
        )}
      </p>
    </div>
  )
}
