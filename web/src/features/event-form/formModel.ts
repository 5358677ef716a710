// The form's own model of an Event: what the inputs hold (numbers as typed text, kit prices beside
// their kits), its defaults (docs/product.md §9, from the shared constants), and the conversions to and from
// the Event document the API speaks.
import constants from '../../../../internal/event/constants.json'
import type {
  Event,
  EventInput,
  Genero,
  Largada,
  LinhaCronograma,
  ModoInscricao,
  NivelPremiacao,
  Organizador,
  RetiradaKit,
  TipoPreco,
} from '../../lib/events/event'

export { constants }
const { defaults } = constants

/** A lot's price for one modality, as typed. */
export type ValorModalidadeForm = { modalidadeNome: string; valor: string }
export type LoteForm = {
  nome: string
  valor: string
  maxVagas: string
  dataLimite: string
  valoresPorModalidade: ValorModalidadeForm[]
}
/**
 * A kit and, beside it, its price for the 'kit' price format: the price rows follow the kits by
 * construction. rowKey (form only) keeps each price input with its kit when kits move.
 */
export type KitForm = { rowKey: string; nome: string; preco: string; items: { nome: string }[] }
export type CategoriaForm = {
  nome: string
  idadeInicial: string
  idadeLimite: string
  qualquerIdade: boolean
  genero: Genero
  premiacao: string
}
export type ModalidadeForm = {
  nome: string
  km: string
  largadaId: string
  percurso: { tipo: 'texto' | 'link'; valor: string }
  premiacaoGeral: string
  categorias: CategoriaForm[]
  resultados: { pdfGeralURL: string; pdfCategoriasURL: string }
  vagas: string
  idadeMinima: string
}
export type PremioForm = { descricao: string; nivel: NivelPremiacao; modalidadeNome: string; categoriaNome: string }

export type EventFormValues = {
  titulo: string
  categoria: string
  status: string
  dataEvento: string
  local: { local: string; endereco: string; cidade: string; estado: string }
  banners: { desktop: string; mobile: string }
  regulamentoUrl: string
  regulamento: string
  linkCompra: string
  informacoes: {
    descricao: string
    informacoesImportantes: string
    // The document's cronograma.valor is text or rows; the form keeps both so switching loses nothing.
    cronograma: { tipo: 'texto' | 'estruturado'; texto: string; linhas: LinhaCronograma[] }
  }
  inscricoes: {
    ativas: boolean
    tipoPreco: TipoPreco
    lotes: LoteForm[]
    textoPreco: string
    periodo: { inicio: string; fim: string }
    modo: ModoInscricao
    vagas: string
    // react-hook-form's field arrays need objects, so each size is a row.
    tamanhosCamiseta: { nome: string }[]
    meiaEntradaIdoso: boolean
    edicaoAte: string
    cartao: { ativo: boolean; parcelasMax: string }
    grupoMax: string
    descontosGrupo: { minimo: string; percentual: string }[]
  }
  retiradaKits: RetiradaKit[]
  kits: KitForm[]
  largadas: Largada[]
  modalidades: ModalidadeForm[]
  premiacao: { tipo: 'texto' | 'estruturado'; valor: string; estruturado: PremioForm[] }
  tempoClassificacao: Event['tempoClassificacao']
  temposAssessoria: string
  fusoHorario: string
  organizador: Organizador
}

/** What POST and PUT /api/events take: the document without the fields the server sets. */

// ---- defaults and new rows (docs/product.md §4, §9) ----

/** A random id; getRandomValues (unlike randomUUID) also works on plain http. */
function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6))
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** An id for a new largada, unique within the event. */
function newLargadaId(): string {
  return randomId('largada-')
}

export function newLote(position: number): LoteForm {
  return {
    nome: position === 1 ? defaults.primeiroLote : `${position}º Lote`,
    valor: '',
    maxVagas: '',
    dataLimite: '',
    valoresPorModalidade: [],
  }
}

