// Events for the journeys, created through the API (POST /api/events) as the user signed in on a
// request context, each with a word of its own so that a test finds only its own events.
import { expect, type APIRequestContext } from '@playwright/test'

/** A word no demo event contains, so that each test finds only its own events. */
export function marker() {
  return `Teste${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

type NewEvent = {
  titulo: string
  dataEvento: string
  status?: string
  cidade?: string
  estado?: string
  km?: number[]
  /** The time places follow; the server's default (liquido) when left out. */
  tempoClassificacao?: 'liquido' | 'bruto'
}

/** Creates an event through POST /api/events as the user signed in on `request`. */
export async function createEvent(request: APIRequestContext, e: NewEvent): Promise<string> {
  const km = e.km ?? []
  const res = await request.post('/api/events', {
    data: {
      titulo: e.titulo,
      dataEvento: e.dataEvento,
      status: e.status ?? 'Inscrições Abertas',
      local: { local: 'Parque da Cidade', endereco: '', cidade: e.cidade ?? 'São Paulo', estado: e.estado ?? 'SP' },
      largadas: km.length ? [{ id: 'geral', nome: 'Largada Geral', horario: '07:00' }] : [],
      modalidades: km.map((k) => ({
        nome: `${k} km`,
        km: k,
        largadaId: 'geral',
        categorias: [{ nome: 'Geral', qualquerIdade: true, genero: 'Misto' }],
      })),
      ...(e.tempoClassificacao && { tempoClassificacao: e.tempoClassificacao }),
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/** The calendar date `days` from today in São Paulo, "YYYY-MM-DD". */
export function inDays(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** A calendar date `years` after this year (before, for a negative count), "YYYY-MM-DD". */
function yearsAway(years: number, month: number, day: number) {
  return `${new Date().getFullYear() + years}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** A calendar date of next year, "YYYY-MM-DD". */
export function nextYear(month: number, day: number) {
  return yearsAway(1, month, day)
}

/** A calendar date of last year, "YYYY-MM-DD": an event already run. */
export function lastYear(month: number, day: number) {
  return yearsAway(-1, month, day)
}

/**
 * Makes event `id` (of the user signed in on `request`) sold through Pelotão: one lot of R$ 89,90
 * until 31 August next year; `more` is added to the document (kit pickups…).
 */
export async function sellThroughPelotao(request: APIRequestContext, id: string, more: Record<string, unknown> = {}) {
  const doc = (await (await request.get(`/api/events/${id}`)).json()) as Record<string, unknown> & {
    inscricoes: Record<string, unknown>
  }
  const res = await request.put(`/api/events/${id}`, {
    data: {
      ...doc,
      inscricoes: {
        ...doc.inscricoes,
        ativas: true,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [
          { nome: '1º lote', valor: '89,90', maxVagas: null, dataLimite: nextYear(8, 31), valoresPorModalidade: [] },
        ],
      },
      ...more,
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}
