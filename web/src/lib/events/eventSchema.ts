// The one boundary where the API's event answers enter the app (lib/events/eventsApi, and the same
// answers embedded in a drawn page, lib/platform/initialData). The server sends every field, but a document
// written by an older version, edited by hand or trimmed by a proxy may lack some, or hold null
// where text belongs: each field then takes its empty value ('' / [] / null), and the pages show
// their fallbacks ('Título não disponível', 'Sem categoria', 'Data a definir': ERR-9, ERR-10)
// instead of failing. A wrong value is treated like a missing one, never as an error: the page
// shows what it can.
import {
  eventDefaults,
  eventLimits,
  fusosHorarios,
  modosInscricao,
  resultadosPublicados,
  type Cronograma,
  type Event,
  type EventList,
  type EventSummary,
  type ResultadosPublicados,
} from './event'
import { nextTask } from '../platform/nextTask'
import { amount, flag, list, oneOf, record, text, type Parser } from '../platform/schema'

/** modalidades[].km of a summary: the numbers of the list, whatever else it holds left out. */
const numbers: Parser<number[]> = (v) => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [])

const local = record({ local: text, endereco: text, cidade: text, estado: text })
const banners = record({ desktop: text, mobile: text })

const linhaCronograma = record({ horario: text, descricao: text })
// Rows when the document says estruturado and has them; otherwise whatever text it holds.
const linhas = list(linhaCronograma)
const cronograma: Parser<Cronograma> = (v) => {
  const { tipo, valor } = (typeof v === 'object' && v !== null ? v : {}) as { tipo?: unknown; valor?: unknown }
  return tipo === 'estruturado' && Array.isArray(valor)
    ? { tipo: 'estruturado', valor: linhas(valor) }
    : { tipo: 'texto', valor: text(valor) }
}

const categoriaModalidade = record({
  nome: text,
  idadeInicial: amount,
  idadeLimite: amount,
  qualquerIdade: flag(false),
  genero: text,
  premiacao: text,
})