export function newValorModalidade(): ValorModalidadeForm {
  return { modalidadeNome: '', valor: '' }
}

export function newRetiradaKit(): RetiradaKit {
  return {
    local: '',
    data: '',
    horarioInicio: defaults.retiradaKit.horarioInicio,
    horarioFim: defaults.retiradaKit.horarioFim,
  }
}

export function defaultKit(): KitForm {
  return {
    rowKey: randomId('kit-'),
    nome: defaults.kit.nome,
    preco: '',
    items: defaults.kit.items.map((nome) => ({ nome })),
  }
}

export function newKit(): KitForm {
  return { rowKey: randomId('kit-'), nome: '', preco: '', items: [] }
}

export function defaultLargada(): Largada {
  return { id: newLargadaId(), nome: defaults.largada.nome, horario: defaults.largada.horario }
}

export function newLargada(): Largada {
  return { id: newLargadaId(), nome: '', horario: '' }
}

export function newLinhaCronograma(): LinhaCronograma {
  return { horario: '', descricao: '' }
}

/** Switching the schedule to estruturado starts with exactly this one row. */
export function firstLinhaCronograma(): LinhaCronograma {
  return { horario: defaults.cronogramaPrimeiroHorario, descricao: '' }
}

export function newCategoria(): CategoriaForm {
  return {
    nome: '',
    idadeInicial: '',
    idadeLimite: '',
    qualquerIdade: false,
    genero: defaults.genero as Genero,
    premiacao: '',
  }
}

export function newModalidade(): ModalidadeForm {
  return {
    nome: '',
    km: '',
    largadaId: '',
    percurso: { tipo: 'texto', valor: '' },
    premiacaoGeral: '',
    categorias: [],
    resultados: { pdfGeralURL: '', pdfCategoriasURL: '' },
    vagas: '',
    idadeMinima: '',
  }
}

export function newPremio(): PremioForm {
  return { descricao: '', nivel: 'geral', modalidadeNome: '', categoriaNome: '' }
}

export function newEventValues(): EventFormValues {
  return {
    titulo: '',
    categoria: defaults.categoria,
    status: defaults.status,
    dataEvento: '',
    local: { local: '', endereco: '', cidade: '', estado: '' },
    banners: { desktop: '', mobile: '' },
    regulamentoUrl: '',
    regulamento: '',
    linkCompra: '',
    informacoes: { descricao: '', informacoesImportantes: '', cronograma: { tipo: 'texto', texto: '', linhas: [] } },
    inscricoes: {
      ativas: true,
      tipoPreco: 'lotes',
      lotes: [newLote(1)],
      textoPreco: '',
      periodo: { inicio: '', fim: '' },
      modo: defaults.modoInscricao as ModoInscricao,
      vagas: '',
      tamanhosCamiseta: defaults.tamanhosCamiseta.map((nome) => ({ nome })),
      meiaEntradaIdoso: defaults.meiaEntradaIdoso,
      edicaoAte: '',
      cartao: { ativo: false, parcelasMax: '1' },
      grupoMax: '',
      descontosGrupo: [],
    },
    retiradaKits: [], // a pickup row needs its place, so none is there until the organizer adds one
    kits: [defaultKit()],
    largadas: [defaultLargada()],
    modalidades: [],
    premiacao: { tipo: 'texto', valor: '', estruturado: [] },
    tempoClassificacao: defaults.tempoClassificacao as Event['tempoClassificacao'],
    temposAssessoria: String(defaults.temposAssessoria),
    fusoHorario: defaults.fusoHorario,
    organizador: { razaoSocial: '', cnpj: '' },
  }
}

// ---- numbers as typed ----

/**
 * A decimal as people type it in Brazil: '49,90', '1.234,50', '1234.5', 'R$ 10', '-5'. Blank → null;
 * undefined means it is not a number (never NaN). A minus sign is read, so that the rules say
 * what is wrong with a negative value, as the server does.
 */
