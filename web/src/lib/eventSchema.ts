// The one boundary where the API's event answers enter the app (lib/eventsApi, and the same
// answers embedded in a drawn page, lib/initialData). The server sends every field, but a document
// written by an older version, edited by hand or trimmed by a proxy may lack some, or hold null
// where text belongs: each field then takes its empty value ('' / [] / null), and the pages show
// their fallbacks ('Título não disponível', 'Sem categoria', 'Data a definir': ERR-9, ERR-10)
// instead of failing. A wrong value is treated like a missing one, never as an error: the page
// shows what it can.
// zod/mini: the build the event form already loads, and the smallest.
import { z } from 'zod/mini'
import type { Cronograma, Event, EventList } from './event'

const text = z.catch(z.string(), '')
const flag = (value: boolean) => z.catch(z.boolean(), value)
/** A price, a distance or an age: a number (JSON has no NaN), or null (blank) for anything else. */
const amount = z.transform((v: unknown) => (typeof v === 'number' ? v : null))
/** One of options, or fallback. */
const oneOf = <const T extends readonly string[]>(options: T, fallback: T[number]) =>
  z.transform((v: unknown): T[number] => (options.includes(v as string) ? (v as T[number]) : fallback))
/** A list whose rows each take their defaults; anything but an array is an empty list. */
const list = <T extends z.core.SomeType>(row: T) => z.catch(z.array(row), [])
/** An object whose fields each take their defaults; anything but an object is all defaults. */
const record = <T extends z.core.$ZodLooseShape>(shape: T) => {
  const schema = z.object(shape)
  return z.catch(schema, () => schema.parse({}))
}

/** modalidades[].km of a summary: the numbers of the list, whatever else it holds left out. */
const numbers = z.transform((v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []))

const local = record({ local: text, endereco: text, cidade: text, estado: text })
const banners = record({ desktop: text, mobile: text })

const linhaCronograma = record({ horario: text, descricao: text })
// Rows when the document says estruturado and has them; otherwise whatever text it holds.
const linhas = z.array(linhaCronograma)
const cronograma = z.transform((v: unknown): Cronograma => {
  const { tipo, valor } = (typeof v === 'object' && v !== null ? v : {}) as { tipo?: unknown; valor?: unknown }
  const rows = tipo === 'estruturado' ? linhas.safeParse(valor) : undefined
  return rows?.success ? { tipo: 'estruturado', valor: rows.data } : { tipo: 'texto', valor: typeof valor === 'string' ? valor : '' }
})

const categoriaModalidade = record({
  nome: text,
  idadeInicial: amount,
  idadeLimite: amount,
  qualquerIdade: flag(false),
  genero: text,
  premiacao: text,
})

const modalidade = record({
  nome: text,
  km: amount,
  largadaId: text,
  percurso: record({ tipo: oneOf(['texto', 'link'], 'texto'), valor: text }),
  premiacaoGeral: text,
  categorias: list(categoriaModalidade),
  resultados: record({ pdfGeralURL: text, pdfCategoriasURL: text }),
})

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
    lotes: list(record({ nome: text, valor: amount, maxVagas: amount, dataLimite: text })),
    precosPorKit: list(record({ kitNome: text, valor: amount })),
    textoPreco: text,
    periodo: record({ inicio: text, fim: text }),
  }),
  retiradaKits: list(record({ local: text, data: text, horarioInicio: text, horarioFim: text })),
  kits: list(record({ nome: text, items: list(record({ nome: text })) })),
  largadas: list(record({ id: text, nome: text, horario: text })),
  modalidades: list(modalidade),
  premiacao: record({
    tipo: oneOf(['texto', 'estruturado'], 'texto'),
    valor: text,
    estruturado: list(
      record({ descricao: text, nivel: oneOf(['geral', 'modalidade', 'categoria'], 'geral'), modalidadeNome: text, categoriaNome: text }),
    ),
  }),
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
})

const eventList = record({ events: list(eventSummary), nextCursor: z.catch(z.optional(z.string()), undefined) })

/** GET /api/events/{id}'s answer as a complete Event; no usable data gives an event whose id is ''. */
export function parseEvent(answer: unknown): Event {
  return eventSchema.parse(answer)
}

/** GET /api/events's answer with every summary complete; no usable data gives an empty list. */
export function parseEventList(answer: unknown): EventList {
  return eventList.parse(answer)
}
