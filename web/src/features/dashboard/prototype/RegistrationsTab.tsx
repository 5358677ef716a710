import { useState } from 'react'
import { formatMoney } from '../../../lib/text/format'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { NoParticipants, ParticipantSearch } from './ParticipantSearch'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { eventoNome, percursoNome, searchParticipants } from './sampleRules'

type Props = { events: readonly SampleEvent[]; participants: readonly SampleParticipant[] }

/** 'Inscrições': every field of each registration, searchable (ORG-4, ORG-11). */
export function RegistrationsTab({ events, participants }: Props) {
  const [text, setText] = useState('')
  const shown = searchParticipants(participants, text)
  return (
    <div className="space-y-4">
      <ParticipantSearch value={text} onChange={setText} />
      {shown.length === 0 ? (
        <NoParticipants />
      ) : (
        <ScrollTable
          label="Inscrições"
          columns={['Nome', 'E-mail', 'Documento', 'Evento', 'Percurso', 'Camiseta', 'Pagamento', 'Valor']}
        >
          {shown.map((p) => (
            <tr key={p.id}>
              <RowHeader>{p.nome}</RowHeader>
              <Cell>{p.email}</Cell>
              <Cell>{p.documento}</Cell>
              <Cell>{eventoNome(events, p)}</Cell>
              <Cell>{percursoNome(events, p)}</Cell>
              <Cell>{p.camiseta}</Cell>
              <Cell>{p.pago ? 'Pago' : 'Pendente'}</Cell>
              <Cell>{formatMoney(p.valor)}</Cell>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  )
}
