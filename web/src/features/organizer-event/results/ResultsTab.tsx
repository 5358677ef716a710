import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link } from '../../../app/routing'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { ApiError } from '../../../lib/platform/api'
import type { Event } from '../../../lib/events/event'
import { formatCount, formatDate } from '../../../lib/text/format'
import { useResource } from '../../../lib/platform/resource'
import { formatPlace, statusShort } from '../../../lib/results/resultFormat'
import { deleteResultSet, listResultSets } from '../../../lib/results/resultsApi'
import type { ResultSet, ResultSetStatus } from '../../../lib/results/resultSchema'
import { isForbidden } from '../access'
import type { SheetQuestion } from '../api'
import {
  previewRows,
  RowErrors,
  SheetColumns,
  SheetFileField,
  SheetQuestions,
  useSheetImport,
  type ReadSheet,
} from '../sheetImport'
import { fieldChoices, fieldLabel, previewResults, publishResults, type ResultsPreview } from './resultsImport'

const buttonClass =
  'min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
const secondaryClass =
  'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'
const statusLabels: Record<ResultSetStatus, string> = { preliminar: 'Preliminar', oficial: 'Oficial' }
const previewLabel = 'Primeiras linhas como serão publicadas'
const previewColumns = [
  'Pos.',
  'Nº',
  'Nome',
  'Sexo',
  'Categoria',
  'Equipe',
  fieldLabel('tempoBruto'),
  fieldLabel('tempoLiquido'),
  'Parciais',
]

/**
 * Resultados: the sets published per modality (replace, delete) and the import of a timing
 * company's file — read first without saving, shown with its guessed columns (editable), its first
 * lines and every row error, and published only when the organizer says so.
 */
export function ResultsTab({ event, onForbidden }: { event: Event; onForbidden: () => void }) {
  const [version, setVersion] = useState(0)
  const [replacing, setReplacing] = useState<{ percurso: string; n: number } | null>(null)
  const sets = useResource(`organizer-results:${event.id}:${version}`, (signal) => listResultSets(event.id, signal))
  const published = sets.state === 'ready' ? sets.data : []

  return (
    <div className="space-y-8">
      <PublishedSets
        event={event}
        sets={sets.state === 'ready' ? published : null}
        failed={sets.state === 'error'}
        onReplace={(percurso) => setReplacing((r) => ({ percurso, n: (r?.n ?? 0) + 1 }))}
        onDeleted={() => setVersion((v) => v + 1)}
        onForbidden={onForbidden}
      />
      <ImportResults
        key={replacing?.n ?? 0}
        event={event}
        published={published}
        initialPercurso={replacing?.percurso}
        onPublished={() => setVersion((v) => v + 1)}
        onForbidden={onForbidden}
      />
    </div>
  )
}

type PublishedProps = {
  event: Event
  sets: ResultSet[] | null
  failed: boolean
  onReplace: (percurso: string) => void
  onDeleted: () => void
  onForbidden: () => void
}

