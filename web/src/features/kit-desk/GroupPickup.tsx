import { useEffect, useId, useState, type FormEvent } from 'react'
import { LabelledInput } from '../../components/LabelledInput'
import { fetchGrupo } from './checkinApi'
import { atPickupTime, whoTookIt } from './display'
import { deskField } from './deskField'
import type { Checkin, GrupoNoBalcao, RetiradoPor, RosterParticipant } from './types'

type Props = {
  /** The group's code, read from the coach's QR code or typed. */
  codigo: string
  /** The roster's members of the group. */
  members: RosterParticipant[]
  pending: ReadonlyMap<string, Checkin>
  conflicts: ReadonlyMap<string, unknown>
  /** The organizer forbids handing the kits of unpaid registrations. */
  unpaidBlocked: boolean
  timeZone?: string
  onDeliver: (members: RosterParticipant[], retiradoPor: RetiradoPor) => void
  onClose: () => void
}

/**
 * Whether the desk may hand this member's kit with the group's: paid (an unpaid one is refused as
 * the desk refuses it, and the server decides), not picked up, not waiting to be sent, and without
 * a pickup that did not count still to be acknowledged.
 */
function handable(
  p: RosterParticipant,
  pending: ReadonlyMap<string, Checkin>,
  conflicts: ReadonlyMap<string, unknown>,
): boolean {
  return p.pago && !p.kitRetirado && !pending.has(p.id) && !conflicts.has(p.id)
}

/** The fields of who takes the kits: the coach, with a document, as any third party. */
const field = { ...deskField, autoComplete: 'off' }

/**
 * "Retirar kits do grupo" at the desk (docs/requirements.md GRP-62): every member of the group the
 * roster has, the paid ones ticked together, handed at once to the coach (name and document, as
 * any pickup by someone else); an unpaid one is listed and refused as the desk refuses it. Online,
 * the server's group adds its coach's name and the registrations still awaiting payment, which the
 * roster does not carry.
 */
export function GroupPickup({
  codigo,
  members,
  pending,
  conflicts,
  unpaidBlocked,
  timeZone = '',
  onDeliver,
  onClose,
}: Props) {
  const id = useId()
  const [online, setOnline] = useState<GrupoNoBalcao | null>(null)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(members.filter((p) => handable(p, pending, conflicts)).map((p) => p.id)),
  )
  const [nome, setNome] = useState('')
  const [documento, setDocumento] = useState('')
  const [errors, setErrors] = useState<{ nome?: string; documento?: string; kits?: string }>({})

  useEffect(() => {
    const ask = new AbortController()
    fetchGrupo(codigo, ask.signal)
      .then((g) => {
        setOnline(g)
        const coach = g?.coaches[0]?.nome
        if (coach) setNome((typed) => typed || coach)
      })
      .catch(() => undefined) // offline, or not the team's: the roster is enough
    return () => ask.abort()
  }, [codigo])

  const toHand = members.filter((p) => chosen.has(p.id) && handable(p, pending, conflicts))
  const inRoster = new Set(members.map((p) => p.id))
  const awaiting = (online?.membros ?? []).filter((m) => !m.participantId || !inRoster.has(m.participantId))
  const grupo = online?.nome || members.find((p) => p.grupo)?.grupo || codigo

  function toggle(participantId: string) {
    setChosen((was) => {
      const next = new Set(was)
      if (!next.delete(participantId)) next.add(participantId)
      return next
    })
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const next = {
      nome: nome.trim() ? undefined : 'Informe o nome do responsável pelo grupo.',
      documento: documento.trim() ? undefined : 'Informe o documento do responsável pelo grupo.',
      kits: toHand.length > 0 ? undefined : 'Marque ao menos um kit pago para entregar.',
    }
    setErrors(next)
    if (next.nome || next.documento || next.kits) return
    onDeliver(toHand, { nome: nome.trim(), documento: documento.trim() })
  }

  const n = toHand.length
  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border-2 border-slate-900 p-4">
      <h2 id={`${id}-titulo`} className="text-2xl font-extrabold text-slate-950">
        Kits do grupo {grupo}
      </h2>
      <p className="mt-1 text-lg text-slate-900">
        Código <strong className="tracking-wider">{codigo}</strong>. Os kits pagos marcados são entregues ao responsável
        pelo grupo.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="text-xl font-extrabold text-slate-950">Inscritos do grupo</legend>
          <ul aria-label="Inscritos do grupo" className="mt-2 flex flex-col gap-2">
            {members.map((p) => (
              <Member
                key={p.id}
                participant={p}
                checked={chosen.has(p.id)}
                onToggle={toggle}
                pending={pending.get(p.id)}
                conflict={conflicts.has(p.id)}
                unpaidBlocked={unpaidBlocked}
                timeZone={timeZone}
                canHand={handable(p, pending, conflicts)}
              />
            ))}
            {awaiting.map((m, i) => (
              <li key={`aguardando-${i}`} className="rounded-xl border-2 border-red-800 p-3">
                <span className="block text-xl font-extrabold">{m.nome}</span>
                <span className="font-bold text-red-900">
                  Inscrição aguardando pagamento: não há kit para entregar.
                </span>
              </li>
            ))}
          </ul>
          {errors.kits && (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {errors.kits}
            </p>
          )}
        </fieldset>
        <LabelledInput
          {...field}
          label="Nome do responsável"
          maxLength={120}
          value={nome}
          onChange={(e) => setNome(e.target.value)}
          hint={
            online && online.coaches.length > 0
              ? `Treinador(a) do grupo: ${online.coaches.map((c) => c.nome).join(', ')}.`
              : undefined
          }
          error={errors.nome}
        />
        <LabelledInput
          {...field}
          label="Documento do responsável"
          maxLength={40}
          value={documento}
          onChange={(e) => setDocumento(e.target.value)}
          error={errors.documento}
        />
        <button type="submit" className="min-h-14 rounded-xl bg-green-800 px-4 text-xl font-extrabold text-white">
          {n === 1 ? 'Entregar 1 kit ao responsável' : `Entregar ${n} kits ao responsável`}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="min-h-12 rounded-xl border-2 border-slate-900 px-4 text-lg font-bold"
        >
          Voltar à busca
        </button>
      </form>
    </section>
  )
}