export function parseDecimal(text: string): number | null | undefined {
  const t = text.replace(/^\s*R\$\s*/, '').trim()
  if (t === '') return null
  const sign = t.startsWith('-') ? -1 : 1
  const s = sign < 0 ? t.slice(1) : t
  let normalized: string
  if (s.includes(',')) {
    // Comma decimals: dots, if any, must be thousands separators.
    if (!/^(\d{1,3}(\.\d{3})+|\d+),\d+$/.test(s)) return undefined
    normalized = s.replace(/\./g, '').replace(',', '.')
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    normalized = s.replace(/\./g, '') // '1.234' is one thousand two hundred and thirty-four
  } else if (/^\d+(\.\d+)?$/.test(s)) {
    normalized = s
  } else {
    return undefined
  }
  return sign * Number(normalized)
}

/** A whole number: '42' → 42, '-1' → -1, blank → null, anything else (including '4,5') → undefined. */
export function parseInteger(text: string): number | null | undefined {
  const s = text.trim()
  if (s === '') return null
  return /^-?\d+$/.test(s) ? Number(s) : undefined
}

const decimalText = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 })
const moneyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

function moneyToText(value: number | null): string {
  return value == null ? '' : moneyText.format(value)
}

function numberToText(value: number | null): string {
  return value == null ? '' : decimalText.format(value)
}

function integerToText(value: number | null): string {
  return value == null ? '' : String(value)
}

// ---- form ⇄ document ----

