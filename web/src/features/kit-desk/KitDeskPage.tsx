import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useParams, useSearchParams } from '../../app/routing'
import { PageLoading } from '../../components/PageLoading'
import { api } from '../../lib/platform/api'
import { useAuth } from '../../lib/auth'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { can } from '../../lib/team/staff'
import { normalizeCodigo } from './codigo'
import { useDeskName } from './deskName'
import { DeskNameForm } from './DeskNameForm'
import { DeviceStore } from './deviceStore'
import { FoundList } from './FoundList'
import { groupPanel, leaveDialog, loadDeskParts, pickupDialog, undoDialog } from './deskParts'
import { groupCheckins, groupCodeOf, groupIndex } from './groupPickup'
import { newPickupId, queueLine, rosterSizes } from './display'
import { ParticipantCard } from './ParticipantCard'
import type { PickupChoice } from './PickupDialog'
import type { IndexAnswer, IndexRequest } from './indexWorker'
import type QrScannerPanel from './QrScanner'
import { timedSearch, unpackIndex, type SearchIndex } from './search'
import { clearDeskWorker, registerDeskWorker } from './serviceWorker'
import { DeskSync, type DeskSnapshot } from './sync'
import type { RetiradoPor, RosterParticipant } from './types'

/**
 * /retirada/{eventId}: the kit pickup desk (owner, gestao and retirada of the event). Phone first,
 * one hand, high contrast; works offline after one visit (docs/product.md §10 "Kit pickup").
 */
export function KitDeskPage() {
  usePageMeta('kitDesk')
  const { eventId = '' } = useParams()
  const [balcao, setBalcao] = useDeskName()
  const [renaming, setRenaming] = useState(false)
  const [sync, setSync] = useState<DeskSync | null>(null)
  const [failed, setFailed] = useState('')

  useEffect(() => void registerDeskWorker(), [])

  useEffect(() => {
    let engine: DeskSync | undefined
    let store: DeviceStore | undefined
    let cancelled = false
    DeviceStore.open()
      .then((s) => {
        store = s
        if (cancelled) return s.close()
        engine = new DeskSync(eventId, s)
        setSync(engine)
        return engine.start()
      })
      .catch((err: unknown) => {
        console.error(err)
        setFailed(
          'Este aparelho não permite guardar a lista de inscritos (IndexedDB). Use outro navegador ou saia da janela anônima.',
        )
      })
    return () => {
      cancelled = true
      engine?.stop()
      store?.close()
    }
  }, [eventId])

  if (failed)
    return (
      <p role="alert" className="p-6 text-xl font-bold text-red-900">
        {failed}
      </p>
    )
  if (!balcao || renaming) {
    return (
      <DeskNameForm
        initial={balcao}
        onSave={(name) => {
          setBalcao(name)
          setRenaming(false)
        }}
      />
    )
  }
  if (!sync) return <PageLoading text="Abrindo a retirada de kits..." />
  return <Desk sync={sync} balcao={balcao} onRename={() => setRenaming(true)} />
}

