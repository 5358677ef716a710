import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/platform/api'
import { fetchParticipantsPDF, participantsCSVPath, type BibRange, type FaixaPeito } from '../api'

const buttonClass =
  'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'

/** Hands a downloaded file to the browser under `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click starts the download at once; the address is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url))
}

/**
 * The CSV of every participant, and the printable list (PDF) of a range of bibs, typed or one
 * modality's range. The PDF is fetched rather than linked, so that a refusal (a range too long to
 * print) is said here in Portuguese instead of opening as an error page.
 */
export function Exports({ eventId, faixas }: { eventId: string; faixas: readonly FaixaPeito[] }) {
  const id = useId()
  const [de, setDe] = useState('')
  const [ate, setAte] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function print(range: BibRange) {
    setBusy(true)
    setError('')
    try {
      const blob = await fetchParticipantsPDF(eventId, range)
      save(blob, `lista-retirada-${range.de ?? 'inicio'}-${range.ate ?? 'fim'}.pdf`)
    } catch (err) {
      console.error(err)
      setError(err instanceof ApiError ? err.message : 'Não foi possível gerar a lista. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const range = { de: de ? Number(de) : undefined, ate: ate ? Number(ate) : undefined }
    if (range.de && range.ate && range.ate < range.de) {
      setError('O número final deve ser maior ou igual ao inicial.')
      return
    }
    void print(range)
  }

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Exportar
      </h2>
      <a href={participantsCSVPath(eventId)} download className={buttonClass}>
        Baixar planilha (CSV)
      </a>
      <form onSubmit={onSubmit} aria-describedby={`${id}-pdf-erro`} className="space-y-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-1 text-sm text-slate-700">
            Lista para impressão (PDF) por faixa de nº de peito; em branco, do primeiro ao último
          </legend>
          <BibField label="Do nº" value={de} onChange={setDe} />
          <BibField label="até o nº" value={ate} onChange={setAte} />
          <button type="submit" disabled={busy} className={buttonClass}>
            {busy ? 'Gerando...' : 'Baixar lista (PDF)'}
          </button>
        </fieldset>
        {faixas.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-700">Por modalidade:</span>
            {faixas.map((f) => (
              <button
                key={f.percurso}
                type="button"
                disabled={busy}
                onClick={() => void print({ de: f.inicio, ate: f.fim })}
                aria-label={`Baixar lista de ${f.percurso}, peitos ${f.inicio} a ${f.fim} (PDF)`}
                className={buttonClass}
              >
                {f.percurso} ({f.inicio}–{f.fim})
              </button>
            ))}
          </div>
        )}
        <p id={`${id}-pdf-erro`} role="alert" className="break-words text-sm font-medium text-red-700 empty:hidden">
          {error}
        </p>
      </form>
    </section>
  )
}

/** A bib number of the list's range: digits only. */
function BibField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="text-sm font-semibold text-slate-800">
      {label}
      <input
        inputMode="numeric"
        pattern="[0-9]*"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        className="mt-1 block w-28 rounded-md border border-slate-300 px-3 py-2 font-normal"
      />
    </label>
  )
}
