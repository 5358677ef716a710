// The Event document as the API serves it: docs/product.md §3's field names, exactly. The server
// (internal/event) is the authority; it always sends every field, with "" / [] / null for empty.
// Numbers may be sent as numbers or as typed text ("49,90"); blank is null (FORM-33/34).

// The lists, defaults and limits are the server's own file, so the two cannot drift.
import constants from '../../../../internal/event/constants.json'

export const categorias: readonly string[] = constants.categorias
export type Categoria = (typeof categorias)[number]

/** docs/requirements.md DATA-5. Only openStatus ('Inscrições Abertas') enables the registration button. */
export const statuses: readonly string[] = constants.statuses
export type Status = (typeof statuses)[number]
export const openStatus: Status = constants.openStatus
/** What an event whose date has passed is, unless its status is one of statusesAfterDate (TRUTH-1). */
export const pastStatus: Status = constants.pastStatus
export const statusesAfterDate: readonly Status[] = constants.statusesAfterDate

export const generos: readonly string[] = constants.generos
export type Genero = (typeof generos)[number]

/** The 27 Brazilian states, for local.estado. */
export const ufs: readonly { sigla: string; nome: string }[] = constants.ufs

/**
 * The zones an event keeps its clock in (REG-220): the tz database's Brazil zones with pt-BR labels.
 * Lots, the registration period, edits, the buyer's 48 hours, kit pickup hours and the event's own
 * "past" are read on it; an event that names none keeps eventDefaults.fusoHorario (Horário de Brasília).
 */
export const fusosHorarios: readonly { zona: string; nome: string }[] = constants.fusosHorarios

/** docs/product.md §9: what a new event starts with (categoria, status, '1º Lote', 'Largada Geral' 08:00, …). */
export const eventDefaults = constants.defaults

/** Bounds the server enforces: titulo, long texts, short texts and links in characters; rows per list. */
export const eventLimits = constants.limits

/** The server's pt-BR texts for a field it refuses ('Campo obrigatório.'), which other forms reuse. */
export const eventMessages = constants.messages

export type Local = { local: string; endereco: string; cidade: string; estado: string }
export type Banners = { desktop: string; mobile: string }
export type LinhaCronograma = { horario: string; descricao: string }
export type Cronograma = { tipo: 'texto'; valor: string } | { tipo: 'estruturado'; valor: LinhaCronograma[] }
/** A lot's price for one modality, overriding the lot's valor. */
export type ValorModalidade = { modalidadeNome: string; valor: number | null }
export type Lote = {
  nome: string
  valor: number | null
  maxVagas: number | null
  dataLimite: string
  valoresPorModalidade: ValorModalidade[]
}
export type PrecoKit = { kitNome: string; valor: number | null }
export type TipoPreco = 'lotes' | 'kit' | 'texto'
/** externo: the button opens linkCompra (the default); pelotao: Pelotão sells the bib itself. */
export type ModoInscricao = 'externo' | 'pelotao'
export const modosInscricao = constants.modosInscricao as readonly ModoInscricao[]
export type Inscricoes = {
  ativas: boolean
  tipoPreco: TipoPreco
  lotes: Lote[]
  precosPorKit: PrecoKit[]
  textoPreco: string
  periodo: { inicio: string; fim: string }
  modo: ModoInscricao
  /** Slots of the whole event; null: no limit. */
  vagas: number | null
  tamanhosCamiseta: string[]
  /** 60+ half price (Estatuto do Idoso, art. 23). */
  meiaEntradaIdoso: boolean
  /** Last day athletes may edit their registration; '' means 7 days before the event (eventDefaults.edicaoDiasAntes). */
  edicaoAte: string
  /** Card payments through Mercado Pago beside Pix (docs/requirements.md CARD-16); absent or off: Pix only. */
  cartao?: Cartao
  /** The most registrations one group holds or confirms (GRP-17); null: eventDefaults.grupoMax. */
  grupoMax: number | null
  /** Group price tiers, minimo strictly increasing (GRP-20). */
  descontosGrupo: DescontoGrupo[]
}
/** A group price tier: an order whose group reaches minimo registrations gets percentual off each athlete. */
export type DescontoGrupo = { minimo: number | null; percentual: number | null }
/** An event's card payment setting: up to parcelasMax installments (1 to limits.parcelasMax). */
export type Cartao = { ativo: boolean; parcelasMax: number | null }
export type RetiradaKit = { local: string; data: string; horarioInicio: string; horarioFim: string }
export type Kit = { nome: string; items: { nome: string }[] }
export type Largada = { id: string; nome: string; horario: string }
export type CategoriaModalidade = {
  nome: string
  idadeInicial: number | null
  idadeLimite: number | null
  qualquerIdade: boolean
  genero: Genero
  premiacao: string
}
export type Modalidade = {
  nome: string
  km: number | null
  largadaId: string
  percurso: { tipo: 'texto' | 'link'; valor: string }
  premiacaoGeral: string
  categorias: CategoriaModalidade[]
  resultados: { pdfGeralURL: string; pdfCategoriasURL: string }
  /** Slots of this modality; null: no limit. */
  vagas: number | null
  /** The youngest age admitted, counted on the event's day; null: none (REG-250). */
  idadeMinima: number | null
}
export type NivelPremiacao = 'geral' | 'modalidade' | 'categoria'
export type PremioEstruturado = {
  descricao: string
  nivel: NivelPremiacao
  modalidadeNome: string
  categoriaNome: string
}
export type Premiacao = { tipo: 'texto' | 'estruturado'; valor: string; estruturado: PremioEstruturado[] }

