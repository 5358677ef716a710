import { useState } from 'react'
import type { Event } from '../../../lib/events/event'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { formatCount, formatDate, formatMoney } from '../../../lib/text/format'
import { useResource } from '../../../lib/platform/resource'
import { formatInstant } from '../../../lib/registration/receipt'
import { useForbidden } from '../access'
import { Bars } from '../participants/Totals'
import { Coupons } from './Coupons'
import {
  getFinance,
  ordersCSVPath,
  type Finance,
  type MethodMoney,
  type PixCount,
  type Reconciliation,
  type Share,
} from './financeApi'
import { OrdersList } from './OrdersList'

type Props = { event: Pick<Event, 'id' | 'modalidades'>; onForbidden: () => void }

const linkButtonClass =
  'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50'

/**
 * Financeiro (owner and gestao, docs/requirements.md REG-130..REG-139): where the money of the
 * registrations sold here is — received, refunded and net, orders by status, by lot, modality and
 * day —, the orders with their refunds, and the coupons.
 */
export function FinanceTab({ event, onForbidden }: Props) {
  const eventId = event.id
  // Bumped after a refund, so that the figures are read again.
  const [version, setVersion] = useState(0)
  const finance = useResource(`finance:${eventId}:${version}`, (signal) => getFinance(eventId, signal))
  useForbidden(finance.error, onForbidden)

  return (
    <div className="space-y-8">
      {finance.state === 'loading' && (
        <p role="status" className="text-slate-700">
          Carregando o financeiro...
        </p>
      )}
      {finance.state === 'error' && (
        <p role="alert" className="text-red-700">
          Não foi possível carregar o financeiro. Tente novamente.
        </p>
      )}
      {finance.state === 'ready' && <Figures finance={finance.data} />}
      {finance.state === 'ready' && <ReconciliationSection conciliacao={finance.data.conciliacao} />}
      <a href={ordersCSVPath(eventId)} download className={linkButtonClass}>
        Exportar CSV
      </a>
      <OrdersList eventId={eventId} onRefunded={() => setVersion((v) => v + 1)} onForbidden={onForbidden} />
      <Coupons eventId={eventId} percursos={event.modalidades.map((m) => m.nome)} onForbidden={onForbidden} />
    </div>
  )
}

function Figures({ finance }: { finance: Finance }) {
  const { pedidos } = finance
  const byName = (m: Record<string, Share>) =>
    Object.entries(m).sort(([a], [b]) => a.localeCompare(b, 'pt-BR', { numeric: true }))
  // YYYY-MM-DD sorts as it reads; shown as 25/11/2026, a calendar date that never shifts a day.
  const days = Object.entries(finance.porDia)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, share]): [string, Share] => [formatDate(day, day), share])
  return (
    <section
      aria-labelledby="financeiro-resumo"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="financeiro-resumo" className="text-lg font-bold text-slate-900">
        Resumo financeiro
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure term="Recebido (bruto)" value={formatMoney(finance.bruto)} />
        <Figure term="Reembolsado" value={formatMoney(finance.reembolsado)} />
        <Figure term="Líquido" value={formatMoney(finance.liquido)} />
      </dl>
      {finance.porMetodo && <ByMethod porMetodo={finance.porMetodo} />}
      {/* A refund shows at once, read again after it is asked: what the PSP has not yet returned (REG-272). */}
      {finance.reembolsoEmProcessamento > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <span className="font-semibold">
            Reembolsos em processamento: {formatMoney(finance.reembolsoEmProcessamento)}
          </span>{' '}
          — ainda não descontados do líquido; entram em “Reembolsado” quando o banco confirmar a devolução.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure term="Pedidos pagos" value={formatCount(pedidos.pagos)} />
        <Figure term="Aguardando pagamento" value={formatCount(pedidos.aguardando)} />
        <Figure term="Expirados" value={formatCount(pedidos.expirados)} />
        <Figure term="Cancelados" value={formatCount(pedidos.cancelados)} />
        <Figure term="Reembolsados" value={formatCount(pedidos.reembolsados)} />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <ShareTable title="Por lote" header="Lote" rows={byName(finance.porLote)} />
        <ShareTable title="Por modalidade" header="Modalidade" rows={byName(finance.porPercurso)} />
        {/* Gross by assessoria (GRP-23), for an event whose groups have paid registrations. */}
        {Object.keys(finance.porGrupo).length > 0 && (
          <ShareTable title="Por grupo" header="Grupo" rows={byName(finance.porGrupo)} />
        )}
      </div>
      {days.length > 0 && (
        <figure aria-labelledby="financeiro-por-dia" className="space-y-2">
          <figcaption id="financeiro-por-dia" className="font-semibold text-slate-900">
            Vendas por dia
          </figcaption>
          {/* Day and amount written beside each bar, so that the drawing reads on a phone; the table is the same figures. */}
          <Bars entries={days.map(([day, s]) => [day.slice(0, 5), s.valor])} format={formatMoney} />
          <details>
            <summary className="cursor-pointer font-semibold text-brand-800">Ver como tabela</summary>
            <div className="mt-2">
              <ShareTable title="Vendas por dia" header="Dia" rows={days} heading={false} />
            </div>
          </details>
        </figure>
      )}
    </section>
  )
}

