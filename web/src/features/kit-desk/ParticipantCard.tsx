import { memo } from 'react'
import { formatDocumento } from '../../lib/text/format'
import type { Conflito } from './deviceStore'
import { alreadyPickedUp, atPickupTime, whoTookIt } from './display'
import type { Checkin, RosterParticipant } from './types'

type Props = {
  participant: RosterParticipant
  /** This desk's pickup of the kit, not yet sent. */
  pending: Checkin | undefined
  /** This desk's pickup that lost to another desk's. */
  conflict: Conflito | undefined
  /** The organizer forbids handing the kits of unpaid registrations. */
  unpaidBlocked: boolean
  canUndo: boolean
  /** The event's clock, its fusoHorario ('' or absent: Horário de Brasília): pickup times read there. */
  timeZone?: string
  onPickup: (p: RosterParticipant) => void
  onUndo: (p: RosterParticipant) => void
  onAcknowledge: (participantId: string) => void
}

/**
 * One participant at the desk: name, bib, modality, shirt ordered, paid, the category and code of
 * a registration sold in Pelotão (and its 60+ half price or a minor's guardian to check), and the kit's state.
 * An available kit is one big button (another colour, and another word, when the registration is
 * not paid; none when the organizer forbids unpaid kits); a picked-up one says when, where and by
 * whom, and only a manager may undo it.
 */
export const ParticipantCard = memo(function ParticipantCard({
  participant: p,
  pending,
  conflict,
  unpaidBlocked,
  canUndo,
  timeZone = '',
  onPickup,
  onUndo,
  onAcknowledge,
}: Props) {
  const at = (when: string) => atPickupTime(when, new Date(), timeZone)
  const details = (
    <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-lg text-slate-900">
      <span>
        {p.numeroPeito != null ? (
          <>
            Nº <strong>{p.numeroPeito}</strong>
          </>
        ) : (
          'Sem nº de peito'
        )}
      </span>
      <span>{p.percurso}</span>
      <span>
        Camiseta <strong>{p.camiseta || '—'}</strong>
      </span>
      <span className={p.pago ? 'font-bold text-green-900' : 'font-bold text-red-800'}>
        {p.pago ? 'Pago' : 'Não pago'}
      </span>
      {p.documento && (
        <span className="tabular-nums">
          {p.documento.tipo === 'cpf' ? 'CPF' : 'Passaporte'} {formatDocumento(p.documento)}
        </span>
      )}
      {p.categoria && <span>{p.categoria}</span>}
      {p.codigo && (
        <span>
          Código <strong className="tracking-wider">{p.codigo}</strong>
        </span>
      )}
      {/* The 60+ half price asks for a document that shows the age (Estatuto do Idoso). */}
      {p.meiaEntrada && (
        <strong className="rounded-lg bg-amber-200 px-2 text-amber-950">60+: conferir documento</strong>
      )}
      {/* An athlete under 18 on the race day runs with the guardian's signed authorization (REG-254). */}
      {p.responsavel && (
        <span className="rounded-lg bg-amber-200 px-2 text-amber-950">
          <strong>Menor de idade: conferir autorização do responsável</strong> ({p.responsavel})
        </span>
      )}
    </span>
  )
  const name = <span className="block text-2xl leading-tight font-extrabold text-slate-950">{p.nome}</span>

  const kit = p.kitRetirado
  const available = !kit && !pending
  if (available && !conflict && !(unpaidBlocked && !p.pago)) {
    return (
      <li>
        <button
          type="button"
          onClick={() => onPickup(p)}
          className={`block w-full rounded-2xl border-2 bg-white p-4 text-left active:bg-slate-100 ${p.pago ? 'border-slate-900' : 'border-amber-700'}`}
        >
          {name}
          {details}
          <span
            className={`mt-3 flex min-h-12 items-center justify-center rounded-xl text-xl font-extrabold text-white ${p.pago ? 'bg-green-800' : 'bg-amber-800'}`}
          >
            {p.pago ? 'Entregar kit' : 'Entregar kit sem pagamento'}
          </span>
        </button>
      </li>
    )
  }

  return (
    <li
      className={`rounded-2xl border-2 p-4 ${available ? 'border-red-800 bg-white' : 'border-slate-400 bg-slate-100'}`}
    >
      {name}
      {details}
      {available && !conflict && (
        <p className="mt-3 rounded-xl bg-red-50 p-3 text-lg font-bold text-red-950">
          Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.
        </p>
      )}
      {conflict && (
        <div role="alert" className="mt-3 rounded-xl border-2 border-red-800 bg-red-50 p-3 text-lg text-red-950">
          <p className="font-extrabold">
            {conflict.motivo
              ? 'Retirada recusada'
              : kit
                ? alreadyPickedUp(kit, new Date(), timeZone)
                : 'Kit já retirado em outro balcão'}
          </p>
          <p>
            {conflict.motivo
              ? `A retirada registrada aqui ${at(conflict.tentativa.at)} não valeu. ${conflict.motivo}`
              : `A retirada registrada aqui ${at(conflict.tentativa.at)} não valeu: confira com o atleta.`}
          </p>
          <button
            type="button"
            onClick={() => onAcknowledge(p.id)}
            className="mt-2 min-h-12 w-full rounded-xl bg-red-800 font-bold text-white"
          >
            Entendi
          </button>
        </div>
      )}
      {kit && (
        <p className="mt-3 text-lg text-slate-950">
          <strong>Kit retirado {at(kit.at)}</strong> no {kit.balcao}
          {kit.por ? `, registrado por ${kit.por}` : ''}; retirou {whoTookIt(kit)}; camiseta{' '}
          {kit.camisetaEntregue || '—'}.
        </p>
      )}
      {/* Another desk's pickup may arrive before this desk's is sent: both show until the server decides. */}
      {pending && (
        <p className="mt-3 text-lg font-bold text-amber-900">
          Retirado {at(pending.at)} neste balcão — aguardando envio
        </p>
      )}
      {canUndo && kit && !pending && (
        <button
          type="button"
          onClick={() => onUndo(p)}
          className="mt-3 min-h-12 w-full rounded-xl border-2 border-red-800 font-bold text-red-800"
        >
          Desfazer retirada
        </button>
      )}
    </li>
  )
})
