import { useEffect, useId, useState } from 'react'
import { Link } from '../../app/routing'
import { formatCount } from '../../lib/text/format'
import {
  compareCategories,
  formatPace,
  formatPlace,
  rankingTime,
  sexLabels,
  statusShort,
  type TimeKind,
} from '../../lib/results/resultFormat'
import { athletePagePath, resultKey } from '../../lib/results/resultsApi'
import type { Result, ResultSet } from '../../lib/results/resultSchema'
import { useResultPages } from './useResultPages'
import { Elsewhere, type OtherSet, type SearchHandoff } from './Elsewhere'

/** How long typing pauses before the server is asked: one request per word, not per key. */
export const searchDelayMs = 300

const fieldClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700'

/**
 * One modality's results: search by name, bib or team (the server folds accents and case),
 * filters by sex and category, and pages through the cursor. Each line opens the athlete's page.
 * rankBy is the event's tempoClassificacao, the time the places follow.
 */
export function ResultSetView({
  eventId,
  set,
  categorias,
  rankBy,
  others = [],
  handoff,
  onSearchElsewhere,
}: {
  eventId: string
  set: ResultSet
  categorias: string[]
  rankBy: TimeKind
  /** The event's other sets, where a name searched here is looked for too (RESULT-20). */
  others?: OtherSet[]
  /** A search another modality handed to this one, run from the start (its parent keys it anew). */
  handoff?: SearchHandoff
  onSearchElsewhere?: (setId: string, q: string) => void
}) {
  const id = useId()
  const [text, setText] = useState(handoff?.q ?? '')
  const [q, setQ] = useState(handoff?.q ?? '')
  const [sexo, setSexo] = useState('')
  const [categoria, setCategoria] = useState('')
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), searchDelayMs)
    return () => clearTimeout(t)
  }, [text])
  const pages = useResultPages(eventId, set.id, { q, sexo, categoria })
  // A file's categories come in the order athletes appear in it; the organizer's, as they wrote them.
  const options = set.categorias.length ? [...set.categorias].sort(compareCategories) : categorias

  return (
    <div>
      {set.status === 'preliminar' && (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
          Resultado preliminar: pode mudar até a publicação do resultado oficial.
        </p>
      )}
      <form
        role="search"
        aria-label={`Buscar nos resultados de ${set.percurso}`}
        onSubmit={(e) => {
          e.preventDefault()
          setQ(text.trim())
        }}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_12rem]"
      >
        <div>
          <label htmlFor={`${id}-busca`} className="mb-1 block text-sm font-bold text-slate-800">
            Nome, nº de peito ou equipe
          </label>
          <input
            id={`${id}-busca`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Ex.: Maria, 1234, Assessoria"
            autoComplete="off"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-sexo`} className="mb-1 block text-sm font-bold text-slate-800">
            Sexo
          </label>
          <select id={`${id}-sexo`} value={sexo} onChange={(e) => setSexo(e.target.value)} className={fieldClass}>
            <option value="">Todos</option>
            {Object.entries(sexLabels).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-categoria`} className="mb-1 block text-sm font-bold text-slate-800">
            Categoria
          </label>
          <select
            id={`${id}-categoria`}
            value={categoria}
            onChange={(e) => setCategoria(e.target.value)}
            className={fieldClass}
          >
            <option value="">Todas</option>
            {options.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="mt-4">
        {pages.state === 'loading' && (
          <p role="status" className="py-6 text-center text-slate-600">
            Carregando resultados...
          </p>
        )}
        {pages.state === 'error' && (
          <p role="alert" className="py-6 text-center font-semibold text-red-800">
            Falha ao carregar os resultados. Tente novamente.
          </p>
        )}
        {pages.state === 'ready' && (
          <>
            <p aria-live="polite" className="mb-2 text-sm text-slate-700">
              {pages.total === 0
                ? 'Nenhum atleta encontrado.'
                : pages.total === 1
                  ? '1 atleta'
                  : `${formatCount(pages.total)} atletas`}
            </p>
            {q && others.length > 0 && <Elsewhere eventId={eventId} q={q} others={others} onPick={onSearchElsewhere} />}
            {pages.results.length > 0 && (
              <ResultTable eventId={eventId} set={set} results={pages.results} rankBy={rankBy} />
            )}
            {pages.hasMore && (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  onClick={pages.loadMore}
                  disabled={pages.loadingMore}
                  className="min-h-11 rounded-full bg-brand-700 px-6 text-sm font-bold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {pages.loadingMore ? 'Carregando...' : 'Carregar mais'}
                </button>
                {pages.moreError && (
                  <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
                    {pages.moreError}
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  )
}

const shortTimeNames: Record<TimeKind, string> = { liquido: 'Líquido', bruto: 'Bruto' }

/**
 * A compact table: on a phone the place, the athlete (bib, category and team under the name) and
 * the time places follow, with the pace under it (RESULT-10); wider screens give the category, the
 * other time and the pace their own columns.
 */
function ResultTable({
  eventId,
  set,
  results,
  rankBy,
}: {
  eventId: string
  set: ResultSet
  results: Result[]
  rankBy: TimeKind
}) {
  const other: TimeKind = rankBy === 'bruto' ? 'liquido' : 'bruto'
  const timeOf = (r: Result, kind: TimeKind) => (kind === 'bruto' ? r.tempoBruto : r.tempoLiquido)
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">
        Resultados de {set.percurso}, classificados pelo {rankBy === 'bruto' ? 'tempo bruto' : 'tempo líquido'}
      </caption>
      <thead className="border-b border-slate-300 text-xs font-bold uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="w-12 py-2 pr-2 sm:w-16">
            Pos.
          </th>
          <th scope="col" className="py-2 pr-2">
            Atleta
          </th>
          <th scope="col" className="hidden w-28 py-2 pr-2 md:table-cell">
            Categoria
          </th>
          <th scope="col" className="w-24 py-2 pr-2 text-right sm:text-left">
            {shortTimeNames[rankBy]}
          </th>
          <th scope="col" className="hidden w-24 py-2 pr-2 sm:table-cell">
            {shortTimeNames[other]}
          </th>
          <th scope="col" className="hidden w-20 py-2 sm:table-cell">
            Pace /km
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {results.map((r) => (
          <tr key={resultKey(r)} className="align-top">
            <td className="py-2 pr-2 font-extrabold tabular-nums text-slate-900">{formatPlace(r.posicao) || '—'}</td>
            <td className="py-2 pr-2">
              <Link
                to={athletePagePath(eventId, set.id, resultKey(r))}
                className="font-bold break-words text-brand-800 underline-offset-2 hover:underline"
              >
                {r.nome}
              </Link>
              {(r.numeroPeito !== '' || r.equipe) && (
                <span className="block break-words text-xs text-slate-600">
                  {[r.numeroPeito !== '' && `Nº ${r.numeroPeito}`, r.equipe].filter(Boolean).join(' · ')}
                </span>
              )}
              {r.categoria && <span className="block break-words text-xs text-slate-600 md:hidden">{r.categoria}</span>}
            </td>
            <td className="hidden py-2 pr-2 text-slate-700 md:table-cell">
              {r.categoria}
              {r.posicaoCategoria != null && (
                <span className="block text-xs text-slate-500">{formatPlace(r.posicaoCategoria)} na categoria</span>
              )}
            </td>
            <td className="py-2 pr-2 text-right font-bold tabular-nums text-slate-900 sm:text-left">
              {r.status === 'ok' ? rankingTime(r, rankBy).tempo || '—' : statusShort(r.status)}
              {r.status === 'ok' && (
                <span className="block text-xs font-normal text-slate-600 sm:hidden">{formatPace(r.pace)}</span>
              )}
            </td>
            <td className="hidden py-2 pr-2 tabular-nums text-slate-700 sm:table-cell">{timeOf(r, other)}</td>
            <td className="hidden py-2 tabular-nums text-slate-700 sm:table-cell">{r.pace}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