/**
 * Conciliação do dia (REG-237): what the last daily pass over the bank's statement found of this
 * event's Pix — received, matched to a paid order, returned, needing attention — and, for each of
 * the last, its value, time, order and why, so that no payment is left stuck unseen.
 */
function ReconciliationSection({ conciliacao: c }: { conciliacao: Reconciliation | null }) {
  const count = (p: PixCount) => `${formatCount(p.quantidade)} · ${formatMoney(p.valor)}`
  return (
    <section
      aria-labelledby="financeiro-conciliacao"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="financeiro-conciliacao" className="text-lg font-bold text-slate-900">
        Conciliação do dia
      </h2>
      {c === null ? (
        <p className="text-slate-700">A conciliação diária com o extrato do banco ainda não foi feita.</p>
      ) : (
        <>
          <p className="text-slate-700">
            Pix recebidos de {formatInstant(c.inicio)} a {formatInstant(c.fim)}, conferidos com o extrato do banco em{' '}
            {formatInstant(c.concluidaEm)}. Os Pix de antes que ainda precisavam de atenção são conferidos de novo a
            cada dia.
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure term="Recebidos" value={count(c.recebidos)} />
            <Figure term="Conferidos" value={count(c.conferidos)} />
            <Figure term="Devolvidos" value={count(c.devolvidos)} />
            <Figure term="Precisam de atenção" value={count(c.atencao)} />
          </dl>
          {c.pendencias.length > 0 && (
            <ScrollTable
              label="Pix que precisam de atenção"
              columns={['Recebido em', 'Valor', 'Pedido', 'Motivo', 'Identificador do Pix']}
            >
              {c.pendencias.map((p) => (
                <tr key={p.endToEndId}>
                  <RowHeader>{formatInstant(p.horario)}</RowHeader>
                  <Cell numeric>{formatMoney(p.valor)}</Cell>
                  <Cell>{p.pedidoId}</Cell>
                  <Cell>{p.motivo}</Cell>
                  <Cell>{p.endToEndId}</Cell>
                </tr>
              ))}
            </ScrollTable>
          )}
        </>
      )}
    </section>
  )
}

/**
 * Por forma de pagamento (CARD-43): gross, refunded, fees and net of Pix and of the card, whose net
 * is what Mercado Pago pays once its fees are taken; Pix has no fee of the PSP's here.
 */
function ByMethod({ porMetodo }: { porMetodo: NonNullable<Finance['porMetodo']> }) {
  const rows: [string, MethodMoney][] = [
    ['Pix', porMetodo.pix],
    ['Cartão', porMetodo.cartao],
  ]
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">Por forma de pagamento</h3>
      <ScrollTable label="Por forma de pagamento" columns={['Forma', 'Bruto', 'Reembolsado', 'Taxas', 'Líquido']}>
        {rows.map(([name, m]) => (
          <tr key={name}>
            <RowHeader>{name}</RowHeader>
            <Cell numeric>{formatMoney(m.bruto)}</Cell>
            <Cell numeric>{formatMoney(m.reembolsado)}</Cell>
            <Cell numeric>{m.taxas === undefined ? '—' : formatMoney(m.taxas)}</Cell>
            <Cell numeric>{formatMoney(m.liquido)}</Cell>
          </tr>
        ))}
      </ScrollTable>
    </div>
  )
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-xl font-bold tabular-nums text-slate-900 sm:text-2xl">{value}</dd>
    </div>
  )
}

type ShareTableProps = { title: string; header: string; rows: [string, Share][]; heading?: boolean }

function ShareTable({ title, header, rows, heading = true }: ShareTableProps) {
  if (rows.length === 0) return null
  return (
    <div className="space-y-2">
      {heading && <h3 className="font-semibold text-slate-900">{title}</h3>}
      <ScrollTable label={title} columns={[header, 'Inscrições', 'Valor']}>
        {rows.map(([name, s]) => (
          <tr key={name}>
            <RowHeader>{name}</RowHeader>
            <Cell numeric>{formatCount(s.inscricoes)}</Cell>
            <Cell numeric>{formatMoney(s.valor)}</Cell>
          </tr>
        ))}
      </ScrollTable>
    </div>
  )
}
