import { useId, useState } from 'react'
import type { Role } from '../../../lib/staff'
import { useResource } from '../../../lib/resource'
import { getSummary, participantsCSVPath, participantsPDFPath } from '../api'
import { ImportPanel } from './ImportPanel'
import { ParticipantsTable } from './ParticipantsTable'
import { Totals } from './Totals'

type Props = { eventId: string; role: Role; percursos: readonly string[] }

/**
 * Inscritos: the owner and managers import, total and export the participants; the kit desk only
 * searches the list, whose CPFs the server masks for it.
 */
export function ParticipantsTab({ eventId, role, percursos }: Props) {
  const manages = role !== 'retirada'
  // Bumped after an import, so that the list and the totals are read again.
  const [version, setVersion] = useState(0)
  const summary = useResource(manages ? `summary:${eventId}:${version}` : null, (signal) => getSummary(eventId, signal))
  const filterPercursos = summary.state === 'ready' ? Object.keys(summary.data.porPercurso).sort() : percursos

  return (
    <div className="space-y-8">
      {manages && <ImportPanel eventId={eventId} onImported={() => setVersion((v) => v + 1)} />}
      {manages &&
        (summary.state === 'ready' ? (
          summary.data.total > 0 && <Totals summary={summary.data} />
        ) : summary.state === 'error' ? (
          <p role="alert" className="text-red-700">
            Não foi possível carregar os totais.
          </p>
        ) : null)}
      {manages && <Exports eventId={eventId} />}
      <ParticipantsTable eventId={eventId} percursos={filterPercursos} version={version} />
    </div>
  )
}

const linkClass = 'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50'

/** The CSV of every participant, and the printable list (PDF) of a range of bibs. */
function Exports({ eventId }: { eventId: string }) {
  const id = useId()
  const [de, setDe] = useState('')
  const [ate, setAte] = useState('')
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Exportar
      </h2>
      <a href={participantsCSVPath(eventId)} download className={linkClass}>
        Baixar planilha (CSV)
      </a>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm text-slate-700">Lista para impressão por faixa de nº de peito (deixe em branco para todos)</legend>
        <label className="text-sm font-semibold text-slate-800">
          Do nº
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            value={de}
            onChange={(e) => setDe(e.target.value.replace(/\D/g, ''))}
            className="mt-1 block w-28 rounded-md border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          até o nº
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            value={ate}
            onChange={(e) => setAte(e.target.value.replace(/\D/g, ''))}
            className="mt-1 block w-28 rounded-md border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <a href={participantsPDFPath(eventId, { de, ate })} target="_blank" rel="noopener" className={linkClass}>
          Lista para impressão (PDF)
        </a>
      </fieldset>
    </section>
  )
}
