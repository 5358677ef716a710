import { useEffect, useState } from 'react'
import { UndoPickupDialog } from '../../../components/UndoPickupDialog'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { clockFormat } from '../../../lib/text/format'
import { can, kitDeskPath, type Role } from '../../../lib/team/staff'
import { fetchKitHistory, fetchKitStats, undoPickup, type KitStats, type PickupRecord } from './kitApi'
import { PickupChart } from './PickupChart'

// The desks send pickups as they happen; the tab follows them at the pace desks see each other.
const refreshEvery = 10_000

// When a pickup happened, on the event's clock (REG-225).
const whenIn = (timeZone: string) =>
  clockFormat(timeZone, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })

type Live = { stats: KitStats; history: PickupRecord[] }

async function fetchLive(eventId: string, manager: boolean, signal: AbortSignal): Promise<Live> {
  const [stats, history] = await Promise.all([
    fetchKitStats(eventId, signal),
    manager ? fetchKitHistory(eventId, signal) : [],
  ])
  return { stats, history }
}

/**
 * The Retirada de kits tab of /dashboard/eventos/{eventId}: progress live (picked up / total, by
 * modality, by desk, per 15 minutes) and the history of pickups, where a manager may undo one.
 */
export function KitTab({ eventId, role, timeZone = '' }: { eventId: string; role: Role; timeZone?: string }) {
  const [live, setLive] = useState<Live | null>(null)
  const [error, setError] = useState('')
  const [undoing, setUndoing] = useState<PickupRecord | null>(null)

  // The history names third parties and their documents: managers only (the server agrees).
  const manager = can(role, 'manage')
  // Moves on after an undo, to show it at once rather than at the next refresh.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    const refresh = () =>
      fetchLive(eventId, manager, controller.signal).then(
        (next) => {
          setLive(next)
          setError('')
        },
        (err: unknown) => {
          if (controller.signal.aborted) return
          console.error(err)
          setError(err instanceof Error && err.message ? err.message : 'Não foi possível carregar a retirada de kits.')
        },
      )
    void refresh()
    const timer = setInterval(refresh, refreshEvery)
    return () => {
      controller.abort()
      clearInterval(timer)
    }
  }, [eventId, manager, version])

  return (
    <div className="space-y-8">
      <p className="flex flex-wrap items-center gap-3 text-slate-700">
        Os balcões usam o aplicativo de retirada, que funciona no celular mesmo sem internet depois do primeiro acesso.
        <a
          href={kitDeskPath(eventId)}
          className="inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Abrir o balcão de retirada
        </a>
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      )}
      {!live && !error && <p role="status">Carregando a retirada de kits...</p>}
      {live && <Progress stats={live.stats} />}
      {live && <PickupChart quarters={live.stats.porQuartoDeHora} timeZone={timeZone} />}
      {live && manager && <History history={live.history} timeZone={timeZone} onUndo={setUndoing} />}
      {undoing && (
        <UndoPickupDialog
          nome={undoing.nome}
          onUndo={async () => {
            await undoPickup(eventId, undoing.participantId)
            setUndoing(null)
            setVersion((v) => v + 1)
          }}
          onClose={() => setUndoing(null)}
        />
      )}
    </div>
  )
}

function Progress({ stats }: { stats: KitStats }) {
  const share = stats.total > 0 ? stats.retirados / stats.total : 0
  return (
    <section aria-labelledby="kit-progresso" className="space-y-4">
      <h2 id="kit-progresso" className="text-xl font-bold text-slate-900">
        Progresso
      </h2>
      <p className="text-2xl font-extrabold text-slate-900">
        {stats.retirados.toLocaleString('pt-BR')} de {stats.total.toLocaleString('pt-BR')} kits retirados (
        {percent.format(share)})
      </p>
      <progress
        value={stats.retirados}
        max={Math.max(stats.total, 1)}
        aria-label="Kits retirados"
        className="h-3 w-full accent-brand-700"
      />
      <div className="grid gap-6 md:grid-cols-2">
        <ScrollTable label="Por modalidade" columns={['Modalidade', 'Retirados', 'Inscritos', '%']}>
          {stats.porPercurso.map((p) => (
            <tr key={p.percurso}>
              <RowHeader>{p.percurso || 'Sem modalidade'}</RowHeader>
              <Cell numeric>{p.retirados.toLocaleString('pt-BR')}</Cell>
              <Cell numeric>{p.total.toLocaleString('pt-BR')}</Cell>
              <Cell numeric>{percent.format(p.total > 0 ? p.retirados / p.total : 0)}</Cell>
            </tr>
          ))}
        </ScrollTable>
        <ScrollTable label="Por balcão" columns={['Balcão', 'Retiradas']}>
          {stats.porBalcao.length === 0 ? (
            <tr>
              <Cell colSpan={2} className="text-slate-600">
                Nenhum balcão registrou retiradas.
              </Cell>
            </tr>
          ) : (
            stats.porBalcao.map((b) => (
              <tr key={b.balcao}>
                <RowHeader>{b.balcao}</RowHeader>
                <Cell numeric>{b.retirados.toLocaleString('pt-BR')}</Cell>
              </tr>
            ))
          )}
        </ScrollTable>
      </div>
    </section>
  )
}

function History({
  history,
  timeZone,
  onUndo,
}: {
  history: PickupRecord[]
  timeZone: string
  onUndo: (r: PickupRecord) => void
}) {
  return (
    <section aria-labelledby="kit-historico" className="space-y-3">
      <h2 id="kit-historico" className="text-xl font-bold text-slate-900">
        Histórico
      </h2>
      {history.length === 0 ? (
        <p className="text-slate-700">Nenhuma retirada registrada ainda.</p>
      ) : (
        <ScrollTable
          label="Histórico de retiradas"
          columns={['Quando', 'Atleta', 'Balcão', 'Registrado por', 'Retirou', 'Camiseta', 'Situação', '']}
        >
          {history.map((r) => (
            <tr key={r.id}>
              <Cell numeric>{whenIn(timeZone).format(new Date(r.at))}</Cell>
              <RowHeader>
                {r.nome}
                {r.numeroPeito != null && <span className="font-normal text-slate-600"> · Nº {r.numeroPeito}</span>}
              </RowHeader>
              <Cell>{r.balcao}</Cell>
              <Cell>{r.por}</Cell>
              <Cell>{r.retiradoPor ? `${r.retiradoPor.nome} (${r.retiradoPor.documento})` : 'O atleta'}</Cell>
              <Cell>{r.camisetaEntregue}</Cell>
              <Cell>{situation(r, timeZone)}</Cell>
              <Cell>
                {r.status === 'ok' && !r.desfeitoEm ? (
                  <button
                    type="button"
                    onClick={() => onUndo(r)}
                    className="min-h-9 rounded-full border border-red-700 px-3 font-semibold text-red-800 hover:bg-red-50"
                  >
                    Desfazer
                  </button>
                ) : (
                  ''
                )}
              </Cell>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  )
}

function situation(r: PickupRecord, timeZone: string) {
  if (r.status === 'conflict') return 'Recusada: o kit já tinha sido retirado'
  if (r.desfeitoEm)
    return `Desfeita em ${whenIn(timeZone).format(new Date(r.desfeitoEm))}${r.desfeitoPor ? ` por ${r.desfeitoPor}` : ''}`
  return 'Retirado'
}
