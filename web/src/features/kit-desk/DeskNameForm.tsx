import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

/** Asks the device's desk name once ("Balcão 2"); every pickup made here carries it. */
export function DeskNameForm({ initial = '', onSave }: { initial?: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(initial)
  const [error, setError] = useState('')
  const id = useId()
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
      <label htmlFor={id} className="text-lg font-semibold text-slate-950">
        Nome do balcão
      </label>
      <input
        id={id}
        value={name}
        onChange={(e) => setName(e.target.value)}
        ref={input}
        placeholder="Balcão 2"
        maxLength={60}
        aria-invalid={error !== ''}
        aria-describedby={error ? `${id}-erro` : undefined}
        className="min-h-14 rounded-xl border-2 border-slate-900 px-4 text-xl"
      />
      {error && (
        <p id={`${id}-erro`} role="alert" className="font-semibold text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className="min-h-14 rounded-xl bg-slate-950 text-xl font-bold text-white">
        Começar
      </button>
    </form>
  )
}