export type Event = {
  id: string
  ownerId: string
  criadoEm: string // RFC 3339 timestamp, set by the server
  atualizadoEm: string
  titulo: string
  categoria: string
  dataEvento: string // calendar date "2026-03-15"; "" when unknown
  status: string
  banners: Banners
  regulamentoUrl: string
  regulamento: string
  linkCompra: string
  local: Local
  informacoes: { descricao: string; informacoesImportantes: string; cronograma: Cronograma }
  inscricoes: Inscricoes
  retiradaKits: RetiradaKit[]
  kits: Kit[]
  largadas: Largada[]
  modalidades: Modalidade[]
  premiacao: Premiacao
  /** Which time ranks the imported results: net (chip) or gun time. */
  tempoClassificacao: 'liquido' | 'bruto'
  /** The ranking by assessoria's n: the best times of each sex a group adds, 1 to limits.temposAssessoriaMax (GRP-31). */
  temposAssessoria: number
  /** The IANA zone of the event's clock, one of fusosHorarios (REG-220). */
  fusoHorario: string
  /** Who sells the registrations, as the receipt names them (REG-270); blank when not given. */
  organizador: Organizador
}

export type Organizador = { razaoSocial: string; cnpj: string }

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>

/**
 * What a client sends to create or replace an event. The server sets id, owner and times, and
 * gives the registration offer's fields their defaults when they are left out (clients written
 * before the offer existed); the event form always sends them.
 */
export type EventInput = Omit<
  Event,
  'id' | 'ownerId' | 'criadoEm' | 'atualizadoEm' | 'inscricoes' | 'modalidades' | 'fusoHorario' | 'temposAssessoria'
> & {
  fusoHorario?: string
  /** Blank or left out: the server's default, 3 (GRP-31). */
  temposAssessoria?: number | null
  inscricoes: Optional<
    Omit<Inscricoes, 'lotes'>,
    'modo' | 'vagas' | 'tamanhosCamiseta' | 'meiaEntradaIdoso' | 'edicaoAte' | 'grupoMax' | 'descontosGrupo'
  > & {
    lotes: Optional<Lote, 'valoresPorModalidade'>[]
  }
  modalidades: Optional<Modalidade, 'vagas' | 'idadeMinima'>[]
}

/** What an event has published of its results (EVT-33, HOME-19): the values of event.PublishedResults. */
export const resultadosPublicados = ['oficial', 'preliminar', 'nenhum'] as const
export type ResultadosPublicados = (typeof resultadosPublicados)[number]

/** What GET /api/events lists: the fields a card and the athlete panel need. */
export type EventSummary = Pick<
  Event,
  'id' | 'titulo' | 'categoria' | 'dataEvento' | 'status' | 'banners' | 'local' | 'linkCompra'
> & {
  distances: number[] // modalidades[].km, in order, nulls left out
  resultados: ResultadosPublicados | null // null: the answer does not say (HOME-19)
}

export type EventList = { events: EventSummary[]; nextCursor?: string }
