// What the import of the participants' spreadsheet and the results' file share: the chosen file is
// first read without saving (dry run) and shown as it will be saved — the guessed column of each
// header, editable, every row error, the questions the server's engine left open and its notes —
// and saved only when the organizer has answered and confirms.
import { useId, useRef, useState, type ChangeEvent, type ReactNode, type RefObject } from 'react'
import { LabelledInput } from '../../components/LabelledInput'
import type { RowError } from '../../lib/platform/api'
import { ignoreField, type ImportColumn, type Mapping, type SheetAnswers, type SheetQuestion } from './api'

/** How many of the file's lines the preview shows. */
export const previewRows = 5

/** What a dry run answers, whatever else it holds. */
export type SheetPreview = { columns: ImportColumn[]; errors: RowError[]; questions: SheetQuestion[]; notes: string[] }

/** Reads `file` as `mapping` says (null: as the server guesses) with the answers given, saving nothing. */
export type ReadSheet<P extends SheetPreview> = (
  file: File,
  mapping: Mapping | null,
  answers: SheetAnswers,
) => Promise<P>

type Options = {
  /** A reading starts: what the last reading or save said is cleared. */
  onRead: () => void
  /** A reading or a save failed; `fallback` is what to say for an error that is not the API's. */
  onFailed: (err: unknown, fallback: string) => void
}

/**
 * The chosen file, its mapping, its last dry run and row errors, and what is being done with them
 * ('preview' or 'save'). The chosen file stays on any error.
 */
export function useSheetImport<P extends SheetPreview>(read: ReadSheet<P>, { onRead, onFailed }: Options) {
  const [file, setFile] = useState<File | null>(null)
  const [mapping, setMapping] = useState<Mapping | null>(null)
  const [answers, setAnswers] = useState<SheetAnswers>({})
  const [preview, setPreview] = useState<P | null>(null)
  const [rowErrors, setRowErrors] = useState<RowError[]>([])
  const [busy, setBusy] = useState<'' | 'preview' | 'save'>('')
  const input = useRef<HTMLInputElement>(null)

  async function runPreview(
    chosen: File,
    nextMapping: Mapping | null,
    readWith: ReadSheet<P> = read,
    nextAnswers = answers,
  ) {
    setBusy('preview')
    onRead()
    try {
      const answer = await readWith(chosen, nextMapping, nextAnswers)
      setPreview(answer)
      setRowErrors(answer.errors)
    } catch (err) {
      setPreview(null)
      onFailed(err, 'Não foi possível ler o arquivo. Tente novamente.')
    } finally {
      setBusy('')
    }
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null
    setFile(chosen)
    setMapping(null)
    setAnswers({})
    setPreview(null)
    setRowErrors([])
    if (chosen) void runPreview(chosen, null, read, {})
  }

  function onColumn(header: string, field: string) {
    if (!file || !preview) return
    // Every header is sent, so that what the organizer saw guessed stays as it was.
    const next: Mapping = Object.fromEntries(preview.columns.map((c) => [c.header, c.field]))
    next[header] = field
    setMapping(next)
    void runPreview(file, next)
  }

  /**
   * Answers a question of the preview and reads the file again: a column question puts the chosen
   * header in the mapping (its rivals left out), a sheet starts the columns over, a race names its
   * modality, a status question confirms the downgrade or keeps the set official.
   */
  function answer(q: SheetQuestion, value: string) {
    if (!file || !preview) return
    let nextMapping = mapping
    const next: SheetAnswers = { ...answers }
    switch (q.kind) {
      case 'column':
        nextMapping = Object.fromEntries(preview.columns.map((c) => [c.header, c.field]))
        for (const o of q.options) nextMapping[o] = ignoreField
        if (value && q.field) nextMapping[value] = q.field
        break
      case 'sheet':
        next.sheet = value
        nextMapping = null
        break
      case 'race':
        next.percursos = { ...answers.percursos, [q.field ?? '']: value }
        break
      case 'status':
        next.confirmarRebaixamento = value === 'preliminar'
        next.status = value
        break
    }
    setMapping(nextMapping)
    setAnswers(next)
    void runPreview(file, nextMapping, read, next)
  }

  /** Reads the chosen file again, with `readWith` in place of the hook's reading. */
  function readAgain(readWith: ReadSheet<P>, nextAnswers = answers) {
    setAnswers(nextAnswers)
    if (file) void runPreview(file, mapping, readWith, nextAnswers)
  }

  /** Saves the chosen file with `commit`; the preview and its row errors go once it is saved. */
  async function save(
    commit: (file: File, mapping: Mapping | null, answers: SheetAnswers) => Promise<void>,
    fallback: string,
  ) {
    if (!file) return
    setBusy('save')
    try {
      await commit(file, mapping, answers)
      setPreview(null)
      setRowErrors([])
    } catch (err) {
      onFailed(err, fallback)
    } finally {
      setBusy('')
    }
  }

  /** Empties the picker: choosing a file of the same name again must read it again. */
  function clearFile() {
    setFile(null)
    if (input.current) input.current.value = ''
  }

  return {
    file,
    preview,
    answers,
    rowErrors,
    setRowErrors,
    busy,
    input,
    onFile,
    onColumn,
    answer,
    readAgain,
    save,
    clearFile,
  }
}