function PublishedSets({ event, sets, failed, onReplace, onDeleted, onForbidden }: PublishedProps) {
  const id = useId()
  const [deleting, setDeleting] = useState<ResultSet | null>(null)
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
          Resultados publicados
        </h2>
        <Link
          to={`/resultado/${encodeURIComponent(event.id)}`}
          className="text-sm font-semibold text-brand-800 hover:underline"
        >
          Ver a página pública de resultados
        </Link>
      </div>
      {failed && (
        <p role="alert" className="text-red-700">
          Não foi possível carregar os resultados publicados.
        </p>
      )}
      {sets === null && !failed && <p className="text-slate-600">Carregando...</p>}
      {sets?.length === 0 && (
        <p className="text-slate-700">Nenhum resultado publicado ainda. Envie o arquivo da cronometragem abaixo.</p>
      )}
      {sets && sets.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {sets.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-bold text-slate-900">
                  {s.percurso}{' '}
                  <span
                    className={`ml-1 rounded-full px-2 py-0.5 text-xs font-bold ${
                      s.status === 'oficial' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
                    }`}
                  >
                    {statusLabels[s.status] ?? s.status}
                  </span>
                </p>
                <p className="text-sm text-slate-600">
                  {formatCount(s.finishers)} concluintes de {formatCount(s.total)} · importado em{' '}
                  {formatDate(s.importedAt)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onReplace(s.percurso)}
                className={secondaryClass}
                aria-label={`Substituir ${s.percurso}`}
              >
                Substituir
              </button>
              <button
                type="button"
                onClick={() => setDeleting(s)}
                className="inline-flex min-h-11 items-center rounded-full border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50"
                aria-label={`Excluir ${s.percurso}`}
              >
                Excluir
              </button>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Excluir os resultados de ${deleting.percurso}?`}
          confirmLabel="Excluir resultados"
          busyLabel="Excluindo..."
          onConfirm={async () => {
            await deleteResultSet(event.id, deleting.id)
            setDeleting(null)
            onDeleted()
          }}
          failure={(err) => {
            // No longer on the team: the page says so instead of this dialog.
            if (isForbidden(err)) onForbidden()
            return err instanceof ApiError ? err.message : 'Não foi possível excluir. Tente novamente.'
          }}
          onClose={() => setDeleting(null)}
        >
          A tabela, as páginas dos atletas e os certificados desta modalidade saem do ar. Os arquivos PDF do evento
          continuam. Esta ação não pode ser desfeita.
        </ConfirmDialog>
      )}
    </section>
  )
}

type ImportProps = {
  event: Event
  published: ResultSet[]
  initialPercurso?: string
  onPublished: () => void
  onForbidden: () => void
}

type Errors = { file?: string; percurso?: string; status?: string; form?: string }

function ImportResults({ event, published, initialPercurso, onPublished, onForbidden }: ImportProps) {
  const id = useId()
  const percursos = event.modalidades.map((m) => m.nome.trim()).filter(Boolean)
  const [percurso, setPercurso] = useState(initialPercurso ?? (percursos.length === 1 ? percursos[0]! : ''))
  // null until the organizer picks one: a replaced set keeps its status (the server does the same).
  const [chosen, setChosen] = useState<ResultSetStatus | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [progress, setProgress] = useState(0)
  const [done, setDone] = useState<ResultSet | null>(null)
  const replaces = published.find((s) => s.percurso === percurso)
  const sheet = useSheetImport(readAs(percurso, chosen), {
    onRead: () => {
      setProgress(0)
      setErrors({})
      setDone(null)
    },
    onFailed: failed,
  })
  const { file, preview, rowErrors, busy } = sheet
  const status: ResultSetStatus =
    (sheet.answers.status as ResultSetStatus | undefined) || chosen || replaces?.status || 'preliminar'
  const races = preview?.races ?? []
  const open = preview?.questions.length ?? 0
  const fileInput = sheet.input
  // Asked to replace a set: the file is what is left to choose (focusing it also scrolls to it).
  useEffect(() => {
    if (initialPercurso) fileInput.current?.focus()
  }, [initialPercurso, fileInput])

  /** The dry run of the chosen file as the results of the modality `p` (or its races), published as `st`. */
  function readAs(p: string, st: ResultSetStatus | null): ReadSheet<ResultsPreview> {
    return (file, mapping, answers) =>
      previewResults(event.id, { file, percurso: p, status: st ?? '', mapping, answers }, setProgress)
  }

  function failed(err: unknown, fallback: string) {
    console.error(err)
    if (isForbidden(err)) onForbidden()
    if (!(err instanceof ApiError)) return setErrors({ form: fallback })
    sheet.setRowErrors(err.rows)
    const f = err.fields
    // A message about the file, the modality or the status goes next to it; else above the button.
    const placed: Errors = { file: f.file, percurso: f.percurso, status: f.status }
    if (!placed.file && !placed.percurso && !placed.status) placed.form = err.message
    setErrors(placed)
  }

  function onPercurso(next: string) {
    setPercurso(next)
    // Pace comes from the modality's distance, and a file read without one was refused: read again.
    if (next) sheet.readAgain(readAs(next, chosen))
  }

  function onStatus(next: ResultSetStatus) {
    setChosen(next)
    // Whether taking official results back must be confirmed depends on the status: ask again.
    sheet.readAgain(readAs(percurso, next), { ...sheet.answers, status: undefined, confirmarRebaixamento: false })
  }

  async function onPublish(e: FormEvent) {
    e.preventDefault()
    const missing: Errors = {}
    if (!file) missing.file = 'Escolha o arquivo de resultados.'
    if (!percurso && races.length === 0) missing.percurso = 'Escolha a modalidade destes resultados.'
    if (missing.file || missing.percurso) return setErrors(missing)
    setProgress(0)
    setErrors({})
    await sheet.save(async (file, mapping, answers) => {
      setDone(await publishResults(event.id, { file, percurso, status: chosen ?? '', mapping, answers }, setProgress))
      onPublished()
    }, 'Não foi possível publicar. Tente novamente.')
  }

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        {initialPercurso ? `Substituir resultados de ${initialPercurso}` : 'Publicar resultados'}
      </h2>
      <p className="text-sm text-slate-600">
        Envie o arquivo da empresa de cronometragem (CSV, TSV ou XLSX), um por modalidade. Publicar de novo substitui o
        resultado anterior daquela modalidade de uma só vez.
      </p>
      <form onSubmit={onPublish} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-percurso`} className="block text-sm font-semibold text-slate-800">
              Modalidade
            </label>
            <select
              id={`${id}-percurso`}
              value={percurso}
              onChange={(e) => onPercurso(e.target.value)}
              aria-invalid={errors.percurso ? true : undefined}
              aria-describedby={errors.percurso ? `${id}-percurso-erro` : undefined}
              className="mt-1 min-h-11 w-full rounded-md border border-slate-300 px-2"
            >
              <option value="">Escolha a modalidade</option>
              {percursos.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            {errors.percurso && <FieldError id={`${id}-percurso-erro`} text={errors.percurso} />}
          </div>
          <fieldset aria-describedby={errors.status ? `${id}-status-erro` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">Situação</legend>
            <div className="mt-1 flex min-h-11 flex-wrap items-center gap-4">
              {(['preliminar', 'oficial'] as const).map((s) => (
                <label key={s} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-status`}
                    value={s}
                    checked={status === s}
                    onChange={() => onStatus(s)}
                    className="h-5 w-5"
                  />
                  {statusLabels[s]}
                </label>
              ))}
            </div>
            {errors.status && <FieldError id={`${id}-status-erro`} text={errors.status} />}
          </fieldset>
        </div>
        <SheetFileField
          id={`${id}-arquivo`}
          label="Arquivo de resultados"
          inputRef={fileInput}
          onChange={sheet.onFile}
          error={errors.file}
        >
          {file && <p className="mt-1 text-sm text-slate-600">Arquivo escolhido: {file.name}</p>}
        </SheetFileField>

        <div role="status" className="text-sm text-slate-600">
          {busy && (
            <>
              <span>{busy === 'preview' ? 'Lendo o arquivo...' : 'Publicando...'}</span>
              {progress < 100 && (
                <progress
                  max={100}
                  value={progress}
                  aria-label="Envio do arquivo"
                  className="ml-3 h-2 w-40 align-middle"
                >
                  {progress}%
                </progress>
              )}
            </>
          )}
        </div>

        {rowErrors.length > 0 && <RowErrors errors={rowErrors} />}

        {preview && (
          <Preview preview={preview} disabled={busy !== ''} onColumn={sheet.onColumn} onAnswer={sheet.answer} />
        )}

        {replaces && (
          <p className="text-sm text-amber-900">
            {percurso} já tem resultado publicado ({statusLabels[replaces.status]}): publicar substitui o atual.
          </p>
        )}
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {errors.form}
          </p>
        )}
        {open > 0 && <p className="text-sm text-slate-700">Responda às perguntas acima para publicar.</p>}
        <button type="submit" disabled={busy !== '' || rowErrors.length > 0 || open > 0} className={buttonClass}>
          {replaces && races.length === 0 ? 'Substituir resultados' : 'Publicar resultados'}
        </button>
      </form>
      {done && (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">
          Resultados de {done.percurso} publicados ({statusLabels[done.status] ?? done.status}):{' '}
          {formatCount(done.finishers)} concluintes de {formatCount(done.total)}.{' '}
          <Link to={`/resultado/${encodeURIComponent(event.id)}`} className="underline">
            Ver a página pública
          </Link>
        </p>
      )}
    </section>
  )
}

function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  )
}

type PreviewProps = {
  preview: ResultsPreview
  disabled: boolean
  onColumn: (header: string, field: string) => void
  onAnswer: (q: SheetQuestion, value: string) => void
}

function Preview({ preview, disabled, onColumn, onAnswer }: PreviewProps) {
  return (
    <div className="space-y-4">
      <SheetQuestions preview={preview} disabled={disabled} onAnswer={onAnswer} />
      {preview.races.length > 0 && (
        <div className="text-sm">
          <h3 className="font-semibold text-slate-900">Provas do arquivo</h3>
          <ul className="mt-1 space-y-1">
            {preview.races.map((r) => (
              <li key={r.nome}>
                {r.nome} →{' '}
                {r.percurso
                  ? `${r.percurso} (${formatCount(r.counts.finishers)} concluintes de ${formatCount(r.counts.total)})`
                  : 'sem modalidade'}
              </li>
            ))}
          </ul>
        </div>
      )}
      <SheetColumns
        columns={preview.columns}
        choices={(c) => fieldChoices(c.header, c.field)}
        disabled={disabled}
        onColumn={onColumn}
      />
      {preview.rows.length > 0 && (
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">{previewLabel}</h3>
          <ScrollTable label={previewLabel} columns={previewColumns}>
            {preview.rows.slice(0, previewRows).map((r, i) => (
              <tr key={i}>
                <Cell numeric>{formatPlace(r.posicao) || statusShort(r.status ?? 'ok') || '—'}</Cell>
                <Cell numeric>{r.numeroPeito}</Cell>
                <RowHeader>{r.nome}</RowHeader>
                <Cell>{r.sexo}</Cell>
                <Cell>{r.categoria}</Cell>
                <Cell>{r.equipe}</Cell>
                <Cell numeric>{r.tempoBruto}</Cell>
                <Cell numeric>{r.tempoLiquido}</Cell>
                <Cell numeric>{(r.parciais ?? []).map((p) => `${p.nome} ${p.tempo}`).join(' · ')}</Cell>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </div>
  )
}
