import { useId, useRef, type ReactNode } from 'react'
import { Dialog } from '../../../components/Dialog'
import { clockFormat, formatDate, formatDocumento, formatMoney } from '../../../lib/text/format'
import { useResource } from '../../../lib/platform/resource'
import { getParticipant, type HistoryEntry, type Participant } from '../api'
import { cellText, fieldLabel } from './columns'

/**
 * 25/11/2026 09:14 on a clock: the event's (its fusoHorario) for what happens where the race is, the
 * default '' (Horário de Brasília) for records of money (REG-225, REG-227); '' for a missing or bad
 * timestamp.
 */
export function formatMoment(at: string | undefined, timeZone = ''): string {
  const d = at ? new Date(at) : null
  return d && !Number.isNaN(d.getTime())
    ? clockFormat(timeZone, { dateStyle: 'short', timeStyle: 'short' }).format(d)
    : ''
}

const historyLabels: Record<string, string> = {
  importado: 'Importado',
  atualizado: 'Atualizado',
  retirado: 'Kit retirado',
  desfeito: 'Retirada desfeita',
}

/** One participant with the history of their record (imported, updated, picked up, undone); the amount paid only for who sees payments. */
export function ParticipantDialog({
  eventId,
  participant,
  seesPayments,
  timeZone = '',
  onClose,
}: {
  eventId: string
  participant: Participant
  seesPayments: boolean
  /** The event's clock (its fusoHorario): the kit's pickup and the history read there. */
  timeZone?: string
  onClose: () => void
}) {
  const close = useRef<HTMLButtonElement>(null)
  const id = useId()
  const detail = useResource(`participant:${eventId}:${participant.id}`, (signal) =>
    getParticipant(eventId, participant.id, signal),
  )
  const p = detail.state === 'ready' ? detail.data : participant
  const kit = p.kitRetirado

  return (
    <Dialog
      labelledBy={`${id}-titulo`}
      initialFocus={close}
      onClose={onClose}
      className="max-h-full w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-titulo`} className="break-words text-xl font-bold text-slate-900">
          {p.nome}
        </h2>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          className="min-h-11 shrink-0 rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Fechar
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Item term="Nº da inscrição">{p.inscricao}</Item>
        <Item term="Nº de peito">{p.numeroPeito}</Item>
        <Item term={p.documento?.tipo === 'passaporte' ? 'Passaporte' : 'CPF'}>{formatDocumento(p.documento)}</Item>
        <Item term="Modalidade">{p.percurso}</Item>
        <Item term="Camiseta">{p.camiseta}</Item>
        <Item term="Sexo">{p.sexo}</Item>
        <Item term="Nascimento">{p.nascimento ? formatDate(p.nascimento, '') : ''}</Item>
        <Item term="Equipe">{p.equipe}</Item>
        {p.grupo && <Item term="Grupo">{p.grupo}</Item>}
        {p.responsavel && (
          <Item term="Responsável (menor de idade)">
            {p.responsavel.nome}, {p.responsavel.documento.tipo === 'passaporte' ? 'passaporte' : 'CPF'}{' '}
            {formatDocumento(p.responsavel.documento)}
          </Item>
        )}
        <Item term="E-mail">{p.email}</Item>
        <Item term="Telefone">{p.telefone}</Item>
        <Item term="Pago">{p.pago ? 'Sim' : 'Não'}</Item>
        {seesPayments && <Item term="Valor">{formatMoney(p.valor)}</Item>}
        <Item term="Kit">
          {kit
            ? `Retirado em ${formatMoment(kit.at, timeZone)}${kit.balcao ? ` no balcão ${kit.balcao}` : ''}${
                kit.retiradoPor ? ` por ${kit.retiradoPor.nome} (terceiro)` : ''
              }${kit.camisetaEntregue && kit.camisetaEntregue !== p.camiseta ? `, camiseta entregue ${kit.camisetaEntregue}` : ''}`
            : 'Não retirado'}
        </Item>
      </dl>
      <h3 id={`${id}-historico`} className="mt-6 font-semibold text-slate-900">
        Histórico
      </h3>
      {detail.state === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando histórico...
        </p>
      ) : detail.state === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar o histórico.
        </p>
      ) : (
        <History labelledBy={`${id}-historico`} entries={detail.data.historico ?? []} timeZone={timeZone} />
      )}
    </Dialog>
  )
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children || '—'}</dd>
    </>
  )
}

function History({ labelledBy, entries, timeZone }: { labelledBy: string; entries: HistoryEntry[]; timeZone: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nenhum registro.</p>
  return (
    <ol aria-labelledby={labelledBy} className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
      {entries.map((h, i) => (
        <li key={i}>
          <span className="font-semibold text-slate-900">{historyLabels[h.tipo] ?? h.tipo}</span>{' '}
          <span className="text-slate-600">{formatMoment(h.em, timeZone)}</span>
          {h.por && <span className="text-slate-600"> · {h.por}</span>}
          <Changes detalhe={h.detalhe} />
        </li>
      ))}
    </ol>
  )
}

/** An update's detalhe, {field: [before, after]}, as "Modalidade: 5 km → 10 km" lines. */
function Changes({ detalhe }: { detalhe: unknown }) {
  if (!detalhe || typeof detalhe !== 'object' || Array.isArray(detalhe)) return null
  const pairs = Object.entries(detalhe).filter(
    (e): e is [string, [unknown, unknown]] => Array.isArray(e[1]) && e[1].length === 2,
  )
  if (pairs.length === 0) return null
  return (
    <ul className="text-slate-700">
      {pairs.map(([field, [before, after]]) => (
        <li key={field}>
          {fieldLabel(field)}: {cellText(before) || '—'} → {cellText(after) || '—'}
        </li>
      ))}
    </ul>
  )
}
