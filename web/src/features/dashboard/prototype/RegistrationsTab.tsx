import { useState } from 'react'
import { formatMoney } from '../../../lib/format'
import { ScrollTable, tdClass, thClass } from '../ScrollTable'
import { noParticipantText, ParticipantSearch } from './ParticipantSearch'
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
        <p role="status" className="text-slate-600">
          {noParticipantText}
        </p>
      ) : (
        <ScrollTable label="Inscrições">
          <thead>
            <tr>
              {['Nome', 'E-mail', 'Documento', 'Evento', 'Percurso', 'Camiseta', 'Pagamento', 'Valor'].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {p.nome}
                </th>
                <td className={tdClass}>{p.email}</td>
                <td className={tdClass}>{p.documento}</td>
                <td className={tdClass}>{eventoNome(events, p)}</td>
                <td className={tdClass}>{percursoNome(events, p)}</td>
                <td className={tdClass}>{p.camiseta}</td>
                <td className={tdClass}>{p.pago ? 'Pago' : 'Pendente'}</td>
                <td className={tdClass}>{formatMoney(p.valor)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  )
}