function Desk({ sync, balcao, onRename }: { sync: DeskSync; balcao: string; onRename: () => void }) {
  const state = useSyncExternalStore(sync.subscribe, sync.getSnapshot)
  const { user } = useAuth()
  // A registration's or a group's QR code opened by the team (/i/{codigo}) arrives with its code searched.
  const [query, setQuery] = useState(useSearchParams()[0].get('codigo') ?? '')
  const [picking, setPicking] = useState<RosterParticipant | null>(null)
  const [undoing, setUndoing] = useState<RosterParticipant | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [done, setDone] = useState('')
  const [Scanner, setScanner] = useState<typeof QrScannerPanel | null>(null)
  const searchBox = useRef<HTMLInputElement>(null)

  const index = useSearchIndex(sync.eventId, state.indexVersion)
  // Searched and drawn with the keystroke itself, not as a deferred render: the search and a
  // screenful of cards fit in a keystroke's 100 ms on a slow phone, where a deferred render adds a
  // frame of its own before the results and React's yielding to the browser every few
  // milliseconds (KIT-13).
  const found = useMemo(() => (index ? timedSearch(index.entries, query) : { ids: [], more: false }), [index, query])
  // An index made before the roster's names, bibs, documents or codes last changed may miss some
  // (at the first opening, it was made from none): its results show, but the desk is not ready.
  const searching = index === null || state.loading || index.indice < (state.evento?.indice ?? 0)
  const queriedCode = normalizeCodigo(query)

  // The camera's code is fetched once the desk is ready and idle, so that it also reads at a desk
  // offline (the service worker keeps it); never before, so the desk's arrival carries none of it.
  useEffect(() => {
    if (state.loading) return
    const keep = () =>
      void loadScanner()
        .then((m) => m.keepForOffline())
        .catch(() => undefined)
    const t = setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(keep) : keep()), 5_000)
    return () => clearTimeout(t)
  }, [state.loading])

  // The group's panel and the dialogs are fetched as the desk opens, beside its roster, not in its
  // first bundle (deskParts.tsx): a desk is often taken offline as soon as its roster is in.
  useEffect(() => loadDeskParts(), [])

  async function openScanner() {
    setDone('')
    try {
      const { default: panel } = await loadScanner()
      setScanner(() => panel)
    } catch (err) {
      console.error('leitor de QR code', err)
      setDone('O leitor de QR code não pôde ser aberto (sem conexão?). Digite o código da inscrição na busca.')
    }
  }

  function scanned(codigo: string) {
    setScanner(null)
    setQuery(codigo)
    setDone(`QR code lido: ${codigo}.`)
  }
  const picked = useMemo(
    () => countPicked(state.roster, state.pending),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.rosterVersion, state.roster, state.pending],
  )
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const groups = useMemo(() => groupIndex(state.roster.values()), [state.rosterVersion, state.roster])
  // A group's code, typed or read from the coach's QR code, opens the group's kits (GRP-62).
  const groupCode = groupCodeOf(groups, query)
  const groupMembers = (groups.get(groupCode) ?? [])
    .map((id) => state.roster.get(id)!)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shirtSizes = useMemo(() => rosterSizes(state.roster.values()), [state.rosterVersion, state.roster])

  const dialogOpen = picking !== null || undoing !== null || leaving
  // The search box keeps the focus: the next athlete is typed right after a pickup.
  useEffect(() => {
    if (!dialogOpen) searchBox.current?.focus()
  }, [dialogOpen])

  function confirmPickup(p: RosterParticipant, choice: PickupChoice) {
    setPicking(null)
    setQuery('')
    setDone(`Kit de ${p.nome} registrado.`)
    void sync.record({
      id: newPickupId(),
      participantId: p.id,
      at: new Date().toISOString(),
      balcao,
      ...choice,
    })
  }

  function deliverGroup(members: RosterParticipant[], retiradoPor: RetiradoPor) {
    setQuery('')
    setDone(
      members.length === 1
        ? `1 kit entregue a ${retiradoPor.nome}.`
        : `${members.length} kits entregues a ${retiradoPor.nome}.`,
    )
    void sync.record(...groupCheckins(members, retiradoPor, balcao, new Date().toISOString(), newPickupId))
  }

  async function leave() {
    const store = await DeviceStore.open()
    await store.wipe()
    store.close()
    await clearDeskWorker()
    // The session ends on the server; the app learns it from the full load below. (Through
    // useAuth the app would go home at once, within this page, which the worker still controls
    // and whose cache would take the home page's files.) Offline, the device is wiped all the same.
    await api<void>('/api/auth/logout', { method: 'POST' }).catch((err: unknown) => console.error(err))
    window.location.replace('/')
  }

  // Stable, so that the cards (memo) of a new keystroke's results that were already shown do not render again.
  const acknowledge = useCallback((id: string) => void sync.acknowledge(id), [sync])
  const canUndo = state.evento ? can(state.evento.role, 'undoPickup') : false
  const unpaidBlocked = state.evento?.bloquearKitSemPagamento === true
  const queued = state.pending.size
  function card(id: string) {
    const p = state.roster.get(id)
    if (!p) return null
    return (
      <ParticipantCard
        key={id}
        participant={p}
        pending={state.pending.get(id)}
        conflict={state.conflicts.get(id)}
        unpaidBlocked={unpaidBlocked}
        canUndo={canUndo}
        timeZone={state.evento?.fusoHorario}
        onPickup={setPicking}
        onUndo={setUndoing}
        onAcknowledge={acknowledge}
      />
    )
  }
  return (
    <div className="min-h-dvh bg-white text-slate-950">
      <header className="sticky top-0 z-10 border-b-2 border-slate-900 bg-white px-4 pt-3 pb-3">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-800">
              {state.evento?.titulo ?? 'Retirada de kits'}
            </p>
            <h1 className="text-xl font-extrabold">
              <span>{balcao}</span>{' '}
              <button type="button" onClick={onRename} className="min-h-11 px-2 text-base font-semibold underline">
                Trocar balcão
              </button>
            </h1>
          </div>
          <button
            type="button"
            onClick={() => (queued > 0 ? setLeaving(true) : void leave())}
            className="min-h-11 shrink-0 rounded-xl border-2 border-slate-900 px-4 font-bold"
          >
            Sair
          </button>
        </div>
        <div role="status" aria-live="polite" className="mt-2 flex flex-wrap gap-2 text-base font-bold">
          <span
            className={
              state.offline
                ? 'rounded-lg bg-amber-200 px-2 py-1 text-amber-950'
                : 'rounded-lg bg-green-100 px-2 py-1 text-green-950'
            }
          >
            {state.offline ? 'Sem conexão' : 'Conectado'}
          </span>
          {queued > 0 && <span className="rounded-lg bg-amber-200 px-2 py-1 text-amber-950">{queueLine(queued)}</span>}
          {done && <span className="rounded-lg bg-green-100 px-2 py-1 text-green-950">{done}</span>}
          {state.roster.size > 0 && (
            <span className="rounded-lg bg-slate-100 px-2 py-1">
              {picked.toLocaleString('pt-BR')} de {state.roster.size.toLocaleString('pt-BR')} kits retirados
            </span>
          )}
        </div>
        <label htmlFor="busca-retirada" className="sr-only">
          Buscar por nome, CPF, nº de peito ou código
        </label>
        <div className="mt-3 flex gap-2">
          <input
            id="busca-retirada"
            ref={searchBox}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setDone('')
            }}
            placeholder="Nome, CPF, nº ou código"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            className="min-h-14 min-w-0 flex-1 rounded-xl border-2 border-slate-950 px-4 text-xl"
          />
          <button
            type="button"
            onClick={() => void openScanner()}
            className="min-h-14 shrink-0 rounded-xl border-2 border-slate-950 px-3 text-lg font-bold"
          >
            Ler QR code
          </button>
        </div>
      </header>
      <main className="px-4 py-4">
        {state.error && (
          <p
            role="alert"
            className="mb-4 rounded-xl border-2 border-red-800 bg-red-50 p-3 text-lg font-bold text-red-950"
          >
            {state.error}
          </p>
        )}
        {state.loading && <p className="text-lg">Baixando a lista de inscritos...</p>}
        {!state.loading && !state.closed && state.roster.size === 0 && !state.error && (
          <p className="text-lg">
            {state.offline
              ? 'A lista de inscritos ainda não foi baixada neste aparelho. Conecte-se à internet uma vez para baixá-la.'
              : 'Nenhum inscrito neste evento.'}
          </p>
        )}
        {searching && state.roster.size > 0 && <p className="text-lg">Preparando a busca...</p>}
        {groupCode && (
          <groupPanel.Part
            key={groupCode}
            codigo={groupCode}
            members={groupMembers}
            pending={state.pending}
            conflicts={state.conflicts}
            unpaidBlocked={unpaidBlocked}
            timeZone={state.evento?.fusoHorario}
            onDeliver={deliverGroup}
            onClose={() => setQuery('')}
          />
        )}
        {!groupCode &&
          !searching &&
          query.trim() !== '' &&
          found.ids.length === 0 &&
          state.roster.size > 0 &&
          (queriedCode ? (
            <p role="status" className="text-lg font-bold">
              Nenhuma inscrição com o código {queriedCode} na lista deste evento.
            </p>
          ) : (
            <p className="text-lg">Ninguém encontrado para “{query.trim()}”.</p>
          ))}
        {/* A pickup this desk made that another desk's beat is shown until the desk acknowledges it. */}
        {query.trim() === '' && state.conflicts.size > 0 && (
          <section aria-labelledby="conflitos" className="mb-6">
            <h2 id="conflitos" className="mb-2 text-xl font-extrabold text-red-900">
              Retiradas que não valeram
            </h2>
            <ul className="flex flex-col gap-3">{[...state.conflicts.keys()].map((id) => card(id))}</ul>
          </section>
        )}
        {!groupCode && <FoundList found={found} card={card} busy={searching} />}
        {user && <p className="mt-8 text-sm text-slate-700">Conectado como {user.displayName || user.email}.</p>}
      </main>
      {Scanner && <Scanner onCode={scanned} onClose={() => setScanner(null)} />}
      {picking && (
        <pickupDialog.Part
          participant={picking}
          sizes={shirtSizes}
          onConfirm={(c) => confirmPickup(picking, c)}
          onClose={() => setPicking(null)}
        />
      )}
      {undoing && (
        <undoDialog.Part
          nome={undoing.nome}
          onUndo={async () => {
            await sync.undo(undoing.id)
            setUndoing(null)
          }}
          onClose={() => setUndoing(null)}
        />
      )}
      {leaving && (
        <leaveDialog.Part
          title="Sair e apagar os dados deste aparelho?"
          confirmLabel="Sair e apagar"
          busyLabel="Saindo..."
          onConfirm={leave}
          failure={() => 'Não foi possível apagar os dados. Tente novamente.'}
          onClose={() => setLeaving(false)}
        >
          {queueLine(queued)}:{' '}
          {queued === 1 ? 'ela ainda não foi enviada e será perdida' : 'elas ainda não foram enviadas e serão perdidas'}
          . Conecte-se à internet e espere o envio antes de sair.
        </leaveDialog.Part>
      )}
    </div>
  )
}

