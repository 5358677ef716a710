import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/platform/api'
import { useResource } from '../../../lib/platform/resource'
import { getParticipantSettings, putParticipantSettings } from '../api'
import { useForbidden } from '../access'

/**
 * The Configurações tab of /dashboard/eventos/{eventId} (owner and gestao): the event's rules for
 * its kit desks. Saving sends only this tab's field, so the bib ranges of the Inscritos tab stay.
 */
export function SettingsTab({ eventId, onForbidden }: { eventId: string; onForbidden: () => void }) {
  const settings = useResource(`kit-settings:${eventId}`, (signal) => getParticipantSettings(eventId, signal))
  useForbidden(settings.state === 'error' ? settings.error : null, onForbidden)
  if (settings.state === 'loading') return <p role="status">Carregando as configurações...</p>
  if (settings.state === 'error') {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
        Não foi possível carregar as configurações. Tente novamente em instantes.
      </p>
    )
  }
  return <UnpaidKits eventId={eventId} blocked={settings.data.bloquearKitSemPagamento} onForbidden={onForbidden} />
}

function UnpaidKits({ eventId, blocked, onForbidden }: { eventId: string; blocked: boolean; onForbidden: () => void }) {
  const [allowed, setAllowed] = useState(!blocked)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setNotice('')
    setError('')
    try {
      const saved = await putParticipantSettings(eventId, { bloquearKitSemPagamento: !allowed })
      setAllowed(!saved.bloquearKitSemPagamento)
      setNotice(
        'Configuração salva. Os balcões a recebem na próxima atualização da lista (em segundos, quando conectados).',
      )
    } catch (err) {
      console.error(err)
      if (err instanceof ApiError && err.status === 403) onForbidden()
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="config-retirada" className="max-w-2xl space-y-4">
      <h2 id="config-retirada" className="text-xl font-bold text-slate-900">
        Retirada de kits
      </h2>
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <input
          id="config-nao-pagos"
          type="checkbox"
          aria-describedby="config-nao-pagos-ajuda"
          checked={allowed}
          onChange={(e) => {
            setAllowed(e.target.checked)
            setNotice('')
          }}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor="config-nao-pagos" className="block font-semibold text-slate-900">
            Permitir entregar o kit de inscrições não pagas
          </label>
          <p id="config-nao-pagos-ajuda" className="mt-1 text-sm text-slate-700">
            Marcado, o balcão pode entregar depois de uma confirmação explícita do voluntário. Desmarcado, o balcão não
            oferece a entrega e o servidor recusa a retirada, mesmo a registrada sem internet.
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Salvando...' : 'Salvar configurações'}
        </button>
        <p role="status" className="text-sm text-slate-700">
          {notice}
        </p>
      </div>
    </form>
  )
}