function Member({
  participant: p,
  checked,
  onToggle,
  pending,
  conflict,
  unpaidBlocked,
  timeZone,
  canHand,
}: {
  participant: RosterParticipant
  checked: boolean
  onToggle: (id: string) => void
  pending: Checkin | undefined
  conflict: boolean
  unpaidBlocked: boolean
  timeZone: string
  canHand: boolean
}) {
  const details = (
    <span className="flex flex-wrap gap-x-3 text-lg text-slate-900">
      <span>{p.numeroPeito != null ? `Nº ${p.numeroPeito}` : 'Sem nº de peito'}</span>
      <span>{p.percurso}</span>
      <span>Camiseta {p.camiseta || '—'}</span>
      <span className={p.pago ? 'font-bold text-green-900' : 'font-bold text-red-800'}>
        {p.pago ? 'Pago' : 'Não pago'}
      </span>
    </span>
  )
  if (canHand) {
    return (
      <li>
        <label className="flex min-h-14 items-start gap-3 rounded-xl border-2 border-slate-900 p-3">
          <input type="checkbox" checked={checked} onChange={() => onToggle(p.id)} className="mt-1 size-6 shrink-0" />
          <span>
            <span className="block text-xl font-extrabold">{p.nome}</span>
            {details}
          </span>
        </label>
      </li>
    )
  }
  const at = (when: string) => atPickupTime(when, new Date(), timeZone)
  let why: string
  if (pending) why = `Retirado ${at(pending.at)} neste balcão — aguardando envio.`
  else if (p.kitRetirado)
    why = `Kit retirado ${at(p.kitRetirado.at)} no ${p.kitRetirado.balcao}; retirou ${whoTookIt(p.kitRetirado)}.`
  else if (conflict) why = 'A retirada registrada aqui não valeu: veja na busca pelo nome.'
  else if (unpaidBlocked)
    why = 'Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.'
  else
    why =
      'Inscrição não paga: não entra na entrega ao responsável. Para entregar sem pagamento, busque o atleta pelo nome.'
  return (
    <li className={`rounded-xl border-2 p-3 ${p.pago ? 'border-slate-400 bg-slate-100' : 'border-red-800'}`}>
      <span className="block text-xl font-extrabold">{p.nome}</span>
      {details}
      <span className={`block font-bold ${p.pago ? 'text-slate-900' : 'text-red-900'}`}>{why}</span>
    </li>
  )
}
