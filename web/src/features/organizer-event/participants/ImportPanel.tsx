import { useId, useRef, useState, type ChangeEvent } from 'react'
import { Cell, ScrollTable } from '../../../components/ScrollTable'
import { ApiError, type RowError } from '../../../lib/api'
import { commitImport, previewImport, type ImportCounts, type ImportPreview, type Mapping } from '../api'
import { cellText, fieldLabel, fieldLabels, ignoreField } from './fields'

const previewLabel = 'Primeiras linhas como serão importadas'

/** How many of the file's rows the preview shows. */
const previewRows = 5

type Props = { eventId: string; onImported: () => void }

const buttonClass = 'min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60'

/**
 * Import of the registration export: the file is first read without saving (dry run) and shown as
 * it will be imported — the guessed column of each header, editable, the first rows and every
 * row error — and saved only when the organizer confirms. The chosen file stays on any error.
 */
export function ImportPanel({ eventId, onImported }: Props) {
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [mapping, setMapping] = useState<Mapping | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [rowErrors, setRowErrors] = useState<RowError[]>([])
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<'' | 'preview' | 'commit'>('')
  const [counts, setCounts] = useState<ImportCounts | null>(null)
  const input = useRef<HTMLInputElement>(null)

  async function runPreview(chosen: File, nextMapping: Mapping | null) {
    setBusy('preview')
    setError('')
    setCounts(null)
    try {
      const answer = await previewImport(eventId, chosen, nextMapping)
      setPreview(answer)
      setRowErrors(answer.errors)
    } catch (err) {
      console.error(err)
      setPreview(null)
      setRowErrors(err instanceof ApiError ? err.rows : [])
      setError(err instanceof ApiError ? err.message : 'Não foi possível ler o arquivo. Tente novamente.')
    } finally {
      setBusy('')
    }
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null
    setFile(chosen)
    setMapping(null)
    setPreview(null)
    setRowErrors([])
    setCounts(null)
    if (chosen) void runPreview(chosen, null)
  }

  function onColumn(header: string, field: string) {
    if (!file || !preview) return
    // Every header is sent, so that what the organizer saw guessed stays as it was.
    const next: Mapping = Object.fromEntries(preview.columns.map((c) => [c.header, c.field]))
    next[header] = field
    setMapping(next)
    void runPreview(file, next)
  }

  async function onCommit() {
    if (!file) return
    setBusy('commit')
    setError('')
    try {
      setCounts(await commitImport(eventId, file, mapping))
      setPreview(null)
      setRowErrors([])
      // Tomorrow's export often has the same name: choosing it again must read it again.
      setFile(null)
      if (input.current) input.current.value = ''
      onImported()
    } catch (err) {
      console.error(err)
      setRowErrors(err instanceof ApiError ? err.rows : [])
      setError(err instanceof ApiError ? err.message : 'Não foi possível importar. Tente novamente.')
    } finally {
      setBusy('')
    }
  }

  const shownFields = preview?.columns.filter((c) => c.field !== ignoreField) ?? []
  const options = Object.keys(fieldLabels)

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Importar inscritos
      </h2>
      <p className="text-sm text-slate-600">
        Envie a planilha exportada da plataforma de inscrições (CSV, TSV ou XLSX). Reimportar atualiza quem já está na lista e
        nunca apaga uma retirada de kit.
      </p>
      <div>
        <label htmlFor={`${id}-arquivo`} className="block text-sm font-semibold text-slate-800">
          Planilha de inscritos
        </label>
        <input
          ref={input}
          id={`${id}-arquivo`}
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={onFile}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-200 file:px-4 file:py-2 file:font-semibold"
        />
      </div>

      <p role="status" className="text-sm text-slate-600">
        {busy === 'preview' ? 'Lendo o arquivo...' : busy === 'commit' ? 'Importando...' : ''}
      </p>

      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {rowErrors.length > 0 && <RowErrors errors={rowErrors} />}

      {preview && (
        <div className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="font-semibold text-slate-900">Colunas do arquivo</legend>
            <p className="text-sm text-slate-600">Confira como cada coluna será lida e corrija o que estiver errado.</p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {preview.columns.map((c, i) => (
                <div key={c.header} className="text-sm">
                  <label htmlFor={`${id}-coluna-${i}`} className="block break-words font-semibold text-slate-800">
                    {c.header}
                  </label>
                  <select
                    id={`${id}-coluna-${i}`}
                    value={c.field}
                    disabled={busy !== ''}
                    onChange={(e) => onColumn(c.header, e.target.value)}
                    className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
                  >
                    {(options.includes(c.field) ? options : [...options, c.field]).map((f) => (
                      <option key={f} value={f}>
                        {fieldLabel(f)}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </fieldset>

          {preview.rows.length > 0 && (
            <div className="space-y-1">
              <h3 className="font-semibold text-slate-900">{previewLabel}</h3>
              <ScrollTable label={previewLabel} columns={shownFields.map((c) => fieldLabel(c.field))}>
                {preview.rows.slice(0, previewRows).map((row, i) => (
                  <tr key={i}>
                    {shownFields.map((c) => (
                      <Cell key={c.header}>{cellText(row[c.field])}</Cell>
                    ))}
                  </tr>
                ))}
              </ScrollTable>
            </div>
          )}

          {preview.counts && rowErrors.length === 0 && (
            <p className="text-sm text-slate-700">
              Ao importar: {preview.counts.added} novos, {preview.counts.updated} atualizados, {preview.counts.unchanged} sem mudança,{' '}
              {preview.counts.missing} fora deste arquivo.
            </p>
          )}
          <button type="button" onClick={onCommit} disabled={busy !== '' || rowErrors.length > 0} className={buttonClass}>
            Importar inscritos
          </button>
          {rowErrors.length > 0 && (
            <p className="text-sm text-slate-600">Corrija as linhas acima na planilha e envie o arquivo de novo, ou ajuste as colunas.</p>
          )}
        </div>
      )}

      {counts && <ImportResult counts={counts} />}
    </section>
  )
}

export function RowErrors({ errors }: { errors: RowError[] }) {
  const id = useId()
  return (
    <div role="alert" aria-labelledby={id} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <h3 id={id} className="font-semibold">
        {errors.length === 1 ? '1 linha com erro' : `${errors.length} linhas com erro`} — nada foi salvo
      </h3>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {errors.map((e, i) => (
          <li key={i}>
            Linha {e.row}
            {e.column ? `, coluna "${e.column}"` : ''}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

function ImportResult({ counts }: { counts: ImportCounts }) {
  return (
    <div role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-semibold">Importação concluída.</p>
      <ul className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        <li>{counts.added} novos</li>
        <li>{counts.updated} atualizados</li>
        <li>{counts.unchanged} sem mudança</li>
        <li>{counts.missing} fora deste arquivo</li>
      </ul>
    </div>
  )
}
