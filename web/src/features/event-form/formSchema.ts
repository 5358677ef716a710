// The form's rules, the same as the server's (internal/event/validate.go; limits and pt-BR
// messages from internal/event/constants.json, cases in internal/event/testdata/validation_cases.json) so that most mistakes are shown before sending. The server stays the authority:
// whatever it still refuses comes back as a 422 and is shown at the same fields.
// zod/mini: the same rules at a quarter of the full build's size in the form's chunk.
import { z } from 'zod/mini'
import { isWholeCentavos, parseCalendarDate } from '../../lib/text/format'
import { validCnpj } from './cnpj'
import { constants, parseDecimal, parseInteger, type EventFormValues } from './formModel'

const { limits } = constants
const m = constants.messages

const thousands = new Intl.NumberFormat('pt-BR')

/** A message of constants.json with its {min} and {max} written the pt-BR way, as Go's event.Fill. */
export function fillMessage(message: string, max: number, min = 0): string {
  return message.replaceAll('{min}', thousands.format(min)).replaceAll('{max}', thousands.format(max))
}

// The server's texts (internal/event/constants.json), under the names the checks below use.
const messages = {
  required: m.obrigatorio,
  url: m.url,
  largada: m.largada,
  categoria: m.categoria,
  status: m.status,
  estado: m.estado,
  genero: m.genero,
  tipo: m.tipo,
  nivel: m.nivel,
  date: m.data,
  time: m.horario,
  number: m.numero,
  integer: m.inteiro,
  notNegative: m.naoNegativo,
  positive: m.positivo,
  cents: m.centavos,
  maxKm: fillMessage(m.kmMax, limits.kmMax),
  maxVagas: fillMessage(m.vagasMax, limits.vagasMax),
  age: fillMessage(m.idade, limits.idadeMax, limits.idadeMin),
  idadeMinima: fillMessage(m.idadeMinima, limits.idadeMinimaMax, 1),
  ageOrder: m.idadeOrdem,
  timeOrder: m.horarioOrdem,
  periodOrder: m.periodoOrdem,
  kitRepeated: m.kitRepetido,
  modalidadeRepeated: m.modalidadeRepetida,
  categoriaRepeated: m.categoriaRepetida,
  modalidadeUnknown: m.modalidadeInexistente,
  categoriaUnknown: m.categoriaInexistente,
  textoComPelotao: m.textoComPelotao,
  valorRepeated: m.valorRepetido,
  tamanhoRepeated: m.tamanhoRepetido,
  loteRepeated: m.loteRepetido,
  cnpj: m.cnpj,
  parcelasMax: fillMessage(m.parcelasMax, limits.parcelasMax, 1),
  temposAssessoria: fillMessage(m.temposAssessoria, limits.temposAssessoriaMax, 1),
  grupoMax: fillMessage(m.grupoMax, limits.vagasMax, 1),
  descontoGrupoMinimo: fillMessage(m.descontoGrupoMinimo, limits.vagasMax, limits.descontoGrupoMinimo),
  descontoGrupoPercentual: fillMessage(m.descontoGrupoPercentual, limits.descontoGrupoPercentualMax, 1),
  tooLong: (max: number) => fillMessage(m.caracteresMax, max),
  tooMany: (max: number) => fillMessage(m.itensMax, max),
} as const

/** Characters as a person counts them, in code points ('🏃' is one), as the server counts runes. */
const characters = (s: string) => [...s.trim()].length

const blank = (s: string) => s.trim() === ''

/** An absolute http(s) URL, or a file Pelotão serves (/files/…), as the server accepts. */
function isLinkable(s: string): boolean {
  const t = s.trim()
  if (/[\s\\]/.test(t)) return false
  if (t.startsWith('/files/')) return t.length > '/files/'.length && !t.includes('..') && !t.slice(1).includes('//')
  try {
    const u = new URL(t)
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === ''
    )
  } catch {
    return false
  }
}

const isTime = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s)

// ---- one field ----

type Check = (s: string) => string | null // the message, or null when the text is fine

const tooLong =
  (max: number): Check =>
  (s) =>
    characters(s) > max ? messages.tooLong(max) : null
const required: Check = (s) => (blank(s) ? messages.required : null)
const date: Check = (s) => (s === '' || parseCalendarDate(s) ? null : messages.date)
const time: Check = (s) => (s === '' || isTime(s) ? null : messages.time)
const link: Check = (s) =>
  blank(s)
    ? null
    : characters(s) > limits.urlMax
      ? messages.tooLong(limits.urlMax)
      : isLinkable(s)
        ? null
        : messages.url