/** The camera panel, its own chunk: loaded by the "Ler QR code" button, or once the desk is ready. */
const loadScanner = () => import('./QrScanner')

/** A search index and the roster count (EventoLocal.indice) it was made from. */
type DeskIndex = { entries: SearchIndex; indice: number }

/**
 * The roster's search index, from the worker (indexWorker.ts): at once the one kept on the device,
 * then, whenever names, bibs or documents change (indexVersion past the device's first load), a new
 * one. Null until the first arrives; meanwhile the desk cannot search.
 */
function useSearchIndex(eventId: string, indexVersion: number): DeskIndex | null {
  const [index, setIndex] = useState<DeskIndex | null>(null)
  const worker = useRef<Worker | null>(null)
  const asked = useRef(0)

  useEffect(() => {
    const w = new Worker(new URL('./indexWorker.ts', import.meta.url), { type: 'module' })
    w.onmessage = (e: MessageEvent<IndexAnswer>) => {
      // A later request's answer may already be here.
      if (e.data.seq !== asked.current) return
      setIndex({ entries: unpackIndex(e.data.index), indice: e.data.index.indice })
      performance.mark('retirada:indice')
    }
    w.onerror = (e) => console.error(e.message)
    worker.current = w
    const first: IndexRequest = { seq: ++asked.current, eventId, keep: true }
    w.postMessage(first)
    return () => {
      w.terminate()
      worker.current = null
    }
  }, [eventId])

  // Version 1 is the roster the device had when the desk opened, which the kept index was made from.
  useEffect(() => {
    if (indexVersion <= 1) return
    const next: IndexRequest = { seq: ++asked.current, eventId, keep: false }
    worker.current?.postMessage(next)
  }, [eventId, indexVersion])

  return index
}

function countPicked(roster: DeskSnapshot['roster'], pending: DeskSnapshot['pending']) {
  let n = 0
  for (const p of roster.values()) if (p.kitRetirado || pending.has(p.id)) n++
  return n
}
