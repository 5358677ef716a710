import { useParams } from '../../app/routing'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { getEvent } from '../../lib/events/eventsApi'
import { ApiError } from '../../lib/platform/api'
import { useAuth } from '../../lib/auth'
import { PageLoading } from '../../components/PageLoading'
import { EventForm } from './EventForm'

/** /cadastro creates an event; /cadastro/{eventId} edits one with the same form, pre-filled. */
export function EventFormPage() {
  const { eventId } = useParams()
  usePageMeta('eventForm')
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">
        {eventId ? 'Editar Evento' : 'Cadastro de Evento'}
      </h1>
      {eventId ? <EditEvent key={eventId} id={eventId} /> : <EventForm />}
    </section>
  )
}

function EditEvent({ id }: { id: string }) {
  const event = useResource(id, (signal) => getEvent(id, signal))
  const { user } = useAuth()
  if (event.state === 'loading') return <PageLoading text="Carregando evento..." />
  if (event.state === 'error') {
    const missing = event.error instanceof ApiError && event.error.status === 404
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
        {missing ? 'Evento não encontrado.' : 'Falha ao carregar os dados do evento.'}
      </p>
    )
  }
  // The server refuses anyone else's changes (403); this says so before anything is typed.
  if (user && event.data.ownerId !== user.uid) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-4 text-amber-900">
        Este evento pertence a outro organizador: só quem o cadastrou pode editá-lo.
      </p>
    )
  }
  return <EventForm event={event.data} />
}
