import { useId } from 'react'

/** The search box of the participant tabs: nome, e-mail or documento, ignoring accents. */
export function ParticipantSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1 sm:w-96">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Buscar por nome, e-mail ou documento
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600"
      />
    </div>
  )
}

/** What the participant tabs show when the search matches nobody. */
export function NoParticipants() {
  return (
    <p role="status" className="text-slate-600">
      Nenhum participante encontrado.
    </p>
  )
}
