import { useId, useState, type FormEvent } from 'react'
import { checkGroupSheet, type SheetCheck } from '../../lib/groups/groups'
import { ApiError } from '../../lib/platform/api'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The coach's spreadsheet on the group's page (docs/requirements.md GRP-58): a file checked row by
 * row by the server, as the registration form checks an athlete, and the report of every row's
 * problem (line, column, message) under the file's name, a table that wraps its text to fit 375 px.
 * Nothing is held. Choosing another file keeps the report until that file is checked.
 */
export function GroupSheet({ groupId }: { groupId: string }) {
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [report, setReport] = useState<{ nome: string; check: SheetCheck } | null>(null)

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
      setReport({ nome: file.name, check })
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
    </section>
  )
}
