import { useEffect, useId, useRef, useState } from 'react'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { formatMoney } from '../../../lib/text/format'
import { useResource } from '../../../lib/platform/resource'
import { useForbidden } from '../access'
import { queryString } from '../api'
import { formatMoment } from '../participants/ParticipantDialog'
import { Filter, pageSize, searchDelayMs } from '../participants/ParticipantsTable'
import {
  listOrders,
  organizerOrderStatusLabels,
  orderStatusLabel,
  orderTitle,
  paymentLabel,
  type Order,
  type OrderQuery,
  type OrderStatus,
} from './financeApi'
import { OrderDetail } from './OrderDetail'

type Props = { eventId: string; onRefunded: () => void; onForbidden: () => void }

const controlClass = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2'
const pageButtonClass =
  'min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50'

const statusOptions = [['', 'Todos'], ...Object.entries(organizerOrderStatusLabels)] as const

/**
 * The event's orders, newest first (docs/requirements.md REG-133): searched by name, document,
 * registration code or order id, filtered by status, paged by the server's cursor; an order opens
 * below the list with its history and its refund.
 */
export function OrdersList({ eventId, onRefunded, onForbidden }: Props) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [status, setStatus] = useState<'' | OrderStatus>('')
  // The cursors of the pages before the current one, to go back; the last is the current page's.
  const [cursors, setCursors] = useState<string[]>([])
  const [open, setOpen] = useState<Order | null>(null)
  // Bumped after a refund, so that the list shows the order's new status.
  const [version, setVersion] = useState(0)
  const detail = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // Only a new search goes back to the first page (as the participants list).
    if (typed.trim() === q) return
    const timer = setTimeout(() => {
      setQ(typed.trim())
      setCursors([])
    }, searchDelayMs)
    return () => clearTimeout(timer)
  }, [typed, q])

  useEffect(() => {
    if (open) detail.current?.focus()
  }, [open])

  const query: OrderQuery = { q, status, limit: pageSize, cursor: cursors.at(-1) }
  const page = useResource(`orders:${eventId}:${version}:${queryString(query)}`, (signal) =>
    listOrders(eventId, query, signal),
  )
  useForbidden(page.error, onForbidden)

  const nextCursor = page.state === 'ready' ? page.data.nextCursor : undefined
  const rows = page.state === 'ready' ? page.data.pedidos : []

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-4">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Pedidos
      </h2>
      <div className="grid items-end gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold text-slate-800 sm:col-span-2">
          Buscar por nome, CPF, código da inscrição ou nº do pedido
          <input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={`${controlClass} font-normal`}
          />
        </label>
        <Filter
          label="Situação"
          value={status}
          onChange={(v) => {
            setStatus(v as '' | OrderStatus)
            setCursors([])
          }}
          options={statusOptions}
        />
      </div>

      <p role="status" className="text-sm text-slate-700">
        {page.state === 'loading'
          ? 'Carregando pedidos...'
          : page.state === 'ready'
            ? page.data.total === 1
              ? '1 pedido encontrado'
              : `${page.data.total.toLocaleString('pt-BR')} pedidos encontrados`
            : ''}
      </p>
      {page.state === 'error' && (
        <p role="alert" className="text-red-700">
          Não foi possível carregar os pedidos. Tente novamente.
        </p>
      )}

      {rows.length > 0 && (
        <ScrollTable
          label="Lista de pedidos"
          columns={['Pedido', 'Criado em', 'Situação', 'Pagamento', 'Inscrições', 'Total']}
        >
          {rows.map((o) => (
            <tr key={o.id}>
              <RowHeader>
                <button
                  type="button"
                  onClick={() => setOpen(o)}
                  className="text-left font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {orderTitle(o)}
                </button>
              </RowHeader>
              <Cell>{formatMoment(o.criadoEm)}</Cell>
              <Cell>{orderStatusLabel(o)}</Cell>
              <Cell>{paymentLabel(o)}</Cell>
              <Cell numeric>{o.inscricoes.length}</Cell>
              <Cell numeric>{formatMoney(o.total)}</Cell>
            </tr>
          ))}
        </ScrollTable>
      )}

      {(cursors.length > 0 || nextCursor) && (
        <nav aria-label="Páginas de pedidos" className="flex items-center justify-between gap-3">
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
        <div ref={detail} tabIndex={-1} className="focus:outline-none">
          <OrderDetail
            key={open.id}
            eventId={eventId}
            order={open}
            onClose={() => setOpen(null)}
            onRefunded={() => {
              setVersion((v) => v + 1)
              onRefunded()
            }}
          />
        </div>
      )}
    </section>
  )
}
