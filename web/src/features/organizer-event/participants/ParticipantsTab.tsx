import { lazy, Suspense, useState } from 'react'
import { can, type Role } from '../../../lib/team/staff'
import { useResource } from '../../../lib/platform/resource'
import { listEventGroups } from '../../../lib/groups/groups'
import { useForbidden } from '../access'
import { getParticipantSettings, getSummary, type FaixaPeito } from '../api'
import { ParticipantsTable } from './ParticipantsTable'

// Only for managers, their code comes after the page's (docs/budgets.md): the import (its box
// holds its place meanwhile), and below the list the totals, exports and bib ranges.
const ImportPanel = lazy(() => import('./ImportPanel').then((m) => ({ default: m.ImportPanel })))
const Totals = lazy(() => import('./Totals').then((m) => ({ default: m.Totals })))
const Exports = lazy(() => import('./Exports').then((m) => ({ default: m.Exports })))
const BibRanges = lazy(() => import('./BibRanges').then((m) => ({ default: m.BibRanges })))

/** timeZone: the event's clock (its fusoHorario), on which a kit's pickup reads (REG-225). */
type Props = { eventId: string; role: Role; percursos: readonly string[]; timeZone?: string; onForbidden: () => void }

/**
 * Inscritos: the owner and managers import, search, total and export the participants and set
 * the bib ranges; the kit desk only searches the list, whose CPFs the server masks for it.
 */
export function ParticipantsTab({ eventId, role, percursos, timeZone, onForbidden }: Props) {
  const manages = can(role, 'manage')
  // Bumped after an import, so that the list and the totals are read again.
  const [version, setVersion] = useState(0)
  const summary = useResource(manages ? `summary:${eventId}:${version}` : null, (signal) => getSummary(eventId, signal))
  const settings = useResource(manages ? `participant-settings:${eventId}` : null, (signal) =>
    getParticipantSettings(eventId, signal),
  )
  // The group filter's options (GRP-47); the groups are the managers' to see.
  const groups = useResource(manages ? `grupos:${eventId}` : null, (signal) => listEventGroups(eventId, signal))
  const [savedFaixas, setSavedFaixas] = useState<FaixaPeito[] | null>(null)
  useForbidden(summary.error, onForbidden)
  const faixas = savedFaixas ?? (settings.state === 'ready' ? settings.data.faixasPeito : [])
  // The modalities of the event, then any other the imported files named.
  const known = [
    ...new Set([...percursos, ...(summary.state === 'ready' ? Object.keys(summary.data.porPercurso) : [])]),
  ]

  return (
    <div className="space-y-8">
      {manages && (
        <Suspense fallback={<div className="h-44 rounded-xl border border-slate-200 bg-white" />}>
          <ImportPanel eventId={eventId} onImported={() => setVersion((v) => v + 1)} />
        </Suspense>
      )}
      <ParticipantsTable
        eventId={eventId}
        percursos={known}
        version={version}
        seesPayments={can(role, 'tab:financeiro')}
        timeZone={timeZone}
        grupos={groups.state === 'ready' ? groups.data : undefined}
        onForbidden={onForbidden}
      />
      <Suspense>
        {manages &&
          (summary.state === 'ready' ? (
            summary.data.total > 0 && <Totals summary={summary.data} />
          ) : summary.state === 'error' ? (
            <p role="alert" className="text-red-700">
              Não foi possível carregar os totais.
            </p>
          ) : null)}
        {manages && <Exports eventId={eventId} faixas={faixas} />}
        {manages && settings.state === 'ready' && (
          <BibRanges eventId={eventId} percursos={known} saved={settings.data.faixasPeito} onSaved={setSavedFaixas} />
        )}
      </Suspense>
    </div>
  )
}
