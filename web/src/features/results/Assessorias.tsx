// The ranking by assessoria of one set (GET /api/events/{id}/results/{setId}/grupos, GRP-45):
// loaded by ResultsPage with a dynamic import, so that its code and its request cost the page's
// first load nothing (docs/budgets.md).
import { useId } from 'react'
import { api } from '../../lib/platform/api'
import { useResource } from '../../lib/platform/resource'
import { count, list, oneOf, record, text, type Parsed } from '../../lib/platform/schema'
import { formatCount } from '../../lib/text/format'
import { resultSetsPath } from '../../lib/results/resultsApi'
import type { ResultSet } from '../../lib/results/resultSchema'

const byTime = list(record({ nome: text, tempo: text, atletas: list(text) }))

const parseRanking = record({
  porConcluintes: list(record({ nome: text, concluintes: count })),
  porTempo: record({ F: byTime, M: byTime }),
  status: oneOf(['preliminar', 'oficial'], 'preliminar'),
})

export type GroupRanking = Parsed<typeof parseRanking>

/** n is how many of each sex's best times a group adds: the event's temposAssessoria (GRP-31). */
export function groupRankingPath(eventId: string, setId: string, n: number) {
  return `${resultSetsPath(eventId)}/${encodeURIComponent(setId)}/grupos?n=${n}`
}

const sexos = [
  { key: 'F', label: 'Feminino' },
  { key: 'M', label: 'Masculino' },
] as const

const headClass = 'px-2 py-2 text-left text-xs font-bold uppercase tracking-wide text-slate-600'
const cellClass = 'px-2 py-2 align-top'

/**
 * "Assessorias": the event's groups by number of finishers, and by the sum of the best n times of
 * each sex (n the event's temposAssessoria, GRP-31), preliminary or official as the set. Nothing while it loads, when it cannot be read, or
 * when no group has a finisher: the results above are the page, this is its extra.
 */
export function Assessorias({ eventId, set, n }: { eventId: string; set: ResultSet; n: number }) {
  const id = useId()
  const path = groupRankingPath(eventId, set.id, n)
  const r = useResource(`${path}@${set.importedAt}`, async (signal) =>
    parseRanking(await api<unknown>(path, { signal })),
  )
  if (r.state !== 'ready' || r.data.porConcluintes.length === 0) return null
  const ranking = r.data
  return (
    <section aria-labelledby={`${id}-titulo`} className="mt-8">
      <h3 id={`${id}-titulo`} className="text-xl font-extrabold text-slate-900">
        Assessorias
        <span
          className={`ml-2 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-bold ${
            ranking.status === 'oficial' ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {ranking.status === 'oficial' ? 'Oficial' : 'Preliminar'}
        </span>
      </h3>
      {ranking.status === 'preliminar' && (
        <p className="mt-1 text-sm text-slate-700">
          Classificação preliminar: pode mudar até a publicação do resultado oficial.
        </p>
      )}
      <table className="mt-4 w-full table-fixed text-sm">
        <caption className="mb-2 text-left font-bold text-slate-900">Por número de concluintes</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${headClass} w-12`}>
              Pos.
            </th>
            <th scope="col" className={headClass}>
              Assessoria
            </th>
            <th scope="col" className={`${headClass} w-28 text-right`}>
              Concluintes
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.porConcluintes.map((g, i) => (
            <tr key={g.nome} className="border-b border-slate-100">
              <td className={cellClass}>{i + 1}º</td>
              <th scope="row" className={`${cellClass} break-words text-left font-semibold text-slate-900`}>
                {g.nome}
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{formatCount(g.concluintes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sexos.map(({ key, label }) => {
        const groups = ranking.porTempo[key]
        const caption = n === 1 ? `${label}: melhor tempo` : `${label}: soma dos ${n} melhores tempos`
        if (groups.length === 0) {
          return (
            <p key={key} className="mt-6 text-sm text-slate-700">
              <span className="font-bold text-slate-900">{caption}.</span>{' '}
              {n === 1
                ? 'Nenhuma assessoria com atleta que concluiu.'
                : `Nenhuma assessoria com ${n} atletas que concluíram.`}
            </p>
          )
        }
        return (
          <table key={key} className="mt-6 w-full table-fixed text-sm">
            <caption className="mb-2 text-left font-bold text-slate-900">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={`${headClass} w-12`}>
                  Pos.
                </th>
                <th scope="col" className={headClass}>
                  Assessoria
                </th>
                <th scope="col" className={`${headClass} w-24 text-right`}>
                  Tempo
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g, i) => (
                <tr key={g.nome} className="border-b border-slate-100">
                  <td className={cellClass}>{i + 1}º</td>
                  <th scope="row" className={`${cellClass} break-words text-left font-normal`}>
                    <span className="block font-semibold text-slate-900">{g.nome}</span>
                    <span className="block text-xs text-slate-600">{g.atletas.join(', ')}</span>
                  </th>
                  <td className={`${cellClass} text-right tabular-nums`}>{g.tempo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      })}
    </section>
  )
}
