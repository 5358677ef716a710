import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/Dialog'
import { LabelledInput } from '../../../components/LabelledInput'
import { validateNewSampleEvent, type NewSampleEventErrors, type NewSampleEventInput } from './sampleRules'

type Props = {
  onCreate: (input: NewSampleEventInput) => void
  onClose: () => void
}

const empty: NewSampleEventInput = { nome: '', data: '', cidade: '', percurso: '', preco: '' }

const fields: { name: keyof NewSampleEventInput; label: string; type: string; placeholder?: string }[] = [
  { name: 'nome', label: 'Nome do evento', type: 'text' },
  { name: 'data', label: 'Data', type: 'date' },
  { name: 'cidade', label: 'Cidade', type: 'text' },
  { name: 'percurso', label: 'Percurso', type: 'text', placeholder: 'Ex.: 10 km' },
  { name: 'preco', label: 'Preço (R$)', type: 'number' },
]

/**
 * The prototype's 'Criar Evento' dialog (docs/requirements.md ORG-6, ORG-7, ORG-9). Browser validation is
 * off so the messages are ours, in Portuguese, beside each field; the constraints stay on the
 * inputs (required, step, min) for assistive technology and the number keyboard.
 */
export function CreateSampleEventDialog({ onCreate, onClose }: Props) {
  const inputs = useRef(new Map<keyof NewSampleEventInput, HTMLInputElement>())
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<NewSampleEventErrors>({})
  const id = useId()
  // After Dialog has noted the opener, so that focus can go back to it.
  useEffect(() => inputs.current.get('nome')?.focus(), [])

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const found = validateNewSampleEvent(values, inputs.current.get('preco')?.validity.badInput ?? false)
    setErrors(found)
    const first = fields.find((f) => found[f.name])
    if (first) {
      inputs.current.get(first.name)?.focus()
      return
    }
    onCreate(values)
  }

  return (
    <Dialog
      labelledBy={`${id}-titulo`}
      describedBy={`${id}-nota`}
      onClose={onClose}
      backdrop="bg-slate-950/60 p-0 sm:p-4"
      className="max-h-full w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-md sm:rounded-2xl"
    >
      <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
        Criar Evento
      </h2>
      <p id={`${id}-nota`} className="mt-1 text-sm text-slate-600">
        Evento de exemplo: fica só neste navegador, como rascunho, até a página ser recarregada. Todos os campos são
        obrigatórios.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {fields.map((f) => {
          const error = errors[f.name]
          return (
            <LabelledInput
              key={f.name}
              fieldClassName="flex flex-col gap-1"
              labelClassName="text-sm font-semibold text-slate-800"
              errorClassName="text-sm text-red-700"
              label={f.label}
              ref={(el) => {
                if (el) inputs.current.set(f.name, el)
                else inputs.current.delete(f.name)
              }}
              name={f.name}
              type={f.type}
              required
              {...(f.name === 'preco' ? { step: '0.01', min: '0', inputMode: 'decimal' as const } : {})}
              placeholder={f.placeholder}
              value={values[f.name]}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              error={error}
              className={`rounded-lg border bg-white px-3 py-2 text-slate-900 ${
                error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
              }`}
            />
          )
        })}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancelar
          </button>
          <button
            type="submit"
            className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Salvar evento
          </button>
        </div>
      </form>
    </Dialog>
  )
}
