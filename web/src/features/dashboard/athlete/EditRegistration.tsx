import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link } from '../../../app/routing'
import { LabelledInput } from '../../../components/LabelledInput'
import { ApiError, type FieldErrors } from '../../../lib/platform/api'
import type { MyRegistration } from '../../../lib/registration/orders'
import { formatDate } from '../../../lib/text/format'
import { editOpen, editRegistration, eventPath, type RegistrationPatch } from './registrationActions'

type Props = { registration: MyRegistration; onSaved: () => Promise<void> }

const inputClass = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base text-slate-900'
const errorClass = 'mt-1 text-sm font-medium text-red-700'

/**
 * "Alterar dados" (REG-119): shirt size, team and emergency contact until the event's edicaoAte,
 * which it shows; after it, that changes are closed and whom to ask. The server's field errors are
 * shown beside their fields and what was typed stays. Saved, the form closes, "Dados da inscrição salvos." is said
 * beside the card's button, which has the focus again (REG-282).
 */
export function EditRegistration({ registration: r, onSaved }: Props) {
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  // Closed by the form (saved or discarded), the focus goes back to the button that opened it, not to the page's top.
  const refocus = useRef(false)
  useEffect(() => {
    if (!open && refocus.current) {
      refocus.current = false
      opener.current?.focus()
    }
  }, [open])
  const close = (done: boolean) => {
    refocus.current = true
    setSaved(done)
    setOpen(false)
  }
  if (!editOpen(r)) {
    return (
      <p className="text-sm text-slate-700">
        As alterações terminaram em {formatDate(r.evento.edicaoAte)}. Para mudar algo agora, fale com a organização do
        evento.{' '}
        <Link to={eventPath(r.evento.id)} className="font-semibold text-brand-800 hover:underline">
          Ver contatos na página do evento
        </Link>
      </p>
    )
  }
  return (
    <div className="space-y-2 text-sm">
      {r.evento.edicaoAte && (
        <p className="text-slate-600">
          Camiseta, equipe e contato de emergência podem ser alterados até {formatDate(r.evento.edicaoAte)}.
        </p>
      )}
      {open ? (
        <EditForm registration={r} onDone={close} onSaved={onSaved} />
      ) : (
        <button
          ref={opener}
          type="button"
          onClick={() => {
            setSaved(false)
            setOpen(true)
          }}
          className="min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Alterar dados
        </button>
      )}
      {/* Always there, so that a screen reader hears the message when it comes. */}
      <p role="status" className="font-medium text-green-800">
        {saved ? 'Dados da inscrição salvos.' : ''}
      </p>
    </div>
  )
}

type FormProps = { registration: MyRegistration; onDone: (saved: boolean) => void; onSaved: () => Promise<void> }

function EditForm({ registration: r, onDone, onSaved }: FormProps) {
  const id = useId()
  const [camiseta, setCamiseta] = useState(r.camiseta)
  const [equipe, setEquipe] = useState(r.equipe)
  const [contato, setContato] = useState(r.contatoEmergencia)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)

  async function save(e: FormEvent) {
    e.preventDefault()
    // Only what changed is sent: the history keeps one entry per change.
    const patch: RegistrationPatch = {}
    if (camiseta !== r.camiseta) patch.camiseta = camiseta
    if (equipe !== r.equipe) patch.equipe = equipe
    if (contato.nome !== r.contatoEmergencia.nome || contato.telefone !== r.contatoEmergencia.telefone)
      patch.contatoEmergencia = contato
    if (Object.keys(patch).length === 0) return onDone(false)
    setBusy(true)
    setErrors({})
    setRefusal('')
    try {
      await editRegistration(r.id, patch)
      await onSaved()
      onDone(true)
    } catch (err) {
      console.error(err)
      const fields = err instanceof ApiError ? err.fields : {}
      setErrors(fields)
      if (Object.keys(fields).length === 0)
        setRefusal(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label={`Alterar dados de ${r.nome}`}
      className="space-y-3 rounded-lg bg-slate-50 p-3"
    >
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {refusal}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-camiseta`} className="block text-sm font-semibold text-slate-800">
          Tamanho da camiseta
        </label>
        <select
          id={`${id}-camiseta`}
          value={camiseta}
          onChange={(e) => setCamiseta(e.target.value)}
          aria-invalid={errors.camiseta ? true : undefined}
          aria-describedby={errors.camiseta ? `${id}-camiseta-erro` : undefined}
          className={inputClass}
        >
          {/* The current size stays choosable even if the organizer has since removed it. */}
          {(r.evento.tamanhosCamiseta.includes(r.camiseta)
            ? r.evento.tamanhosCamiseta
            : [r.camiseta, ...r.evento.tamanhosCamiseta]
          ).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {errors.camiseta && (
          <p id={`${id}-camiseta-erro`} className={errorClass}>
            {errors.camiseta}
          </p>
        )}
      </div>
      <LabelledInput
        label="Equipe (opcional)"
        value={equipe}
        onChange={(e) => setEquipe(e.target.value)}
        error={errors.equipe}
        className={inputClass}
      />
      <LabelledInput
        label="Contato de emergência: nome"
        value={contato.nome}
        onChange={(e) => setContato({ ...contato, nome: e.target.value })}
        error={errors['contatoEmergencia.nome'] ?? errors.contatoEmergencia}
        className={inputClass}
        autoComplete="off"
      />
      <LabelledInput
        label="Contato de emergência: telefone com DDD"
        type="tel"
        value={contato.telefone}
        onChange={(e) => setContato({ ...contato, telefone: e.target.value })}
        error={errors['contatoEmergencia.telefone']}
        className={inputClass}
        autoComplete="off"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button
          type="button"
          onClick={() => onDone(false)}
          disabled={busy}
          className="min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 disabled:opacity-60"
        >
          Descartar alterações
        </button>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Salvando...' : 'Salvar alterações'}
        </button>
      </div>
    </form>
  )
}
