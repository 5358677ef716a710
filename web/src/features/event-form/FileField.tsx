import { useFormContext, useWatch } from 'react-hook-form'
import { imageAccept, pdfAccept } from '../../lib/platform/uploads'
import { LabelledInput } from '../../components/LabelledInput'
import { SafeImage } from '../../components/SafeImage'
import { fieldId, useFieldError } from './fields'
import type { EventFormValues } from './formModel'
import { useUploadQueue } from './uploadQueue'

/**
 * A file input whose upload result is the URL stored in the form field `name`
 * (banners.desktop, regulamentoUrl, modalidades.0.resultados.pdfGeralURL…).
 */
export function FileField({ name, label, kind }: { name: string; label: string; kind: 'image' | 'pdf' }) {
  const { setValue, control } = useFormContext<EventFormValues>()
  const url = useWatch({ control, name: name as never }) as string
  const queue = useUploadQueue()
  const status = queue.status[name]
  const fieldError = useFieldError(name)
  const id = fieldId(name)

  function choose(file: File | undefined) {
    if (!file) return
    queue.start(name, file, kind, (uploaded) =>
      setValue(name as never, uploaded as never, { shouldDirty: true, shouldValidate: false }),
    )
  }

  function remove() {
    queue.forget(name)
    setValue(name as never, '' as never, { shouldDirty: true })
  }

  const message = status?.state === 'failed' ? status.error : fieldError

  return (
    <div>
      <LabelledInput
        id={id}
        label={label}
        type="file"
        accept={kind === 'image' ? imageAccept : pdfAccept}
        hint={kind === 'image' ? 'JPEG, PNG ou WebP, até 8 MB.' : 'Arquivo PDF, até 20 MB.'}
        error={message}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        onChange={(e) => {
          choose(e.target.files?.[0])
          e.target.value = '' // choosing the same file again still uploads it
        }}
      >
        {status?.state === 'uploading' && (
          <div className="mt-2 flex items-center gap-2">
            <progress
              className="h-2 w-full max-w-xs accent-brand-700"
              max={100}
              value={status.progress}
              aria-label={`Enviando ${label}`}
            />
            <span className="text-sm text-slate-700" aria-hidden="true">
              {status.progress}%
            </span>
          </div>
        )}
      </LabelledInput>
      {/* The preview is the stored file itself, shown once the server has accepted it; a failed
          file can be removed too, so that the save does not try it again. */}
      {((url && !status) || status?.state === 'failed') && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {kind === 'image' && url && !status && (
            <SafeImage
              src={url}
              alt={`Prévia: ${label}`}
              className="h-24 w-auto max-w-full rounded-md border border-slate-200 object-cover"
            />
          )}
          {kind === 'pdf' && url && !status && (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Abrir PDF enviado: ${label}`}
              className="text-sm font-semibold text-brand-700 underline"
            >
              Abrir PDF enviado
            </a>
          )}
          <button
            type="button"
            onClick={remove}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            aria-label={`Remover arquivo: ${label}`}
          >
            Remover
          </button>
        </div>
      )}
    </div>
  )
}