const accept =
  '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

type FileFieldProps = {
  id: string
  label: string
  inputRef: RefObject<HTMLInputElement | null>
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
  /** What is wrong with the file, when something is. */
  error?: string
  children?: ReactNode
}

/** The file picker (CSV, TSV or XLSX), with `children` below it. */
export function SheetFileField({ id, label, inputRef, onChange, error, children }: FileFieldProps) {
  return (
    <LabelledInput
      ref={inputRef}
      id={id}
      label={label}
      type="file"
      accept={accept}
      onChange={onChange}
      error={error}
      className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-200 file:px-4 file:py-2 file:font-semibold"
    >
      {children}
    </LabelledInput>
  )
}

type ColumnsProps = {
  columns: ImportColumn[]
  /** The fields a column can be read as, with their pt-BR names. */
  choices: (column: ImportColumn) => { value: string; label: string }[]
  disabled: boolean
  onColumn: (header: string, field: string) => void
}

/** Each header of the file with the field it is read as, for the organizer to correct. */
export function SheetColumns({ columns, choices, disabled, onColumn }: ColumnsProps) {
  const id = useId()
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-slate-900">Colunas do arquivo</legend>
      <p className="text-sm text-slate-600">Confira como cada coluna será lida e corrija o que estiver errado.</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {columns.map((c, i) => (
          <div key={c.header} className="text-sm">
            <label htmlFor={`${id}-coluna-${i}`} className="block break-words font-semibold text-slate-800">
              {c.header}
            </label>
            <select
              id={`${id}-coluna-${i}`}
              value={c.field}
              disabled={disabled}
              onChange={(e) => onColumn(c.header, e.target.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
            >
              {choices(c).map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  )
}

export function RowErrors({ errors }: { errors: RowError[] }) {
  const id = useId()
  return (
    <div
      role="alert"
      aria-labelledby={id}
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
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

/** The labels of a question's options as the organizer reads them. */
function optionLabel(q: SheetQuestion, option: string): string {
  if (q.kind === 'status') return option === 'preliminar' ? 'Sim, voltar para preliminar' : 'Não, manter oficial'
  return option
}

/** The option that answers "none of these": the server trims headers, so none starts with a space. */
const noneValue = ' nenhuma'

const noneLabel: Record<SheetQuestion['kind'], string> = {
  column: 'Nenhuma destas colunas',
  race: 'Não publicar esta prova',
  sheet: '',
  status: '',
}

type QuestionsProps = {
  preview: SheetPreview
  disabled: boolean
  onAnswer: (q: SheetQuestion, value: string) => void
}

/**
 * What the server's engine could not decide alone, asked one question at a time, and what it did
 * to read the file (an encoding repaired, lines before the header left out, paces that cannot be).
 */
export function SheetQuestions({ preview, disabled, onAnswer }: QuestionsProps) {
  const id = useId()
  return (
    <>
      {preview.notes.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <h3 className="font-semibold">Ao ler o arquivo</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {preview.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.questions.length > 0 && (
        <fieldset className="space-y-3 rounded-md border border-brand-200 bg-brand-50 p-3">
          <legend className="px-1 font-semibold text-slate-900">Antes de salvar, responda</legend>
          {preview.questions.map((q, i) => (
            <div key={`${q.kind}-${q.field ?? ''}-${i}`} className="text-sm">
              <label htmlFor={`${id}-pergunta-${i}`} className="block font-semibold text-slate-800">
                {q.message}
              </label>
              <select
                id={`${id}-pergunta-${i}`}
                defaultValue=""
                disabled={disabled}
                onChange={(e) => onAnswer(q, e.target.value === noneValue ? '' : e.target.value)}
                className="mt-1 min-h-11 w-full rounded-md border border-slate-300 px-2 sm:w-auto"
              >
                <option value="" disabled>
                  {q.guess ? `Escolha (sugestão: ${optionLabel(q, q.guess)})` : 'Escolha'}
                </option>
                {q.options.map((o) => (
                  <option key={o} value={o}>
                    {optionLabel(q, o)}
                  </option>
                ))}
                {noneLabel[q.kind] && <option value={noneValue}>{noneLabel[q.kind]}</option>}
              </select>
            </div>
          ))}
        </fieldset>
      )}
    </>
  )
}
