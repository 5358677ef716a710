import { ScrollTable, tdClass, thClass } from '../ScrollTable'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { eventoNome, percursoNome } from './sampleRules'

type Props = { events: readonly SampleEvent[]; participants: readonly SampleParticipant[] }

/** 'Resultados': gross (gun) and net (chip) time side by side (ORG-11). */
export function ResultsTab({ events, participants }: Props) {
  return (
    <ScrollTable label="Resultados">
      <thead>
        <tr>
          {['Nº de peito', 'Nome', 'Evento', 'Percurso', 'Tempo bruto', 'Tempo líquido'].map((h) => (
            <th key={h} scope="col" className={thClass}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {participants.map((p) => (
          <tr key={p.id}>
            <td className={tdClass}>{p.numeroPeito}</td>
            <th scope="row" className={`${tdClass} font-semibold`}>
              {p.nome}
            </th>
            <td className={tdClass}>{eventoNome(events, p)}</td>
            <td className={tdClass}>{percursoNome(events, p)}</td>
            <td className={`${tdClass} tabular-nums`}>{p.tempoBruto}</td>
            <td className={`${tdClass} tabular-nums`}>{p.tempoLiquido}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
