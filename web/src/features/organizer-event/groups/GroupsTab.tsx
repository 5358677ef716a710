import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { Link } from '../../../app/routing'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Dialog } from '../../../components/Dialog'
import {
  changeGroup,
  deleteGroup,
  groupPagePath,
  listEventGroups,
  mergeGroup,
  type Group,
} from '../../../lib/groups/groups'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { useForbidden } from '../access'

type Action = { kind: 'renomear' | 'mesclar' | 'excluir'; group: Group }

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

/**
 * Grupos: the event's groups (assessorias) with their coaches and counts, for the owner and gestao
 * (docs/requirements.md GRP-16): rename one, merge one into another (its registrations move),
 * remove one that has no registration held or confirmed.
 */
export function GroupsTab({ eventId, onForbidden }: { eventId: string; onForbidden: () => void }) {
  const id = useId()
  const [version, setVersion] = useState(0)
  const groups = useResource(`groups:${eventId}:${version}`, (signal) => listEventGroups(eventId, signal))
  useForbidden(groups.error, onForbidden)
  const [action, setAction] = useState<Action | null>(null)
  const [notice, setNotice] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)

  function done(message: string) {
    setAction(null)
    setNotice(message)
    setVersion((v) => v + 1)
    // The button that opened the dialog may leave with its row; keep the keyboard in this section.
    heading.current?.focus()
  }

  const list = groups.state === 'ready' ? groups.data : []
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <h2 ref={heading} id={`${id}-titulo`} tabIndex={-1} className="text-lg font-bold text-slate-900">
        Grupos e assessorias
      </h2>
      <p className="text-sm text-slate-600">
        Treinadores criam os grupos no painel do atleta; quem se inscreve pelo link do grupo entra nele. Nomes iguais,
        sem contar acentos, maiúsculas e espaços, não se repetem no evento.
      </p>
      <p role="status" className="break-words text-sm font-semibold text-brand-800">
        {notice}
      </p>
      {groups.state === 'loading' ? (
        <p className="text-slate-600">Carregando grupos...</p>
      ) : groups.state === 'error' ? (
        <p role="alert" className="text-red-700">
          Não foi possível carregar os grupos.
        </p>
      ) : list.length === 0 ? (
        <p className="text-slate-600">Nenhum grupo foi criado para este evento ainda.</p>
      ) : (
        <ul
          aria-labelledby={`${id}-titulo`}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {list.map((g) => (
            <li key={g.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={groupPagePath(g.id)} className="break-words font-semibold text-brand-800 hover:underline">
                  {g.nome}
                </Link>
                <p className="break-words text-sm text-slate-600">
                  {count(g.inscritos, 'inscrito', 'inscritos')} · {count(g.confirmados, 'pago', 'pagos')} · Código{' '}
                  {g.codigo}
                  {g.coaches.length > 0 && ` · ${g.coaches.map((c) => c.nome).join(' e ')}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <ActionButton label={`Renomear ${g.nome}`} onClick={() => setAction({ kind: 'renomear', group: g })}>
                  Renomear
                </ActionButton>
                {list.length > 1 && (
                  <ActionButton label={`Mesclar ${g.nome}`} onClick={() => setAction({ kind: 'mesclar', group: g })}>
                    Mesclar
                  </ActionButton>
                )}
                <ActionButton
                  label={`Excluir ${g.nome}`}
                  danger
                  onClick={() => setAction({ kind: 'excluir', group: g })}
                >
                  Excluir
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {action?.kind === 'renomear' && (
        <RenameDialog group={action.group} onClose={() => setAction(null)} onDone={done} />
      )}
      {action?.kind === 'mesclar' && (
        <MergeDialog
          eventId={eventId}
          group={action.group}
          others={list.filter((g) => g.id !== action.group.id)}
          onClose={() => setAction(null)}
          onDone={done}
        />
      )}
      {action?.kind === 'excluir' && (
        <ConfirmDialog
          title="Excluir grupo"
          confirmLabel="Excluir"
          busyLabel="Excluindo..."
          onConfirm={() => deleteGroup(action.group.id).then(() => done(`Grupo ${action.group.nome} excluído.`))}
          failure={(err) => (err instanceof ApiError ? err.message : 'Não foi possível excluir. Tente novamente.')}
          onClose={() => setAction(null)}
        >
          {`Excluir o grupo ${action.group.nome}? O link dele deixa de funcionar.`}
        </ConfirmDialog>
      )}
    </section>
  )
}

function ActionButton({
  label,
  danger = false,
  onClick,
  children,
}: {
  label: string
  danger?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${danger ? 'border-red-300 text-red-700 hover:bg-red-50' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
    >
      {children}
    </button>
  )
}

/** A dialog with one form: its field, its submit, the server's refusal at the field. */
function FormDialog({
  title,
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
  field,
  children,
}: {
  title: string
  submitLabel: string
  busyLabel: string
  onSubmit: () => Promise<void>
  onClose: () => void
  /** Its field, which has the focus on opening. */
  field: RefObject<HTMLElement | null>
  children: (field: { id: string; error: string }) => ReactNode
}) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    onSubmit().catch((err: unknown) => {
      console.error(err)
      setBusy(false)
      setError(
        err instanceof ApiError
          ? Object.values(err.fields)[0] || err.message
          : 'Não foi possível salvar. Tente novamente.',
      )
    })
  }

  return (
    <Dialog
      labelledBy={`${id}-titulo`}
      initialFocus={field}
      onClose={() => !busy && onClose()}
      className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <div>{children({ id: `${id}-campo`, error })}</div>
        {error && (
          <p id={`${id}-campo-erro`} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            className="min-h-11 rounded-full border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            Cancelar
          </button>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

const fieldClass = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2'

function RenameDialog({
  group,
  onClose,
  onDone,
}: {
  group: Group
  onClose: () => void
  onDone: (message: string) => void
}) {
  const [nome, setNome] = useState(group.nome)
  const field = useRef<HTMLInputElement>(null)
  return (
    <FormDialog
      field={field}
      title="Renomear grupo"
      submitLabel="Salvar nome"
      busyLabel="Salvando..."
      onClose={onClose}
      onSubmit={() => changeGroup(group.id, { nome }).then((g) => onDone(`Grupo renomeado para ${g.nome}.`))}
    >
      {({ id, error }) => (
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          Nome do grupo
          <input
            id={id}
            ref={field}
            value={nome}
            maxLength={80}
            onChange={(e) => setNome(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
            className={`${fieldClass} font-normal`}
          />
        </label>
      )}
    </FormDialog>
  )
}

function MergeDialog({
  eventId,
  group,
  others,
  onClose,
  onDone,
}: {
  eventId: string
  group: Group
  others: Group[]
  onClose: () => void
  onDone: (message: string) => void
}) {
  const [into, setInto] = useState(others[0]?.id ?? '')
  const field = useRef<HTMLSelectElement>(null)
  return (
    <FormDialog
      field={field}
      title={`Mesclar ${group.nome}`}
      submitLabel="Mesclar"
      busyLabel="Mesclando..."
      onClose={onClose}
      onSubmit={() =>
        mergeGroup(eventId, group.id, into).then((g) => onDone(`${group.nome} foi mesclado em ${g.nome}.`))
      }
    >
      {({ id, error }) => (
        <>
          <p className="mb-3 text-slate-700">
            As inscrições de {group.nome} passam para o grupo escolhido, e {group.nome} deixa de existir. O link dele
            deixa de funcionar.
          </p>
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            Mesclar em
          </label>
          <select
            id={id}
            ref={field}
            value={into}
            onChange={(e) => setInto(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
            className={fieldClass}
          >
            {others.map((g) => (
              <option key={g.id} value={g.id}>
                {g.nome}
              </option>
            ))}
          </select>
        </>
      )}
    </FormDialog>
  )
}
