import { useId, useState, type FormEvent } from 'react'
import { Link } from '../../app/routing'
import { checkGroupSheet, holdGroupSheet, type SheetCheck } from '../../lib/groups/groups'
import { ApiError } from '../../lib/platform/api'
import { orderPath, type Order } from '../../lib/registration/orders'
import { formatMoney, sumReais } from '../../lib/text/format'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The coach's spreadsheet on the group's page (docs/requirements.md GRP-58): a file checked row by
 * row by the server, as the registration form checks an athlete, and the report of every row's
 * problem (line, column, message) under the file's name, a table that wraps its text to fit 375 px.
 * Choosing another file keeps the report until that file is checked. A file checked clean is held,
 * the regulation accepted for the group, as the coach's orders, each linked to its page where its
 * Pix is (GRP-75); a row's problem found then is reported as a check's (GRP-72).
 */
export function GroupSheet({ groupId, regulamento = '' }: { groupId: string; regulamento?: string }) {
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [report, setReport] = useState<{ nome: string; check: SheetCheck; file: File } | null>(null)
  const [held, setHeld] = useState<Order[] | null>(null)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!file) {
      setError('Escolha uma planilha para enviar.')
      return
    }
    setBusy(true)
    setError('')
    try {
      const check = await checkGroupSheet(groupId, file)
      setReport({ nome: file.name, check, file })
      setHeld(null)
    } catch (err) {
      console.error(err)
      setError(
        err instanceof ApiError
          ? err.fields.arquivo || err.message
          : 'Não foi possível conferir a planilha. Tente novamente.',
      )
    } finally {
      setBusy(false)
    }
  }

  const described = [`${id}-dica`, error ? `${id}-erro` : ''].filter(Boolean).join(' ')
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Conferir planilha de atletas
      </h2>
      <p id={`${id}-dica`} className="text-sm text-slate-600">
        Até 200 atletas, em CSV ou XLSX, com as colunas do formulário de inscrição: nome, CPF ou passaporte, nascimento,
        sexo, e-mail, celular, modalidade, camiseta, contato de emergência (nome e telefone) e, para menores de idade,
        nome e CPF do responsável. Cada linha é conferida como no formulário; nada é reservado.
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="min-w-0">
          <label htmlFor={`${id}-arquivo`} className="block text-sm font-semibold text-slate-800">
            Planilha
          </label>
          <input
            id={`${id}-arquivo`}
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setError('')
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-full file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Conferindo...' : 'Conferir planilha'}
        </button>
        {error && (
          <p id={`${id}-erro`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
      </form>
      <div role="status" className="text-sm text-slate-800">
        {report && (
          <p>
            <strong className="break-all">{report.nome}</strong>:{' '}
            {plural(report.check.linhas, 'linha lida', 'linhas lidas')},{' '}
            {report.check.erros.length === 0
              ? 'nenhum problema encontrado.'
              : `${plural(report.check.erros.length, 'problema', 'problemas')} para corrigir.`}
          </p>
        )}
      </div>
      {report && report.check.erros.length > 0 && (
        <div className="rounded-md border border-slate-200">
          <table className="w-full table-fixed text-left text-sm">
            <colgroup>
              <col className="w-16" />
              <col className="w-1/3" />
              <col />
            </colgroup>
            <caption className="sr-only">Problemas da planilha {report.nome}, por linha</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="px-2 py-1">
                  Linha
                </th>
                <th scope="col" className="px-2 py-1">
                  Coluna
                </th>
                <th scope="col" className="px-2 py-1">
                  Problema
                </th>
              </tr>
            </thead>
            <tbody>
              {report.check.erros.map((e, i) => (
                <tr key={i} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-1 font-semibold text-slate-900">
                    {e.linha}
                  </th>
                  <td className="px-2 py-1 break-words">{e.campo || '—'}</td>
                  <td className="px-2 py-1 break-words">{e.mensagem}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report && report.check.erros.length === 0 && report.check.linhas > 0 && !held && (
        <HoldSheet
          key={report.nome + report.check.linhas}
          groupId={groupId}
          file={report.file}
          linhas={report.check.linhas}
          regulamento={regulamento}
          onHeld={setHeld}
          onRows={(erros) => setReport({ ...report, check: { linhas: report.check.linhas, erros } })}
        />
      )}
      {held && <HeldOrders orders={held} />}
    </section>
  )
}

const msgAceite = 'Aceite o regulamento em nome dos atletas do grupo.'

/** Holds a file checked clean: the regulation accepted for the group's athletes, then the orders (GRP-75). */
function HoldSheet({
  groupId,
  file,
  linhas,
  regulamento,
  onHeld,
  onRows,
}: {
  groupId: string
  file: File
  linhas: number
  regulamento: string
  onHeld: (orders: Order[]) => void
  onRows: (erros: SheetCheck['erros']) => void
}) {
  const id = useId()
  const [aceite, setAceite] = useState(false)
  const [busy, setBusy] = useState(false)
  const [aceiteError, setAceiteError] = useState('')
  const [error, setError] = useState('')

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!aceite) {
      setAceiteError(msgAceite)
      return
    }
    setBusy(true)
    setError('')
    try {
      onHeld((await holdGroupSheet(groupId, file)).pedidos)
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError && err.rows.length > 0) {
        onRows(err.rows.map((r) => ({ linha: r.row, campo: r.column, mensagem: r.message })))
      } else if (err instanceof ApiError && err.fields.aceiteRegulamento) {
        setAceiteError(err.fields.aceiteRegulamento)
      } else {
        setError(err instanceof ApiError ? err.message : 'Não foi possível inscrever os atletas. Tente novamente.')
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 border-t border-slate-200 pt-3">
      <div>
        <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={aceite}
            onChange={(e) => {
              setAceite(e.target.checked)
              setAceiteError('')
            }}
            aria-invalid={aceiteError ? true : undefined}
            aria-describedby={aceiteError ? `${id}-aceite` : undefined}
            className="mt-1 h-5 w-5 shrink-0"
          />
          <span>Li e aceito o regulamento em nome dos atletas do grupo</span>
        </label>
        {regulamento && (
          <a
            href={regulamento}
            target="_blank"
            rel="noreferrer"
            className="ml-7 text-sm font-semibold text-brand-800 hover:underline"
          >
            Ler o regulamento
          </a>
        )}
        {aceiteError && (
          <p id={`${id}-aceite`} className="text-sm font-medium text-red-700">
            {aceiteError}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 w-full rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
      >
        {busy ? 'Inscrevendo...' : `Inscrever ${plural(linhas, 'atleta', 'atletas')} e gerar pagamento`}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}

/** The orders a spreadsheet made, each linked to its page (its Pix), and their total (GRP-75). */
function HeldOrders({ orders }: { orders: Order[] }) {
  const atletas = orders.reduce((n, o) => n + o.inscricoes.length, 0)
  const total = sumReais(orders.map((o) => o.total))
  return (
    <div role="status" className="space-y-2 border-t border-slate-200 pt-3 text-sm text-slate-800">
      <p className="font-semibold">
        {plural(atletas, 'atleta inscrito', 'atletas inscritos')} em {plural(orders.length, 'pedido', 'pedidos')}, total{' '}
        {formatMoney(total)}. Pague cada pedido pelo Pix na página dele.
      </p>
      <ul className="space-y-1">
        {orders.map((o, i) => (
          <li key={o.id}>
            <Link to={orderPath(o.eventId, o.id)} className="font-semibold text-brand-800 hover:underline">
              Pedido {i + 1}
            </Link>
            : {plural(o.inscricoes.length, 'atleta', 'atletas')}, {formatMoney(o.total)}
          </li>
        ))}
      </ul>
    </div>
  )
}
