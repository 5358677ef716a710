import { formatMoney } from '../../../lib/text/format'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { financeByPercurso } from './sampleRules'

type Props = { events: readonly SampleEvent[]; participants: readonly SampleParticipant[] }

/** 'Financeiro': paid and pending registrations per course, with totals (ORG-11). */
export function FinanceTab({ events, participants }: Props) {
  const f = financeByPercurso(events, participants)
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Total pago</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{formatMoney(f.totalPago)}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Total pendente</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{formatMoney(f.totalPendente)}</dd>
        </div>
      </dl>
      <ScrollTable
        label="Financeiro por percurso"
        columns={['Evento', 'Percurso', 'Pagos', 'Valor pago', 'Pendentes', 'Valor pendente']}
      >
        {f.rows.map((r) => (
          <tr key={r.percursoId}>
            <Cell>{r.eventoNome}</Cell>
            <RowHeader>{r.percursoNome}</RowHeader>
            <Cell numeric>{r.pagos}</Cell>
            <Cell numeric>{formatMoney(r.valorPago)}</Cell>
            <Cell numeric>{r.pendentes}</Cell>
            <Cell numeric>{formatMoney(r.valorPendente)}</Cell>
          </tr>
        ))}
      </ScrollTable>
    </div>
  )
}
