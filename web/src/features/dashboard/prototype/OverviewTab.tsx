import { formatDate, formatMoney } from '../../../lib/text/format'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { overview } from './sampleRules'
import { StatusBadge } from './StatusBadge'

type Props = { events: readonly SampleEvent[]; participants: readonly SampleParticipant[] }

/** 'Visão Geral': the counts and revenue, then every sample event with its courses (ORG-3, ORG-11). */
export function OverviewTab({ events, participants }: Props) {
  const o = overview(events, participants)
  const stats = [
    { label: 'Eventos', value: String(o.eventos) },
    { label: 'Participantes', value: String(o.participantes) },
    { label: 'Pagamentos confirmados', value: String(o.pagos) },
    { label: 'Receita', value: formatMoney(o.receita) },
  ]
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{s.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="exemplo-eventos">
        <h3 id="exemplo-eventos" className="mb-3 text-lg font-bold text-slate-900">
          Eventos de exemplo
        </h3>
        <ul aria-labelledby="exemplo-eventos" className="grid gap-3 md:grid-cols-2">
          {events.map((e) => {
            const inscritos = participants.filter((p) => p.eventoId === e.id).length
            return (
              <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h4 className="font-bold text-slate-900">{e.nome}</h4>
                  <StatusBadge status={e.status} />
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {formatDate(e.data)} · {e.cidade}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {inscritos === 1 ? '1 inscrito' : `${inscritos} inscritos`}
                </p>
                <ul className="mt-3 space-y-1 text-sm">
                  {e.percursos.map((c) => (
                    <li key={c.id} className="flex justify-between gap-3 text-slate-800">
                      <span>{c.nome}</span>
                      <span>
                        {formatMoney(c.preco)} · limite de {c.limite.toLocaleString('pt-BR')} vagas
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
