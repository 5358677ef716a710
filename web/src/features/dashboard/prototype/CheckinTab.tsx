import { useState } from 'react'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { NoParticipants, ParticipantSearch } from './ParticipantSearch'
import type { SampleEvent, SampleParticipant } from './sampleData'
import { eventoNome, percursoNome, searchParticipants } from './sampleRules'

type Props = {
  events: readonly SampleEvent[]
  participants: readonly SampleParticipant[]
  onKitRetirado: (participantId: string, kitRetirado: boolean) => void
}

/** 'Check-in': find the athlete, read the bib number, mark the kit as picked up (ORG-11). */
export function CheckinTab({ events, participants, onKitRetirado }: Props) {
  const [text, setText] = useState('')
  const shown = searchParticipants(participants, text)
  const done = participants.filter((p) => p.kitRetirado).length
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Kits retirados: <strong>{done}</strong> de {participants.length}
      </p>
      <ParticipantSearch value={text} onChange={setText} />
      {shown.length === 0 ? (
        <NoParticipants />
      ) : (
        <ScrollTable
          label="Check-in"
          columns={['Nº de peito', 'Nome', 'Evento', 'Percurso', 'Camiseta', 'Kit retirado']}
        >
          {shown.map((p) => (
            <tr key={p.id}>
              <Cell className="text-lg font-bold">{p.numeroPeito}</Cell>
              <RowHeader>{p.nome}</RowHeader>
              <Cell>{eventoNome(events, p)}</Cell>
              <Cell>{percursoNome(events, p)}</Cell>
              <Cell>{p.camiseta}</Cell>
              <Cell>
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={p.kitRetirado}
                    onChange={(e) => onKitRetirado(p.id, e.target.checked)}
                    aria-label={`Kit retirado: ${p.nome}, nº ${p.numeroPeito}`}
                    className="h-5 w-5 accent-brand-700"
                  />
                  <span aria-hidden="true">{p.kitRetirado ? 'Sim' : 'Não'}</span>
                </label>
              </Cell>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  )
}
