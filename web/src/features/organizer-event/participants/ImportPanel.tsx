import { useId, useState, type ChangeEvent } from 'react'
import { Cell, ScrollTable } from '../../../components/ScrollTable'
import { ApiError } from '../../../lib/platform/api'
import type { RowError } from '../../../lib/platform/api'
import { commitImport, ignoreField, previewImport, type CommittedImport, type Participant } from '../api'
import { previewRows, RowErrors, SheetColumns, SheetFileField, SheetQuestions, useSheetImport } from '../sheetImport'
import { cellText, fieldLabel, fieldLabels } from './columns'

const previewLabel = 'Primeiras linhas como serão importadas'

type Props = { eventId: string; onImported: () => void }

const buttonClass =
  'min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60'

/**
 * Import of the registration export (see ../sheetImport): the file is shown as it will be imported,
 * with its first rows and what importing it would change, and saved when the organizer confirms.
 */
export function ImportPanel({ eventId, onImported }: Props) {
  const id = useId()
  const [error, setError] = useState('')
  const [counts, setCounts] = useState<CommittedImport | null>(null)
  const sheet = useSheetImport((file, mapping, answers) => previewImport(eventId, file, mapping, answers), {
    onRead: () => {
      setError('')
      setCounts(null)
    },
    onFailed: (err, fallback) => {
      console.error(err)
      sheet.setRowErrors(err instanceof ApiError ? err.rows : [])
      setError(err instanceof ApiError ? err.message : fallback)
    },
  })
  const { preview, rowErrors, busy } = sheet

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    setCounts(null)
    sheet.onFile(e)
  }

  async function onCommit() {
    setError('')
    await sheet.save(async (file, mapping, answers) => {
      setCounts(await commitImport(eventId, file, mapping, answers))
      // Tomorrow's export often has the same name: choosing it again must read it again.
      sheet.clearFile()
      onImported()
    }, 'Não foi possível importar. Tente novamente.')
  }

  const shownFields = preview?.columns.filter((c) => c.field !== ignoreField) ?? []
  const options = Object.keys(fieldLabels)

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
        Importar inscritos
      </h2>
      <p className="text-sm text-slate-600">
        Envie a planilha exportada da plataforma de inscrições (CSV, TSV ou XLSX). Reimportar atualiza quem já está na
        lista e nunca apaga uma retirada de kit.
      </p>
      <SheetFileField id={`${id}-arquivo`} label="Planilha de inscritos" inputRef={sheet.input} onChange={onFile} />

      <p role="status" className="text-sm text-slate-600">
        {busy === 'preview' ? 'Lendo o arquivo...' : busy === 'save' ? 'Importando...' : ''}
      </p>

      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {rowErrors.length > 0 && <RowErrors errors={rowErrors} />}

      {preview && (
        <div className="space-y-4">
          <SheetQuestions preview={preview} disabled={busy !== ''} onAnswer={sheet.answer} />
          <SheetColumns
            columns={preview.columns}
            choices={(c) =>
              (options.includes(c.field) ? options : [...options, c.field]).map((f) => ({
                value: f,
                label: fieldLabel(f),
              }))
            }
            disabled={busy !== ''}
            onColumn={sheet.onColumn}
          />

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
              Ao importar: {preview.counts.added} novos, {preview.counts.updated} atualizados,{' '}
              {preview.counts.unchanged} sem mudança, {preview.counts.missing} fora deste arquivo.
            </p>
          )}
          {rowErrors.length === 0 && preview.jaInscritos.length > 0 && <SoldRows rows={preview.jaInscritos} />}
          {rowErrors.length === 0 && preview.missingParticipants.length > 0 && (
            <MissingParticipants shown={preview.missingParticipants} total={preview.counts.missing} />
          )}
          {preview.questions.length > 0 && (
            <p className="text-sm text-slate-700">Responda às perguntas acima para importar.</p>
          )}
          <button
            type="button"
            onClick={onCommit}
            disabled={busy !== '' || rowErrors.length > 0 || preview.questions.length > 0}
            className={buttonClass}
          >
            Importar inscritos
          </button>
          {rowErrors.length > 0 && (
            <p className="text-sm text-slate-600">
              Corrija as linhas acima na planilha e envie o arquivo de novo, ou ajuste as colunas.
            </p>
          )}
        </div>
      )}

      {counts && <ImportResult counts={counts} />}
    </section>
  )
}

/** Who the file leaves out (usually cancellations): they stay on the event's list. */
function MissingParticipants({ shown, total }: { shown: Participant[]; total: number }) {
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-900">Ver quem está fora deste arquivo</summary>
      <p className="mt-2">Eles continuam na lista do evento, com o kit e o histórico que já têm.</p>
      <ul className="mt-2 space-y-1">
        {shown.map((p) => (
          <li key={p.id}>
            {p.nome}
            {p.numeroPeito != null && ` · nº ${p.numeroPeito}`}
            {p.percurso && ` · ${p.percurso}`}
            {p.kitRetirado && ' · kit retirado'}
          </li>
        ))}
      </ul>
      {total > shown.length && <p className="mt-2">e mais {total - shown.length}.</p>}
    </details>
  )
}

/**
 * The rows whose document is of a registration sold in Pelotão: the import leaves them out and the
 * registration as it is, each said on its line.
 */
function SoldRows({ rows }: { rows: RowError[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        {rows.length === 1
          ? '1 linha com inscrição pelo Pelotão, deixada de fora'
          : `${rows.length} linhas com inscrição pelo Pelotão, deixadas de fora`}
      </p>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {rows.map((r) => (
          <li key={r.row}>
            Linha {r.row}: {r.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

function ImportResult({ counts }: { counts: CommittedImport }) {
  return (
    <div role="status" className="space-y-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-semibold">Importação concluída.</p>
      <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        <li>{counts.added} novos</li>
        <li>{counts.updated} atualizados</li>
        <li>{counts.unchanged} sem mudança</li>
        <li>{counts.missing} fora deste arquivo</li>
      </ul>
      {counts.jaInscritos.length > 0 && <SoldRows rows={counts.jaInscritos} />}
    </div>
  )
}
