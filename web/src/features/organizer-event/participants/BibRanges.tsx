import { useId, useState, type FormEvent } from 'react'
import { ApiError, type FieldErrors } from '../../../lib/platform/api'
import { putParticipantSettings, type FaixaPeito } from '../api'

type Props = {
  eventId: string
  /** The event's modalities, and those the participants already have. */
  percursos: readonly string[]
  saved: readonly FaixaPeito[]
  onSaved: (faixas: FaixaPeito[]) => void
}

type Draft = Record<string, { inicio: string; fim: string }>

/**
 * Bib ranges by modality: an import numbers the participants its file leaves without a bib from
 * their modality's range. A modality left blank has no range. The server checks overlaps.
 */
export function BibRanges({ eventId, percursos, saved, onSaved }: Props) {
  const id = useId()
  const names = [...new Set([...percursos, ...saved.map((f) => f.percurso)])]
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(saved.map((f) => [f.percurso, { inicio: String(f.inicio), fim: String(f.fim) }])),
  )
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)

  // The ranges as sent, each with the modality it came from, to place the server's errors.
  const faixas = names
    .filter((p) => draft[p]?.inicio || draft[p]?.fim)
    .map((p) => ({ percurso: p, inicio: Number(draft[p]!.inicio || 0), fim: Number(draft[p]!.fim || 0) }))
  const errorOf = (percurso: string, part: 'inicio' | 'fim' | 'percurso') => {
    const i = faixas.findIndex((f) => f.percurso === percurso)
    return i < 0 ? '' : (fields[`faixasPeito.${i}.${part}`] ?? '')
  }

  function edit(percurso: string, part: 'inicio' | 'fim', value: string) {
    setDraft((d) => ({ ...d, [percurso]: { inicio: '', fim: '', ...d[percurso], [part]: value.replace(/\D/g, '') } }))
    setNotice('')
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    setFields({})
    try {
      const answer = await putParticipantSettings(eventId, { faixasPeito: faixas })
      setNotice('Faixas salvas. Valem para quem a próxima importação trouxer sem número de peito.')
      onSaved(answer.faixasPeito)
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError) {
        setFields(err.fields)
        setError(err.message)
      } else {
        setError('Não foi possível salvar as faixas. Tente novamente.')
      }
    } finally {
      setBusy(false)
    }
  }

  if (names.length === 0) return null
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Faixas de nº de peito por modalidade
      </h2>
      <p className="text-sm text-slate-600">
        Quem vier na planilha sem número de peito recebe o próximo número livre da faixa da sua modalidade.
      </p>
      <form onSubmit={onSubmit} className="space-y-3">
        {names.map((p, i) => {
          const problems = [errorOf(p, 'percurso'), errorOf(p, 'inicio'), errorOf(p, 'fim')].filter(Boolean)
          const described = problems.length > 0 ? `${id}-erro-${i}` : undefined
          return (
            <fieldset key={p} aria-describedby={described} className="flex flex-wrap items-end gap-3">
              <legend className="mb-1 w-full break-words text-sm font-semibold text-slate-900">{p}</legend>
              <BibField
                label="Do nº"
                value={draft[p]?.inicio ?? ''}
                invalid={!!errorOf(p, 'inicio')}
                onChange={(v) => edit(p, 'inicio', v)}
              />
              <BibField
                label="até o nº"
                value={draft[p]?.fim ?? ''}
                invalid={!!errorOf(p, 'fim')}
                onChange={(v) => edit(p, 'fim', v)}
              />
              {described && (
                <p id={described} className="w-full text-sm text-red-700">
                  {problems.join(' ')}
                </p>
              )}
            </fieldset>
          )
        })}
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Salvando...' : 'Salvar faixas'}
        </button>
        <p role="status" className="text-sm font-semibold text-brand-800 empty:hidden">
          {notice}
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}

type BibFieldProps = { label: string; value: string; invalid: boolean; onChange: (value: string) => void }

/** One end of a modality's range. */
function BibField({ label, value, invalid, onChange }: BibFieldProps) {
  return (
    <label className="text-sm text-slate-800">
      {label}
      <input
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        className="mt-1 block w-24 rounded-md border border-slate-300 px-3 py-2 font-normal aria-invalid:border-red-600"
      />
    </label>
  )
}
