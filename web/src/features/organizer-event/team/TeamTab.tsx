import { useId, useRef, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { allRoles, can, roleLabels, type Role, type StaffRole } from '../../../lib/team/staff'
import { useForbidden } from '../access'
import { inviteStaff, listStaff, removeStaff, type StaffMember } from '../api'

/** The roles each role may invite: the owner anyone, a manager only kit-desk staff (docs/product.md §10). */
const invitableBy = (role: Role) => allRoles.filter((m): m is StaffRole => can(role, `invite:${m}`))

const roleHints: Record<StaffRole, string> = {
  gestao: 'importa e exporta inscritos e resultados, vê o CPF completo',
  retirada: 'usa o balcão de retirada de kits, vê o CPF mascarado',
}

const nameOf = (m: StaffMember) => m.nome || m.email

/** Equipe: the event's members and pending invitations, an invitation by e-mail, and removal. */
export function TeamTab({ eventId, role, onForbidden }: { eventId: string; role: Role; onForbidden: () => void }) {
  const id = useId()
  const [version, setVersion] = useState(0)
  const staff = useResource(`staff:${eventId}:${version}`, (signal) => listStaff(eventId, signal))
  useForbidden(staff.error, onForbidden)
  const roles = invitableBy(role)
  const [email, setEmail] = useState('')
  const [invitedRole, setInvitedRole] = useState<StaffRole>(roles[roles.length - 1] ?? 'retirada')
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<StaffMember | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  async function onInvite(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    setNotice('')
    try {
      const { emailEnviado } = await inviteStaff(eventId, email.trim(), invitedRole)
      setNotice(
        emailEnviado
          ? `Convite enviado para ${email.trim()}.`
          : `Convite registrado, mas o e-mail para ${email.trim()} não pôde ser enviado. Avise a pessoa para entrar com este e-mail.`,
      )
      setEmail('')
      setVersion((v) => v + 1)
    } catch (err) {
      console.error(err)
      setError(
        err instanceof ApiError
          ? Object.values(err.fields).join(' ') || err.message
          : 'Não foi possível enviar o convite. Tente novamente.',
      )
    } finally {
      setBusy(false)
    }
  }

  function onRemoved(member: StaffMember) {
    setRemoving(null)
    setNotice(member.pendente ? `Convite de ${member.email} retirado.` : `${nameOf(member)} foi removido da equipe.`)
    setVersion((v) => v + 1)
    // The button that opened the dialog leaves with its row; keep the keyboard in this section.
    heading.current?.focus()
  }

  const members = staff.state === 'ready' ? staff.data.staff : []
  const owner = staff.state === 'ready' ? staff.data.owner : null

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-titulo`} className="space-y-3">
        <h2 ref={heading} id={`${id}-titulo`} tabIndex={-1} className="text-lg font-bold text-slate-900">
          Equipe do evento
        </h2>
        <p role="status" className="break-words text-sm font-semibold text-brand-800">
          {notice}
        </p>
        {staff.state === 'loading' ? (
          <p className="text-slate-600">Carregando equipe...</p>
        ) : staff.state === 'error' ? (
          <p role="alert" className="text-red-700">
            Não foi possível carregar a equipe.
          </p>
        ) : (
          <ul
            aria-labelledby={`${id}-titulo`}
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {owner && (owner.nome || owner.email) && (
              <li className="p-4">
                <p className="break-words font-semibold text-slate-900">{owner.nome || owner.email}</p>
                <p className="break-words text-sm text-slate-600">
                  {owner.nome && owner.email ? `${owner.email} · ` : ''}
                  {roleLabels.owner}
                </p>
              </li>
            )}
            {members.length === 0 && <li className="p-4 text-slate-600">Ninguém foi convidado ainda.</li>}
            {members.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{nameOf(m)}</p>
                  <p className="break-words text-sm text-slate-600">
                    {m.nome ? `${m.email} · ` : ''}
                    {roleLabels[m.role]}
                    {m.aguardandoConfirmacao ? ' · aguardando confirmação' : m.pendente && ' · convite pendente'}
                  </p>
                </div>
                {(role === 'owner' || m.role === 'retirada') && (
                  <button
                    type="button"
                    aria-label={`${m.pendente ? 'Retirar convite de' : 'Remover'} ${nameOf(m)}`}
                    onClick={() => setRemoving(m)}
                    className="self-start rounded-full border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 sm:self-auto"
                  >
                    {m.pendente ? 'Retirar convite' : 'Remover'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {roles.length > 0 && (
        <section
          aria-labelledby={`${id}-convite`}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id={`${id}-convite`} className="text-lg font-bold text-slate-900">
            Convidar por e-mail
          </h2>
          <p className="text-sm text-slate-600">
            Quem ainda não tem conta recebe o convite e entra na equipe ao se cadastrar com este e-mail.
          </p>
          <form onSubmit={onInvite} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <label className="block text-sm font-semibold text-slate-800">
              E-mail
              <input
                type="email"
                required
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
              />
            </label>
            <div>
              <label htmlFor={`${id}-papel`} className="block text-sm font-semibold text-slate-800">
                Papel
              </label>
              <select
                id={`${id}-papel`}
                value={invitedRole}
                onChange={(e) => setInvitedRole(e.target.value as StaffRole)}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {busy ? 'Enviando...' : 'Enviar convite'}
            </button>
          </form>
          <ul className="text-sm text-slate-600">
            {roles.map((r) => (
              <li key={r}>
                <strong>{roleLabels[r]}</strong>: {roleHints[r]}.
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="break-words rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
        </section>
      )}

      {removing && (
        <ConfirmDialog
          title={removing.pendente ? 'Retirar convite' : 'Remover da equipe'}
          confirmLabel={removing.pendente ? 'Retirar convite' : 'Remover'}
          busyLabel="Removendo..."
          onConfirm={() => removeStaff(eventId, removing.id).then(() => onRemoved(removing))}
          failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível remover. Tente novamente.')}
          onClose={() => setRemoving(null)}
        >
          {removing.pendente
            ? `Retirar o convite de ${removing.email}? O link do e-mail deixará de valer.`
            : `Remover ${nameOf(removing)} da equipe? Essa pessoa perde o acesso a este evento.`}
        </ConfirmDialog>
      )}
    </div>
  )
}