/** The ranking by assessoria's n: a whole number in the server's range, else the default (GRP-31). */
const temposAssessoria: Parser<number> = (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= eventLimits.temposAssessoriaMax
    ? v
    : eventDefaults.temposAssessoria

const cartao = record({ ativo: flag(false), parcelasMax: amount })

const modalidade = record({
  nome: text,
  km: amount,
  largadaId: text,
  percurso: record({ tipo: oneOf(['texto', 'link'], 'texto'), valor: text }),
  premiacaoGeral: text,
  categorias: list(categoriaModalidade),
  resultados: record({ pdfGeralURL: text, pdfCategoriasURL: text }),
  vagas: amount,
  idadeMinima: amount,
})

/** The shirt sizes offered: the text ones of the list, the server's default list when none. */
const tamanhosCamiseta: Parser<string[]> = (v) => {
  const sizes = Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []
  return sizes.length > 0 ? sizes : [...eventDefaults.tamanhosCamiseta]
}

const eventFields = {
  id: text,
  ownerId: text,
  criadoEm: text,
  atualizadoEm: text,
  titulo: text,
  categoria: text,
  dataEvento: text,
  status: text,
  banners,
  regulamentoUrl: text,
  regulamento: text,
  linkCompra: text,
  local,
  informacoes: record({ descricao: text, informacoesImportantes: text, cronograma }),
  inscricoes: record({
    ativas: flag(true),
    tipoPreco: oneOf(['lotes', 'kit', 'texto'], 'lotes'),
    lotes: list(
      record({
        nome: text,
        valor: amount,
        maxVagas: amount,
        dataLimite: text,
        valoresPorModalidade: list(record({ modalidadeNome: text, valor: amount })),
      }),
    ),
    precosPorKit: list(record({ kitNome: text, valor: amount })),
    textoPreco: text,
    periodo: record({ inicio: text, fim: text }),
    // An event saved before registration existed is sold elsewhere, as it was (the server's defaults).
    modo: oneOf(modosInscricao, eventDefaults.modoInscricao as Event['inscricoes']['modo']),
    vagas: amount,
    tamanhosCamiseta,
    meiaEntradaIdoso: flag(eventDefaults.meiaEntradaIdoso),
    edicaoAte: text,
    // Cards are offered only by an event that says so (CARD-16); absent stays absent.
    cartao: (v: unknown) => (v == null ? undefined : cartao(v)),
    grupoMax: amount,
    descontosGrupo: list(record({ minimo: amount, percentual: amount })),
  }),
  retiradaKits: list(record({ local: text, data: text, horarioInicio: text, horarioFim: text })),
  kits: list(record({ nome: text, items: list(record({ nome: text })) })),
  largadas: list(record({ id: text, nome: text, horario: text })),
  modalidades: list(modalidade),
  premiacao: record({
    tipo: oneOf(['texto', 'estruturado'], 'texto'),
    valor: text,
    estruturado: list(
      record({
        descricao: text,
        nivel: oneOf(['geral', 'modalidade', 'categoria'], 'geral'),
        modalidadeNome: text,
        categoriaNome: text,
      }),
    ),
  }),
  // An event saved before results existed has none: net time, as the server's default.
  tempoClassificacao: oneOf(['liquido', 'bruto'], 'liquido'),
  // An event saved before the organizer set it ranks assessorias by 3 times, as the server reads it (GRP-31).
  temposAssessoria: temposAssessoria,
  // An event saved before it had a zone keeps Horário de Brasília, as the server reads it (REG-220).
  fusoHorario: oneOf(
    fusosHorarios.map((f) => f.zona),
    eventDefaults.fusoHorario,
  ),
  // An event saved before the receipt named its seller has none.
  organizador: record({ razaoSocial: text, cnpj: text }),
}

const eventSchema = record(eventFields)

const eventSummary = record({
  id: text,
  titulo: text,
  categoria: text,
  dataEvento: text,
  status: text,
  banners,
  local,
  linkCompra: text,
  distances: numbers,
  // A value not known is not said: the card then links to the results as it did before (HOME-19).
  resultados: (v: unknown): ResultadosPublicados | null => resultadosPublicados.find((r) => r === v) ?? null,
})

const eventList = record({
  events: list(eventSummary),
  nextCursor: (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined),
})

/** GET /api/events/{id}'s answer as a complete Event; no usable data gives an event whose id is ''. */
export function parseEvent(answer: unknown): Event {
  return eventSchema(answer)
}

/** One event's list summary, complete, as the answers that carry summaries beside other data give it. */
export function parseEventSummary(answer: unknown): EventSummary {
  return eventSummary(answer)
}

/** GET /api/events's answer with every summary complete; no usable data gives an empty list. */
export function parseEventList(answer: unknown): EventList {
  return eventList(answer)
}

/** How many summaries parseEventListInSlices parses at a time. */
const sliceSize = 100

/**
 * parseEventList for a long answer (the home page's pages of 500): 100 summaries at a time, giving
 * the main thread back between them. 500 at once took one task of about 70 ms on a phone (4× slowed
 * CPU), in which a tap waits; 100 take about 15 ms.
 */
export async function parseEventListInSlices(answer: unknown): Promise<EventList> {
  const events = typeof answer === 'object' && answer !== null && 'events' in answer ? answer.events : undefined
  if (!Array.isArray(events) || events.length <= sliceSize) return parseEventList(answer)
  const { nextCursor } = parseEventList({ ...(answer as object), events: [] })
  const parsed: EventList['events'] = []
  for (let i = 0; i < events.length; i += sliceSize) {
    if (i > 0) await nextTask()
    parsed.push(...parseEventList({ events: events.slice(i, i + sliceSize) }).events)
  }
  return { events: parsed, nextCursor }
}