/** The document to send. Only the chosen price, schedule and prize formats carry data. */
export function toEventInput(v: EventFormValues): EventInput {
  const { tipoPreco } = v.inscricoes
  const cronograma = v.informacoes.cronograma
  return {
    titulo: v.titulo.trim(),
    categoria: v.categoria,
    status: v.status,
    dataEvento: v.dataEvento,
    local: { ...v.local },
    banners: { ...v.banners },
    regulamentoUrl: v.regulamentoUrl,
    regulamento: v.regulamento.trim(),
    linkCompra: v.linkCompra.trim(),
    informacoes: {
      descricao: v.informacoes.descricao,
      informacoesImportantes: v.informacoes.informacoesImportantes,
      cronograma:
        cronograma.tipo === 'estruturado'
          ? { tipo: 'estruturado', valor: cronograma.linhas.map((l) => ({ ...l })) }
          : { tipo: 'texto', valor: cronograma.texto },
    },
    inscricoes: {
      ativas: v.inscricoes.ativas,
      tipoPreco,
      lotes:
        tipoPreco === 'lotes'
          ? v.inscricoes.lotes.map((l) => ({
              nome: l.nome,
              valor: number(parseDecimal(l.valor)),
              maxVagas: number(parseInteger(l.maxVagas)),
              dataLimite: l.dataLimite,
              valoresPorModalidade: l.valoresPorModalidade.map((p) => ({
                modalidadeNome: p.modalidadeNome,
                valor: number(parseDecimal(p.valor)),
              })),
            }))
          : [],
      precosPorKit:
        tipoPreco === 'kit' ? v.kits.map((k) => ({ kitNome: k.nome, valor: number(parseDecimal(k.preco)) })) : [],
      textoPreco: tipoPreco === 'texto' ? v.inscricoes.textoPreco : '',
      periodo: { ...v.inscricoes.periodo },
      modo: v.inscricoes.modo,
      vagas: number(parseInteger(v.inscricoes.vagas)),
      tamanhosCamiseta: v.inscricoes.tamanhosCamiseta.map((t) => t.nome.trim()),
      meiaEntradaIdoso: v.inscricoes.meiaEntradaIdoso,
      edicaoAte: v.inscricoes.edicaoAte,
      // Off is the same as absent (the server keeps nothing of it): only an offer is sent.
      ...(v.inscricoes.cartao.ativo
        ? { cartao: { ativo: true, parcelasMax: number(parseInteger(v.inscricoes.cartao.parcelasMax)) } }
        : {}),
      grupoMax: number(parseInteger(v.inscricoes.grupoMax)),
      descontosGrupo: v.inscricoes.descontosGrupo.map((d) => ({
        minimo: number(parseInteger(d.minimo)),
        percentual: number(parseInteger(d.percentual)),
      })),
    },
    retiradaKits: v.retiradaKits.map((r) => ({ ...r })),
    kits: v.kits.map((k) => ({ nome: k.nome, items: k.items.map((i) => ({ nome: i.nome })) })),
    largadas: v.largadas.map((l) => ({ ...l })),
    modalidades: v.modalidades.map((m) => ({
      nome: m.nome,
      km: number(parseDecimal(m.km)),
      largadaId: m.largadaId,
      percurso: { ...m.percurso },
      premiacaoGeral: m.premiacaoGeral,
      categorias: m.categorias.map((c) => ({
        nome: c.nome,
        // 'Qualquer idade' is the 0–120 range whatever the (disabled) inputs hold.
        idadeInicial: c.qualquerIdade ? defaults.idadeMinima : number(parseInteger(c.idadeInicial ?? '')),
        idadeLimite: c.qualquerIdade ? defaults.idadeMaxima : number(parseInteger(c.idadeLimite ?? '')),
        qualquerIdade: c.qualquerIdade,
        genero: c.genero,
        premiacao: c.premiacao,
      })),
      resultados: { ...m.resultados },
      vagas: number(parseInteger(m.vagas)),
      idadeMinima: number(parseInteger(m.idadeMinima)),
    })),
    premiacao: {
      tipo: v.premiacao.tipo,
      valor: v.premiacao.tipo === 'texto' ? v.premiacao.valor : '',
      estruturado: v.premiacao.tipo === 'estruturado' ? v.premiacao.estruturado.map((p) => ({ ...p })) : [],
    },
    tempoClassificacao: v.tempoClassificacao,
    temposAssessoria: number(parseInteger(v.temposAssessoria)),
    fusoHorario: v.fusoHorario,
    organizador: { razaoSocial: v.organizador.razaoSocial.trim(), cnpj: v.organizador.cnpj.trim() },
  }
}

// Validation has already refused text that is not a number; this only narrows the type.
function number(value: number | null | undefined): number | null {
  return value ?? null
}

