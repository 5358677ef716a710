import { useResource } from '../../lib/platform/resource'
import { countResults } from '../../lib/results/resultsApi'
import { formatCount } from '../../lib/text/format'

/** Another modality's set, and the anchor of its item on the results page. */
export type OtherSet = { id: string; percurso: string; anchor: string }

/** A search one modality hands to another; n counts the hand-offs, so the same words run again. */
export type SearchHandoff = { q: string; n: number }

/**
 * RESULT-20: a search looks in the open modality's set; a name run in another modality is found
 * there too, so the page says where else and how many ('Também encontrado em: 5 km (2)'). Each
 * link opens that modality's item (as RESULT-13's links do) with the same search. One request per
 * other set, of one line each: the search itself, within its budget (docs/budgets.md).
 */
export function Elsewhere({
  eventId,
  q,
  others,
  onPick,
}: {
  eventId: string
  q: string
  others: OtherSet[]
  onPick?: (setId: string, q: string) => void
}) {
  const key = `elsewhere:${eventId}:${others.map((o) => o.id).join(',')}:${q}`
  const found = useResource(key, (signal) =>
    Promise.all(others.map(async (o) => ({ ...o, total: await countResults(eventId, o.id, q, signal) }))),
  )
  // Unread or unreadable, it says nothing: the search of this modality stands on its own.
  const hits = found.state === 'ready' ? found.data.filter((o) => o.total > 0) : []
  if (hits.length === 0) return null
  return (
    <p className="mb-2 text-sm text-slate-700">
      Também encontrado em:{' '}
      {hits.map((o, i) => (
        <span key={o.id}>
          {i > 0 && ', '}
          <a
            href={`#${o.anchor}`}
            onClick={() => onPick?.(o.id, q)}
            className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-700"
          >
            {o.percurso} ({formatCount(o.total)})
          </a>
        </span>
      ))}
    </p>
  )
}