const cnpj: Check = (s) => (blank(s) || validCnpj(s) ? null : messages.cnpj)
const oneOf =
  (options: readonly string[], message: string): Check =>
  (s) =>
    options.includes(s) ? null : message

const money: Check = (s) => {
  const v = parseDecimal(s)
  if (v === undefined) return messages.number
  if (v === null) return null
  if (v < 0) return messages.notNegative
  if (v > limits.valorMax) return messages.number
  return isWholeCentavos(v) ? null : messages.cents
}

const integer =
  (lo: number, hi: number, belowMessage: string, aboveMessage: string): Check =>
  (s) => {
    const v = parseInteger(s)
    if (v === undefined) return parseDecimal(s) === undefined ? messages.number : messages.integer
    if (v === null) return null
    return v < lo ? belowMessage : v > hi ? aboveMessage : null
  }

/** Slots: blank (no limit) or a whole number from 0 to the limit. */
const vagas = integer(0, limits.vagasMax, messages.notNegative, messages.maxVagas)

/** The most installments of a card payment: 1 to Mercado Pago's most, required (CARD-16). */
const parcelasMax = integer(1, limits.parcelasMax, messages.parcelasMax, messages.parcelasMax)

/** The ranking by assessoria's n: blank (the default, 3) or a whole number from 1 to the limit (GRP-31). */
const temposAssessoria = integer(1, limits.temposAssessoriaMax, messages.temposAssessoria, messages.temposAssessoria)
/** A group's most registrations: blank (the default) or 1 to the slots' limit (GRP-17). */
const grupoMax = integer(1, limits.vagasMax, messages.grupoMax, messages.grupoMax)

/** A group price tier (GRP-20): minimo from 2 registrations, percentual 1 to 50. */
const descontoMinimo = integer(
  limits.descontoGrupoMinimo,
  limits.vagasMax,
  messages.descontoGrupoMinimo,
  messages.descontoGrupoMinimo,
)
const descontoPercentual = integer(
  1,
  limits.descontoGrupoPercentualMax,
  messages.descontoGrupoPercentual,
  messages.descontoGrupoPercentual,
)

/** A modality's minimum age: blank (none) or a whole number from 1 to the limit (REG-250). */
const idadeMinima = integer(1, limits.idadeMinimaMax, messages.idadeMinima, messages.idadeMinima)

const km: Check = (s) => {
  const v = parseDecimal(s)
  if (v === undefined) return messages.number
  if (v === null) return null
  if (v <= 0) return messages.positive
  return v > limits.kmMax ? messages.maxKm : null
}

/** A text field that passes every check, reporting the first that fails. */
function text(...checks: Check[]) {
  return z.string().check(
    z.superRefine((s, ctx) => {
      for (const check of checks) {
        const message = check(s)
        if (message) {
          ctx.addIssue({ code: 'custom', message, input: s })
          return
        }
      }
    }),
  )
}

const nome = (...checks: Check[]) => text(...checks, tooLong(limits.nomeMax))
const longText = () => text(tooLong(limits.textoMax))
const list = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.maxLength(limits.listaMax, messages.tooMany(limits.listaMax)))

// ---- the form ----

const categoria = z.object({
  nome: nome(required),
  // Disabled inputs (while 'Qualquer idade' is ticked) may report no value at all; the ages
  // are then 0–120 and not checked.
  idadeInicial: z.optional(z.string()),
  idadeLimite: z.optional(z.string()),
  qualquerIdade: z.boolean(),
  genero: text(oneOf(constants.generos, messages.genero)),
  premiacao: longText(),
})

const modalidade = z.object({
  nome: nome(required),
  km: text(km),
  largadaId: z.string(),
  percurso: z.object({ tipo: text(oneOf(constants.tiposPercurso, messages.tipo)), valor: z.string() }),
  premiacaoGeral: longText(),
  categorias: list(categoria),
  resultados: z.object({ pdfGeralURL: text(link), pdfCategoriasURL: text(link) }),
  vagas: text(vagas),
  idadeMinima: text(idadeMinima),
})

