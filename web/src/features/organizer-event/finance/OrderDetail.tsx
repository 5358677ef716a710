import { useId, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { LabelledInput } from '../../../components/LabelledInput'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { formatMoney, fromCentavos, toCentavos } from '../../../lib/text/format'
import { formatMoment } from '../participants/ParticipantDialog'
import { parseCentavos } from './money'
import type { OrderRefund } from '../../../lib/registration/orders'
import { refundable, refundStatusLabels } from '../../../lib/registration/receipt'
import {
  getOrder,
  organizerOrderStatusLabels,
  orderStatusLabel,
  orderTitle,
  paymentLabel,
  refundOrder,
  type Order,
  type OrderHistoryEntry,
  type OrderStatus,
} from './financeApi'

type Props = { eventId: string; order: Order; onClose: () => void; onRefunded: (order: Order) => void }

const buttonClass =
  'min-h-11 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'

// Every kind of entry the server writes (internal/store/orders.go, "Order history kinds").
const historyLabels: Record<OrderHistoryEntry['tipo'], string> = {
  criado: 'Pedido criado',
  pago: 'Pagamento confirmado',
  expirado: 'Prazo de pagamento expirado',
  cancelado: 'Pedido cancelado',
  pagamento_apos_fim: 'Pagamento recebido após o prazo',
  reembolso: 'Reembolso',
  inscricao_editada: 'Inscrição alterada',
  inscricao_cancelada: 'Inscrição cancelada',
  pagamento_divergente: 'Pix devolvido a quem pagou',
}

// The fields an edit names in its history, as the forms call them.
const editedFieldLabels: Record<string, string> = {
  nome: 'nome',
  documento: 'documento',
  nascimento: 'nascimento',
  camiseta: 'camiseta',
  equipe: 'equipe',
  contatoEmergencia: 'contato de emergência',
  categoria: 'categoria',
}

/** A refund's status inside a history line's sentence ("R$ 40,00, devolvido"); an unknown one as sent. */
function refundStatus(status: string): string {
  return refundStatusLabels[status as OrderRefund['status']]?.toLowerCase() ?? status
}

/** One line of an order's history, as the list shows it. */
export type HistoryLine = { label: string; em: string; detail: string }

/**
 * The order's history: the server's own when it sends one; otherwise what the order itself dates
 * (created, paid, each refund with its amount and status, expired).
 */
export function historyOf(o: Order): HistoryLine[] {
  if (o.historico && o.historico.length > 0) return o.historico.map(lineOf)
  const lines: HistoryLine[] = [{ label: historyLabels.criado!, em: o.criadoEm, detail: formatMoney(o.total) }]
  if (o.pagoEm) lines.push({ label: historyLabels.pago!, em: o.pagoEm, detail: '' })
  for (const r of o.reembolsos) {
    lines.push({
      label: historyLabels.reembolso!,
      em: r.horario,
      detail: `${formatMoney(r.valor)}, ${refundStatus(r.status)}`,
    })
  }
  if (o.status === 'expirado') lines.push({ label: historyLabels.expirado!, em: o.expiraEm, detail: '' })
  return lines.sort((a, b) => a.em.localeCompare(b.em))
}

type HistoryDetail = {
  valor?: unknown
  status?: unknown
  por?: unknown
  motivo?: unknown
  confirmado?: unknown
  alteracoes?: unknown
  nome?: unknown
}

function lineOf(h: OrderHistoryEntry): HistoryLine {
  const d = (h.detalhe ?? {}) as HistoryDetail
  const parts = [
    h.tipo === 'inscricao_cancelada' && typeof d.nome === 'string' ? d.nome : '',
    typeof d.valor === 'number' ? formatMoney(d.valor) : '',
    // A refund's status, or, for a payment after the order ended, the order's.
    typeof d.status === 'string'
      ? (
          refundStatusLabels[d.status as OrderRefund['status']] ??
          organizerOrderStatusLabels[d.status as OrderStatus] ??
          ''
        ).toLowerCase()
      : '',
    d.confirmado === false ? 'sem vagas: devolvido' : '',
    h.tipo === 'inscricao_editada' ? changesOf(d.alteracoes) : '',
    h.tipo === 'pagamento_divergente' && typeof d.motivo === 'string' ? d.motivo : '',
    typeof d.por === 'string' ? d.por : '',
  ]
  return { label: historyLabels[h.tipo] ?? 'Registro', em: h.em, detail: parts.filter(Boolean).join(', ') }
}

/** An edit's changes: "camiseta M → G; contato de emergência" (a field that is not text is only named). */
function changesOf(alteracoes: unknown): string {
  if (typeof alteracoes !== 'object' || alteracoes === null) return ''
  return Object.entries(alteracoes as Record<string, { de?: unknown; para?: unknown }>)
    .map(([field, { de, para }]) => {
      const name = editedFieldLabels[field] ?? field
      return typeof de === 'string' && typeof para === 'string' ? `${name} ${de || '—'} → ${para || '—'}` : name
    })
    .join('; ')
}

/**
 * An order opened from the list (docs/requirements.md REG-133, REG-134): its athletes, its history
 * and, while it is paid, its refund — in full or in part, asked once more with the amount.
 */
export function OrderDetail({ eventId, order, onClose, onRefunded }: Props) {
  const id = useId()
  const fresh = useResource(`order:${order.id}`, (signal) => getOrder(order.id, signal))
  // The refund's answer is the order as it now is: newer than what was read before.
  const [refunded, setRefunded] = useState<Order | null>(null)
  const o = refunded ?? (fresh.state === 'ready' ? fresh.data : order)

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`${id}-titulo`} className="break-words text-lg font-bold text-slate-900">
          Pedido de {orderTitle(o)}
        </h3>
        <button type="button" onClick={onClose} className={buttonClass}>
          Fechar pedido
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Nº do pedido</dt>
        <dd className="break-all text-slate-900">{o.id}</dd>
        <dt className="font-semibold text-slate-700">Situação</dt>
        <dd className="text-slate-900">{orderStatusLabel(o)}</dd>
        <dt className="font-semibold text-slate-700">Total</dt>
        <dd className="tabular-nums text-slate-900">{formatMoney(o.total)}</dd>
        <dt className="font-semibold text-slate-700">Pagamento</dt>
        <dd className="text-slate-900">{paymentLabel(o)}</dd>
        {/* CARD-43: what Mercado Pago kept of a card payment, and what is left of it. */}
        {o.taxas !== undefined && (
          <>
            <dt className="font-semibold text-slate-700">Taxas do Mercado Pago</dt>
            <dd className="tabular-nums text-slate-900">{formatMoney(o.taxas)}</dd>
          </>
        )}
        {o.liquido !== undefined && (
          <>
            <dt className="font-semibold text-slate-700">Líquido</dt>
            <dd className="tabular-nums text-slate-900">{formatMoney(o.liquido)}</dd>
          </>
        )}
      </dl>
      <ScrollTable
        label="Inscrições do pedido"
        columns={['Atleta', 'Código', 'Modalidade', 'Lote', 'Valor', 'Desconto', 'Total']}
      >
        {o.inscricoes.map((r) => (
          <tr key={r.id}>
            <RowHeader>{r.nome}</RowHeader>
            <Cell>{r.codigo ?? ''}</Cell>
            <Cell>{r.percurso}</Cell>
            <Cell>{r.lote}</Cell>
            <Cell numeric>{formatMoney(r.valor)}</Cell>
            <Cell numeric>{formatMoney(r.desconto)}</Cell>
            <Cell numeric>{formatMoney(r.total)}</Cell>
          </tr>
        ))}
      </ScrollTable>
      <h4 id={`${id}-historico`} className="font-semibold text-slate-900">
        Histórico
      </h4>
      <ol aria-labelledby={`${id}-historico`} className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
        {historyOf(o).map((h, i) => (
          <li key={i}>
            <span className="font-semibold text-slate-900">{h.label}</span>{' '}
            <span className="text-slate-600">{formatMoment(h.em)}</span>
            {h.detail && <span className="text-slate-700"> · {h.detail}</span>}
          </li>
        ))}
      </ol>
      {o.status === 'pago' && refundable(o) > 0 && (
        <RefundForm
          eventId={eventId}
          order={o}
          onRefunded={(answer) => {
            setRefunded(answer)
            onRefunded(answer)
          }}
        />
      )}
    </section>
  )
}

