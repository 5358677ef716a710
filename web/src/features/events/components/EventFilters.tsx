import { useState } from 'react'
import { categorias, ufs } from '../../../lib/events/event'
import { hasFilters, type Filters } from '../eventList'
import { SearchIcon } from '../../../components/icons'

type Props = { filters: Filters; onChange: (changes: Partial<Filters>) => void }

const fieldClass =
  'w-full min-w-0 rounded-xl border-0 bg-white px-3 py-3 text-base text-slate-900 shadow-sm ring-1 ring-white/20 focus:outline-2 focus:outline-offset-2 focus:outline-accent-500'

/**
 * Search box and the category and state filters; the page keeps their values in the URL. Where the
 * app could not be loaded, the form still works as a plain GET of the same address
 * (?q=&categoria=&uf=), which the server draws filtered.
 */
export function EventFilters({ filters, onChange }: Props) {
  // The box shows what is typed from its own state: the address, and so filters.q, follows as a
  // transition (app/routing), and a box bound to it went back to its older text between two quick
  // keys on a slow phone, losing the second.
  const [q, setQ] = useState(filters.q)
  return (
    <form
      role="search"
      method="get"
      action="/"
      className="mt-6 grid grid-cols-2 gap-3 rounded-2xl bg-white/10 p-3 backdrop-blur lg:grid-cols-[minmax(0,1fr)_14rem_14rem] sm:p-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="busca" className="mb-1 block text-xs font-bold uppercase tracking-wide text-brand-50">
          Buscar
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            <SearchIcon />
          </span>
          <input
            id="busca"
            name="q"
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value)
              onChange({ q: e.target.value })
            }}
            placeholder="Evento, cidade ou estado"
            autoComplete="off"
            enterKeyHint="search"
            className={`${fieldClass} pl-10`}
          />
        </div>
      </div>
      <div>
        <label
          htmlFor="filtro-categoria"
          className="mb-1 block text-xs font-bold uppercase tracking-wide text-brand-50"
        >
          Categoria
        </label>
        <select
          id="filtro-categoria"
          name="categoria"
          value={filters.categoria}
          onChange={(e) => onChange({ categoria: e.target.value })}
          className={fieldClass}
        >
          <option value="">Todas</option>
          {categorias.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filtro-uf" className="mb-1 block text-xs font-bold uppercase tracking-wide text-brand-50">
          Estado
        </label>
        <select
          id="filtro-uf"
          name="uf"
          value={filters.uf}
          onChange={(e) => onChange({ uf: e.target.value })}
          className={fieldClass}
        >
          <option value="">Todos</option>
          {ufs.map((u) => (
            <option key={u.sigla} value={u.sigla}>
              {u.nome} ({u.sigla})
            </option>
          ))}
        </select>
      </div>
      {hasFilters(filters) && (
        <button
          type="button"
          onClick={() => {
            setQ('')
            onChange({ q: '', categoria: '', uf: '' })
          }}
          className="justify-self-start text-sm font-bold text-white underline underline-offset-4 hover:text-brand-100 col-span-2 lg:col-span-3"
        >
          Limpar filtros
        </button>
      )}
    </form>
  )
}
