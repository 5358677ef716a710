import { formatDate, formatMoney } from '../../../lib/text/format'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import type { SampleEvent } from './sampleData'
import { StatusBadge } from './StatusBadge'

/** 'Configurações': each sample event's data and its courses with their limits (ORG-3, ORG-11). */
export function SettingsTab({ events }: { events: readonly SampleEvent[] }) {
  return (
    <div className="space-y-6">
      {events.map((e) => (
        <section key={e.id} aria-label={e.nome} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="text-lg font-bold text-slate-900">{e.nome}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Nome</dt>
            <dd className="text-slate-900">{e.nome}</dd>
            <dt className="text-slate-600">Data</dt>
            <dd className="text-slate-900">{formatDate(e.data)}</dd>
            <dt className="text-slate-600">Cidade</dt>
            <dd className="text-slate-900">{e.cidade}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd>
              <StatusBadge status={e.status} />
            </dd>
          </dl>
          <ScrollTable label={`Percursos de ${e.nome}`} columns={['Percurso', 'Preço', 'Limite de vagas']}>
            {e.percursos.map((c) => (
              <tr key={c.id}>
                <RowHeader>{c.nome}</RowHeader>
                <Cell>{formatMoney(c.preco)}</Cell>
                <Cell numeric>{c.limite.toLocaleString('pt-BR')}</Cell>
              </tr>
            ))}
          </ScrollTable>
        </section>
      ))}
    </div>
  )
}
