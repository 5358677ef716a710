import { useEffect, useRef, useState, type FormEvent } from 'react'
import { LabelledInput } from '../../components/LabelledInput'
import { deskField } from './deskField'

/** Asks the device's desk name once ("Balcão 2"); every pickup made here carries it. */
export function DeskNameForm({ initial = '', onSave }: { initial?: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(initial)
  const [error, setError] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // The one thing to do on this screen: its field takes the focus.
  useEffect(() => input.current?.focus(), [])

  function submit(e: FormEvent) {
    e.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setError('Informe o nome deste balcão, por exemplo "Balcão 2".')
    if (trimmed.length > 40) return setError('Use no máximo 40 caracteres.')
    onSave(trimmed)
  }

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-md flex-col gap-4 p-6">
      <h1 className="text-2xl font-extrabold text-slate-950">Qual é este balcão?</h1>
      <p className="text-lg text-slate-800">
        O nome fica guardado neste aparelho e aparece em cada retirada registrada aqui.
      </p>
      <LabelledInput
        {...deskField}
        fieldClassName="flex flex-col gap-4"
        label="Nome do balcão"
        value={name}
        onChange={(e) => setName(e.target.value)}
        ref={input}
        placeholder="Balcão 2"
        maxLength={60}
        error={error}
        announceError
      />
      <button type="submit" className="min-h-14 rounded-xl bg-slate-950 text-xl font-bold text-white">
        Começar
      </button>
    </form>
  )
}