/** What the refund form asks for: everything left, or a part typed in reais. */
type Amount = { kind: 'total' } | { kind: 'parcial'; typed: string }

/** The amount to refund, or what is wrong with the part typed; at most what is left (REG-134). */
export function readRefund(amount: Amount, left: number): { valor: number | undefined } | { error: string } {
  if (amount.kind === 'total') return { valor: undefined }
  const centavos = parseCentavos(amount.typed)
  if (centavos === null) return { error: 'Informe o valor a reembolsar.' }
  if (centavos === undefined) return { error: 'Informe um valor em reais, como 40,00.' }
  if (centavos === 0) return { error: 'O valor deve ser maior que zero.' }
  if (centavos > toCentavos(left))
    return { error: `O valor não pode passar de ${formatMoney(left)}, o que resta deste pedido.` }
  return { valor: fromCentavos(centavos) }
}

function RefundForm({ eventId, order, onRefunded }: { eventId: string; order: Order; onRefunded: (o: Order) => void }) {
  const id = useId()
  const left = refundable(order)
  const [amount, setAmount] = useState<Amount>({ kind: 'total' })
  const [error, setError] = useState('')
  // The amount the dialog asks about; undefined valor is everything left.
  const [asking, setAsking] = useState<{ valor: number | undefined } | null>(null)

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const read = readRefund(amount, left)
    if ('error' in read) {
      setError(read.error)
      return
    }
    setError('')
    setAsking(read)
  }

  const typed = amount.kind === 'parcial' ? amount.typed : ''
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h4 id={`${id}-titulo`} className="font-semibold text-slate-900">
        Reembolso
      </h4>
      <p className="text-sm text-slate-700">Pode ser reembolsado: {formatMoney(left)}.</p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-800">Quanto reembolsar</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${id}-tipo`}
            checked={amount.kind === 'total'}
            onChange={() => setAmount({ kind: 'total' })}
          />
          Valor total ({formatMoney(left)})
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${id}-tipo`}
            checked={amount.kind === 'parcial'}
            onChange={() => setAmount({ kind: 'parcial', typed })}
          />
          Valor parcial
        </label>
      </fieldset>
      {amount.kind === 'parcial' && (
        <LabelledInput
          label="Valor a reembolsar (R$)"
          inputMode="decimal"
          value={typed}
          onChange={(e) => setAmount({ kind: 'parcial', typed: e.target.value })}
          error={error}
          className="mt-1 w-full max-w-xs rounded-md border border-slate-300 px-3 py-2"
        />
      )}
      {amount.kind === 'total' && error && <p className="text-sm font-medium text-red-700">{error}</p>}
      <button type="submit" className="min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800">
        Reembolsar
      </button>
      {asking && (
        <ConfirmDialog
          title="Confirmar reembolso"
          confirmLabel="Confirmar reembolso"
          busyLabel="Reembolsando..."
          onConfirm={() =>
            refundOrder(eventId, order.id, asking.valor).then(
              (o) => {
                setAsking(null)
                setAmount({ kind: 'total' })
                onRefunded(o)
              },
              (err: unknown) => {
                // A refusal of the amount goes beside the field, where it was typed.
                if (err instanceof ApiError && err.fields.valor) {
                  setAsking(null)
                  setAmount((a) => (a.kind === 'parcial' ? a : { kind: 'parcial', typed: '' }))
                  setError(err.fields.valor)
                  return
                }
                throw err
              },
            )
          }
          failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível reembolsar. Tente novamente.')}
          onClose={() => setAsking(null)}
        >
          {`Reembolsar ${formatMoney(asking.valor ?? left)} de ${orderTitle(order)} ${order.pagamento === 'cartao' ? 'no cartão de origem' : 'pelo Pix de origem'}? O valor volta para quem pagou e não pode ser desfeito.`}
        </ConfirmDialog>
      )}
    </form>
  )
}