export const eventFormSchema = z
  .object({
    titulo: text(required, tooLong(limits.tituloMax)),
    categoria: text(oneOf(constants.categorias, messages.categoria)),
    status: text(oneOf(constants.statuses, messages.status)),
    dataEvento: text(required, date),
    local: z.object({
      local: nome(),
      endereco: nome(),
      cidade: nome(required),
      estado: text(
        required,
        oneOf(
          constants.ufs.map((uf) => uf.sigla),
          messages.estado,
        ),
      ),
    }),
    banners: z.object({ desktop: text(link), mobile: text(link) }),
    regulamentoUrl: text(link),
    regulamento: text(link),
    linkCompra: text(link),
    informacoes: z.object({
      descricao: longText(),
      informacoesImportantes: longText(),
      cronograma: z.object({
        tipo: text(oneOf(constants.tiposCronograma, messages.tipo)),
        texto: longText(),
        linhas: list(z.object({ horario: text(time), descricao: nome(required) })),
      }),
    }),
    inscricoes: z.object({
      ativas: z.boolean(),
      tipoPreco: text(oneOf(constants.tiposPreco, messages.tipo)),
      lotes: list(
        z.object({
          nome: nome(required),
          valor: text(money),
          maxVagas: text(vagas),
          dataLimite: text(date),
          valoresPorModalidade: list(z.object({ modalidadeNome: z.string(), valor: text(required, money) })),
        }),
      ),
      textoPreco: longText(),
      periodo: z.object({ inicio: text(date), fim: text(date) }),
      modo: text(oneOf(constants.modosInscricao, messages.tipo)),
      vagas: text(vagas),
      tamanhosCamiseta: list(z.object({ nome: nome(required) })),
      meiaEntradaIdoso: z.boolean(),
      edicaoAte: text(date),
      // Checked below only when cards are on: the field is hidden otherwise, and nothing of it is sent.
      cartao: z.object({ ativo: z.boolean(), parcelasMax: z.string() }),
      grupoMax: text(grupoMax),
      descontosGrupo: list(
        z.object({ minimo: text(required, descontoMinimo), percentual: text(required, descontoPercentual) }),
      ),
    }),
    retiradaKits: list(
      z.object({ local: nome(required), data: text(date), horarioInicio: text(time), horarioFim: text(time) }),
    ),
    kits: list(
      z.object({
        rowKey: z.string(),
        nome: nome(required),
        preco: z.string(),
        items: list(z.object({ nome: nome(required) })),
      }),
    ),
    largadas: list(z.object({ id: z.string(), nome: nome(required), horario: text(time) })),
    modalidades: list(modalidade),
    premiacao: z.object({
      tipo: text(oneOf(constants.tiposPremiacao, messages.tipo)),
      valor: longText(),
      estruturado: z.array(
        z.object({
          descricao: z.string(),
          nivel: text(oneOf(constants.niveisPremiacao, messages.nivel)),
          modalidadeNome: z.string(),
          categoriaNome: z.string(),
        }),
      ),
    }),
    tempoClassificacao: text(oneOf(constants.temposClassificacao, messages.tipo)),
    temposAssessoria: text(temposAssessoria),
    fusoHorario: text(
      oneOf(
        constants.fusosHorarios.map((f) => f.zona),
        m.fusoHorario,
      ),
    ),
    organizador: z.object({ razaoSocial: nome(), cnpj: text(cnpj) }),
  })
  // Rules across fields, and those of the price, schedule and prize format chosen.
  .check(
    z.superRefine((v, ctx) => {
      const values = v as EventFormValues
      const issue = (path: (string | number)[], message: string | null) => {
        if (message) ctx.addIssue({ code: 'custom', path, message, input: v })
      }

      const { periodo, tipoPreco } = values.inscricoes
      if (parseCalendarDate(periodo.inicio) && parseCalendarDate(periodo.fim) && periodo.fim < periodo.inicio)
        issue(['inscricoes', 'periodo', 'fim'], messages.periodOrder)
      // Pelotão sells only what has a price, and never a price written as text.
      const sells = values.inscricoes.modo === 'pelotao'
      if (sells && tipoPreco === 'texto') issue(['inscricoes', 'tipoPreco'], messages.textoComPelotao)
      const price = (s: string) => (sells && blank(s) ? messages.required : money(s))
      if (tipoPreco === 'kit') values.kits.forEach((k, i) => issue(['kits', i, 'preco'], price(k.preco)))
      if (tipoPreco === 'lotes') {
        // Registrations are counted by lot name, so a lot sold here needs its own name.
        if (sells)
          repeated(values.inscricoes.lotes.map((l) => l.nome)).forEach((i) =>
            issue(['inscricoes', 'lotes', i, 'nome'], messages.loteRepeated),
          )
        const modalidadeNomes = new Set(values.modalidades.map((m) => m.nome.trim()))
        values.inscricoes.lotes.forEach((l, i) => {
          if (sells) issue(['inscricoes', 'lotes', i, 'valor'], required(l.valor))
          const seen = new Set<string>()
          l.valoresPorModalidade.forEach((p, j) => {
            const name = p.modalidadeNome.trim()
            const message =
              name === ''
                ? messages.required
                : !modalidadeNomes.has(name)
                  ? messages.modalidadeUnknown
                  : seen.has(name)
                    ? messages.valorRepeated
                    : null
            issue(['inscricoes', 'lotes', i, 'valoresPorModalidade', j, 'modalidadeNome'], message)
            seen.add(name)
          })
        })
      }
      repeated(values.inscricoes.tamanhosCamiseta.map((t) => t.nome)).forEach((i) =>
        issue(['inscricoes', 'tamanhosCamiseta', i, 'nome'], messages.tamanhoRepeated),
      )
      const { cartao } = values.inscricoes
      if (cartao.ativo)
        issue(['inscricoes', 'cartao', 'parcelasMax'], required(cartao.parcelasMax) ?? parcelasMax(cartao.parcelasMax))
      // Each tier's minimo above the one before (GRP-20), said where its own checks pass.
      let previous = 0
      values.inscricoes.descontosGrupo.forEach((d, i) => {
        const v = parseInteger(d.minimo)
        if (v == null) return
        if (v <= previous && !descontoMinimo(d.minimo))
          issue(['inscricoes', 'descontosGrupo', i, 'minimo'], m.descontoGrupoOrdem)
        previous = Math.max(previous, v)
      })

      values.retiradaKits.forEach((r, i) => {
        if (isTime(r.horarioInicio) && isTime(r.horarioFim) && r.horarioFim <= r.horarioInicio)
          issue(['retiradaKits', i, 'horarioFim'], messages.timeOrder)
      })

      repeated(values.kits.map((k) => k.nome)).forEach((i) => issue(['kits', i, 'nome'], messages.kitRepeated))
      repeated(values.modalidades.map((m) => m.nome)).forEach((i) =>
        issue(['modalidades', i, 'nome'], messages.modalidadeRepeated),
      )

      const largadaIds = new Set(values.largadas.map((l) => l.id))
      values.modalidades.forEach((m, i) => {
        const at = ['modalidades', i]
        if (!m.largadaId || !largadaIds.has(m.largadaId)) issue([...at, 'largadaId'], messages.largada)
        issue(
          [...at, 'percurso', 'valor'],
          m.percurso.tipo === 'link' ? link(m.percurso.valor) : tooLong(limits.textoMax)(m.percurso.valor),
        )
        repeated(m.categorias.map((c) => c.nome)).forEach((j) =>
          issue([...at, 'categorias', j, 'nome'], messages.categoriaRepeated),
        )
        m.categorias.forEach((c, j) => {
          if (c.qualquerIdade) return
          const cat = [...at, 'categorias', j]
          const age = integer(limits.idadeMin, limits.idadeMax, messages.age, messages.age)
          const fromError = age(c.idadeInicial ?? '')
          const toError = age(c.idadeLimite ?? '')
          issue([...cat, 'idadeInicial'], fromError)
          issue([...cat, 'idadeLimite'], toError)
          const from = parseInteger(c.idadeInicial ?? '')
          const to = parseInteger(c.idadeLimite ?? '')
          if (!fromError && !toError && from != null && to != null && to < from)
            issue([...cat, 'idadeLimite'], messages.ageOrder)
        })
      })

      if (values.premiacao.tipo === 'estruturado') {
        if (values.premiacao.estruturado.length > limits.listaMax)
          issue(['premiacao', 'estruturado'], messages.tooMany(limits.listaMax))
        values.premiacao.estruturado.forEach((p, i) => {
          const at = ['premiacao', 'estruturado', i]
          issue([...at, 'descricao'], required(p.descricao) ?? tooLong(limits.nomeMax)(p.descricao))
          if (p.nivel !== 'modalidade' && p.nivel !== 'categoria') return // geral, or a nivel already reported
          const modalidade = values.modalidades.find((m) => m.nome.trim() !== '' && m.nome === p.modalidadeNome)
          issue(
            [...at, 'modalidadeNome'],
            blank(p.modalidadeNome) ? messages.required : modalidade ? null : messages.modalidadeUnknown,
          )
          if (p.nivel !== 'categoria') return
          const known = !modalidade || modalidade.categorias.some((c) => c.nome === p.categoriaNome)
          issue(
            [...at, 'categoriaNome'],
            blank(p.categoriaNome) ? messages.required : known ? null : messages.categoriaUnknown,
          )
        })
      }
    }),
  )

/** The positions of names used before in the list (blank names are reported as missing instead). */
function repeated(names: string[]): number[] {
  const seen = new Set<string>()
  return names.flatMap((raw, i) => {
    const name = raw.trim()
    if (name === '') return []
    if (seen.has(name)) return [i]
    seen.add(name)
    return []
  })
}
