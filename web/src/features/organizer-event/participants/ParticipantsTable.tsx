import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { useResource } from '../../../lib/platform/resource'
import { useForbidden } from '../access'
import { listParticipants, queryString, type Participant, type ParticipantQuery } from '../api'
import { formatDocumento } from '../../../lib/text/format'

// Opened from a row: its code (and the dialog's) comes when first asked for.
const ParticipantDialog = lazy(() => import('./ParticipantDialog').then((m) => ({ default: m.ParticipantDialog })))

/** Rows per page: the server pages the list, so 30,000 participants cost the browser one page. */
export const pageSize = 50

/** The wait after the last keystroke before the search is sent. */
export const searchDelayMs = 300

type Props = {
  eventId: string
  /** The modalities offered by the filter. */
  percursos: readonly string[]
  /** Changes after an import or a change elsewhere, to read the list again. */
  version: number
  /** Whether the viewer sees what each participant paid (the server sends the kit desk no amount). */
  seesPayments: boolean
  /** The event's clock (its fusoHorario): the participant's card reads the kit's pickup on it. */
  timeZone?: string
  /** The event's groups the group filter offers (managers only; none: no filter). */
  grupos?: readonly GroupOption[]
  onForbidden: () => void
}

export type GroupOption = { id: string; nome: string }

type Filters = Pick<ParticipantQuery, 'percurso' | 'pago' | 'kitRetirado' | 'grupo'>

const controlClass = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2'
const pageButtonClass =
  'min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50'

/** The event's participants: search by name, CPF, bib or e-mail, filters, pages, and each one's detail. */
export function ParticipantsTable({
  eventId,
  percursos,
  version,
  seesPayments,
  timeZone,
  grupos = [],
  onForbidden,
}: Props) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [filters, setFilters] = useState<Filters>({ percurso: '', pago: '', kitRetirado: '', grupo: '' })
  // The cursors of the pages before the current one, to go back; the last is the current page's.
  const [cursors, setCursors] = useState<string[]>([])
  const [open, setOpen] = useState<Participant | null>(null)

  useEffect(() => {
    // Only a new search goes back to the first page: the first render's timer, or spaces typed,
    // must not undo a page turned meanwhile.
    if (typed.trim() === q) return
    const timer = setTimeout(() => {
      setQ(typed.trim())
      setCursors([])
    }, searchDelayMs)
    return () => clearTimeout(timer)
  }, [typed, q])

  const query: ParticipantQuery = { q, ...filters, limit: pageSize, cursor: cursors.at(-1) }
  const key = `participants:${eventId}:${version}:${queryString(query)}`
  const page = useResource(key, (signal) => listParticipants(eventId, query, signal))
  useForbidden(page.error, onForbidden)

  function filter(name: keyof Filters, value: string) {
    setFilters((before) => ({ ...before, [name]: value }))
    setCursors([])
  }

  const nextCursor = page.state === 'ready' ? page.data.nextCursor : undefined
  const rows = page.state === 'ready' ? page.data.participants : []
  // The group column, when the event has groups or a row names one (the kit desk is not sent the groups).
  const showsGroup = grupos.length > 0 || rows.some((p) => p.grupo)

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-4">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Lista de inscritos
      </h2>
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="block text-sm font-semibold text-slate-800 sm:col-span-2 lg:col-span-1">
          Buscar por nome, CPF, nº de peito, e-mail ou código
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={`${controlClass} font-normal`}
          />
        </label>
        <Filter
          label="Modalidade"
          value={filters.percurso}
          onChange={(v) => filter('percurso', v)}
          options={[['', 'Todas'], ...percursos.map((p) => [p, p] as const)]}
        />
        <Filter
          label="Pagamento"
          value={filters.pago}
          onChange={(v) => filter('pago', v)}
          options={[
            ['', 'Todos'],
            ['true', 'Pagos'],
            ['false', 'Não pagos'],
          ]}
        />
        <Filter
          label="Kit"
          value={filters.kitRetirado}
          onChange={(v) => filter('kitRetirado', v)}
          options={[
            ['', 'Todos'],
            ['true', 'Retirado'],
            ['false', 'Não retirado'],
          ]}
        />
        {grupos.length > 0 && (
          <Filter
            label="Grupo"
            value={filters.grupo}
            onChange={(v) => filter('grupo', v)}
            options={[['', 'Todos'], ...grupos.map((g) => [g.id, g.nome] as const)]}
          />
        )}
      </div>

      <p role="status" className="text-sm text-slate-700">
        {page.state === 'loading'
          ? 'Carregando inscritos...'
          : page.state === 'ready'
            ? page.data.total === 1
              ? '1 inscrito encontrado'
              : `${page.data.total.toLocaleString('pt-BR')} inscritos encontrados`
            : ''}
      </p>
      {page.state === 'error' && (
        <p role="alert" className="text-red-700">
          Não foi possível carregar os inscritos. Tente novamente.
        </p>
      )}

      {rows.length > 0 && (
        <ScrollTable
          label="Inscritos"
          columns={[
            'Nome',
            'Nº de peito',
            'Documento',
            'Modalidade',
            'Camiseta',
            ...(showsGroup ? ['Grupo'] : []),
            'Pago',
            'Kit',
          ]}
        >
          {rows.map((p) => (
            <tr key={p.id}>
              <RowHeader>
                <button
                  type="button"
                  onClick={() => setOpen(p)}
                  className="text-left font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {p.nome}
                </button>
              </RowHeader>
              <Cell numeric>{p.numeroPeito}</Cell>
              <Cell numeric>{formatDocumento(p.documento)}</Cell>
              <Cell>{p.percurso}</Cell>
              <Cell>{p.camiseta}</Cell>
              {showsGroup && <Cell>{p.grupo || 'Sem grupo'}</Cell>}
              <Cell>{p.pago ? 'Sim' : 'Não'}</Cell>
              <Cell>{p.kitRetirado ? 'Retirado' : 'Não retirado'}</Cell>
            </tr>
          ))}
        </ScrollTable>
      )}

      {(cursors.length > 0 || nextCursor) && (
        <nav aria-label="Páginas de inscritos" className="flex items-center justify-between gap-3">
          <button
            type="button"
            disabled={cursors.length === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
            className={pageButtonClass}
          >
            Anterior
          </button>
          <span className="text-sm text-slate-600">Página {cursors.length + 1}</span>
          <button
            type="button"
            disabled={!nextCursor}
            onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
            className={pageButtonClass}
          >
            Próxima
          </button>
        </nav>
      )}

      {open && (
        <Suspense>
          <ParticipantDialog
            eventId={eventId}
            participant={open}
            seesPayments={seesPayments}
            timeZone={timeZone}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </section>
  )
}

type FilterProps = {
  label: string
  value: string | undefined
  onChange: (value: string) => void
  options: readonly (readonly [value: string, label: string])[]
}

// The label sits beside the select, not around it, so that the options' text is not part of it.
export function Filter({ label, value, onChange, options }: FilterProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