/** The form filled with a saved event, for editing. */
export function fromEvent(e: Event): EventFormValues {
  const cronograma = e.informacoes.cronograma
  const precoDoKit = (nome: string) => e.inscricoes.precosPorKit.find((p) => p.kitNome === nome)?.valor ?? null
  return {
    titulo: e.titulo,
    categoria: e.categoria,
    status: e.status,
    dataEvento: e.dataEvento.slice(0, 10),
    local: { ...e.local },
    banners: { ...e.banners },
    regulamentoUrl: e.regulamentoUrl,
    regulamento: e.regulamento,
    linkCompra: e.linkCompra,
    informacoes: {
      descricao: e.informacoes.descricao,
      informacoesImportantes: e.informacoes.informacoesImportantes,
      cronograma:
        cronograma.tipo === 'estruturado'
          ? { tipo: 'estruturado', texto: '', linhas: cronograma.valor.map((l) => ({ ...l })) }
          : { tipo: 'texto', texto: cronograma.valor, linhas: [] },
    },
    inscricoes: {
      ativas: e.inscricoes.ativas,
      tipoPreco: e.inscricoes.tipoPreco,
      lotes: e.inscricoes.lotes.map((l) => ({
        nome: l.nome,
        valor: moneyToText(l.valor),
        maxVagas: integerToText(l.maxVagas),
        dataLimite: l.dataLimite,
        valoresPorModalidade: l.valoresPorModalidade.map((p) => ({
          modalidadeNome: p.modalidadeNome,
          valor: moneyToText(p.valor),
        })),
      })),
      textoPreco: e.inscricoes.textoPreco,
      periodo: { ...e.inscricoes.periodo },
      modo: e.inscricoes.modo,
      vagas: integerToText(e.inscricoes.vagas),
      tamanhosCamiseta: e.inscricoes.tamanhosCamiseta.map((nome) => ({ nome })),
      meiaEntradaIdoso: e.inscricoes.meiaEntradaIdoso,
      edicaoAte: e.inscricoes.edicaoAte,
      cartao: {
        ativo: e.inscricoes.cartao?.ativo ?? false,
        parcelasMax: integerToText(e.inscricoes.cartao?.parcelasMax ?? 1),
      },
      grupoMax: integerToText(e.inscricoes.grupoMax),
      descontosGrupo: e.inscricoes.descontosGrupo.map((d) => ({
        minimo: integerToText(d.minimo),
        percentual: integerToText(d.percentual),
      })),
    },
    retiradaKits: e.retiradaKits.map((r) => ({ ...r })),
    kits: e.kits.map((k) => ({
      rowKey: randomId('kit-'),
      nome: k.nome,
      preco: moneyToText(precoDoKit(k.nome)),
      items: k.items.map((i) => ({ nome: i.nome })),
    })),
    largadas: e.largadas.map((l) => ({ ...l })),
    modalidades: e.modalidades.map((m) => ({
      nome: m.nome,
      km: numberToText(m.km),
      largadaId: m.largadaId,
      percurso: { ...m.percurso },
      premiacaoGeral: m.premiacaoGeral,
      categorias: m.categorias.map((c) => ({
        nome: c.nome,
        idadeInicial: integerToText(c.idadeInicial),
        idadeLimite: integerToText(c.idadeLimite),
        qualquerIdade: c.qualquerIdade,
        genero: c.genero,
        premiacao: c.premiacao,
      })),
      resultados: { ...m.resultados },
      vagas: integerToText(m.vagas),
      idadeMinima: integerToText(m.idadeMinima),
    })),
    premiacao: {
      tipo: e.premiacao.tipo,
      valor: e.premiacao.valor,
      estruturado: e.premiacao.estruturado.map((p) => ({ ...p })),
    },
    // Older documents lack it; the server's default applies.
    tempoClassificacao: e.tempoClassificacao ?? (defaults.tempoClassificacao as Event['tempoClassificacao']),
    temposAssessoria: integerToText(e.temposAssessoria ?? defaults.temposAssessoria),
    fusoHorario: e.fusoHorario || defaults.fusoHorario,
    organizador: { ...e.organizador },
  }
}

/**
 * Where a field path of the server's 422 (document paths such as 'modalidades.1.largadaId' or
 * 'inscricoes.precosPorKit.0.valor') is shown in the form.
 */
export function formFieldOf(serverPath: string, values: EventFormValues): string {
  const path = serverPath.replace(/\[(\d+)\]/g, '.$1')
  if (/^inscricoes\.tamanhosCamiseta\.\d+$/.test(path)) return `${path}.nome`
  if (path === 'inscricoes.cartao') return 'inscricoes.cartao.ativo' // CARD-17: no card provider on the server
  let m = /^inscricoes\.precosPorKit\.(\d+)\.(valor|kitNome)$/.exec(path)
  if (m) return `kits.${m[1]}.${m[2] === 'valor' ? 'preco' : 'nome'}`
  m = /^informacoes\.cronograma\.valor(\..*)?$/.exec(path)
  if (m)
    return m[1]
      ? `informacoes.cronograma.linhas${m[1]}`
      : values.informacoes.cronograma.tipo === 'estruturado'
        ? 'informacoes.cronograma.linhas'
        : 'informacoes.cronograma.texto'
  return path
}
