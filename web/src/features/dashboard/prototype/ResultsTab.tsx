import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { eventoNome, percursoNome } from './sampleRules'

type Props = { events: readonly SampleEvent[]; participants: readonly SampleParticipant[] }

/** 'Resultados': gross (gun) and net (chip) time side by side (ORG-11). */
export function ResultsTab({ events, participants }: Props) {
  return (
    <ScrollTable
      label="Resultados"
      columns={['Nº de peito', 'Nome', 'Evento', 'Percurso', 'Tempo bruto', 'Tempo líquido']}
    >
      {participants.map((p) => (
        <tr key={p.id}>
          <Cell>{p.numeroPeito}</Cell>
          <RowHeader>{p.nome}</RowHeader>
          <Cell>{eventoNome(events, p)}</Cell>
          <Cell>{percursoNome(events, p)}</Cell>
          <Cell numeric>{p.tempoBruto}</Cell>
          <Cell numeric>{p.tempoLiquido}</Cell>
        </tr>
      ))}
    </ScrollTable>
  )
}
