import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '../../app/routing'
import { SavedEventMessage } from '../../components/SavedEventMessage'
import { savedEventState } from '../../components/savedEvent'
import { ApiError } from '../../lib/platform/api'
import type { Event } from '../../lib/events/event'
import { createEvent, updateEvent } from '../../lib/events/eventsApi'
import { organizerEventPath } from '../../lib/team/staff'
import { draftKey, loadDraft, useDraft } from './draft'
import { formFieldOf, fromEvent, newEventValues, toEventInput, type EventFormValues } from './formModel'
import { eventFormSchema } from './formSchema'
import { UploadQueueProvider, useUploadQueue } from './uploadQueue'
import { BasicsSection, LocalSection, MediaSection, OrganizerSection } from './sections/GeneralSections'
import { AboutSection } from './sections/AboutSection'
import { RegistrationSection } from './sections/RegistrationSection'
import { KitsSection, RetiradaKitsSection } from './sections/KitSections'
import { LargadasSection } from './sections/LargadasSection'
import { ModalidadesSection } from './sections/ModalidadesSection'
import { PremiacaoSection } from './sections/PremiacaoSection'
import { DeleteEvent } from './DeleteEvent'

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; event: Event }
  // atField: the server named the fields at fault, and focus went to the first of them.
  | { kind: 'failed'; message: string; atField?: boolean }

const saveFailure = (message: string) => `Erro ao salvar o evento. Tente novamente. Detalhes: ${message}`

type Props = {
  /** The event being edited; absent when creating one. */
  event?: Event
}

export function EventForm(props: Props) {
  return (
    <UploadQueueProvider>
      <Form {...props} />
    </UploadQueueProvider>
  )
}

function Form({ event }: Props) {
  const [initial] = useState(() => (event ? fromEvent(event) : newEventValues()))
  const form = useForm<EventFormValues>({
    defaultValues: initial,
    resolver: zodResolver(eventFormSchema) as unknown as Resolver<EventFormValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first invalid field on the page (focusFirstError), which is not always
    // the first one registered: rows added later register last.
    shouldFocusError: false,
  })
  const key = draftKey(event?.id)
  const discardDraft = useDraft(form, key)
  const uploads = useUploadQueue()
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  // Each save draws its message anew, so that its heading takes the focus again (FORM-42).
  const [saves, setSaves] = useState(0)
  // The event as last saved: the delete confirmation names it as it is now.
  const [stored, setStored] = useState(event)
  const [restored, setRestored] = useState(false)
  const saving = useRef(false)
  const status = useRef<HTMLDivElement>(null)
  const formElement = useRef<HTMLFormElement>(null)
  const navigate = useNavigate()
  const [focusRequests, setFocusRequests] = useState(0)
  const focusFirstError = () => setFocusRequests((n) => n + 1)
  // The browser's errors arrive with a new submitCount, the server's with a focus request: either
  // way this runs in the render that shows them.
  const { submitCount } = form.formState
  useEffect(() => {
    if (submitCount > 0 || focusRequests > 0)
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [submitCount, focusRequests])

  // A draft left by a reload replaces the starting values, and still counts as unsaved.
  useEffect(() => {
    const draft = loadDraft(key)
    if (draft) {
      form.reset(draft, { keepDefaultValues: true })
      // The draft is in localStorage, outside React: read once the form is on screen, then shown.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true)
    }
  }, [form, key])

  // A failure the server tied to no field is read from here; a success's heading takes the focus itself (FORM-42).
  useEffect(() => {
    if (save.kind === 'failed' && !save.atField) status.current?.focus()
  }, [save])

  async function submit() {
    if (saving.current) return
    saving.current = true
    setSave({ kind: 'saving' })
    try {
      const uploadError = await uploads.settle()
      if (uploadError) {
        setSave({ kind: 'failed', message: saveFailure(uploadError) })
        return
      }
      // Read after the uploads: their URLs arrived while waiting.
      const values = form.getValues()
      const input = toEventInput(values)
      const saved = event ? await updateEvent(event.id, input) : await createEvent(input)
      discardDraft()
      if (!event) {
        // FORM-40: the organizer goes on to what they made, the event's workspace, which says it was saved.
        navigate(organizerEventPath(saved.id), { state: savedEventState(saved) })
        return
      }
      form.reset(fromEvent(saved))
      setStored(saved)
      setRestored(false)
      setSave({ kind: 'saved', event: saved })
      setSaves((n) => n + 1)
    } catch (err) {
      console.error(err)
      const message = err instanceof Error ? err.message : String(err)
      const atField = err instanceof ApiError && showServerFieldErrors(err.fields)
      setSave({ kind: 'failed', message: saveFailure(message), atField })
    } finally {
      saving.current = false
    }
  }

  function showServerFieldErrors(fields: Record<string, string>) {
    const values = form.getValues()
    const paths = Object.keys(fields)
    for (const path of paths)
      form.setError(formFieldOf(path, values) as FieldPath<EventFormValues>, { type: 'server', message: fields[path] })
    if (paths.length > 0) focusFirstError()
    return paths.length > 0
  }

  function startOver() {
    discardDraft()
    form.reset(initial)
    setRestored(false)
  }

  const isSaving = save.kind === 'saving'
  return (
    <FormProvider {...form}>
      {restored && (
        <div
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
        >
          <span>Rascunho restaurado: o formulário continua de onde você parou.</span>
          <button type="button" onClick={startOver} className="min-h-11 rounded-md px-3 font-semibold underline">
            Descartar rascunho
          </button>
        </div>
      )}
      <form
        ref={formElement}
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        className="space-y-6"
        aria-label={event ? 'Editar evento' : 'Cadastrar evento'}
      >
        <p className="text-sm text-slate-600">
          Campos marcados com{' '}
          <span aria-hidden="true" className="font-bold text-red-700">
            *
          </span>
          <span className="sr-only">asterisco</span> são obrigatórios.
        </p>
        <BasicsSection />
        <LocalSection />
        <MediaSection />
        <AboutSection />
        <RegistrationSection />
        <OrganizerSection />
        <RetiradaKitsSection />
        <KitsSection />
        <LargadasSection />
        <ModalidadesSection />
        <PremiacaoSection />

        <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-xl sm:border sm:p-4">
          <div ref={status} tabIndex={-1} className="focus:outline-none">
            {save.kind === 'saved' && (
              <div className="mb-3">
                <SavedEventMessage key={saves} event={save.event} on="form" />
              </div>
            )}
            {save.kind === 'failed' && (
              <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
                {save.message}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              disabled={isSaving}
              className="min-h-11 w-full rounded-full bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
            >
              {isSaving ? 'Salvando...' : 'Salvar Evento'}
            </button>
            {stored && <DeleteEvent event={stored} onDeleted={discardDraft} />}
          </div>
        </div>
      </form>
    </FormProvider>
  )
}
