// The form's rules. They mirror the server's (internal/event), which stays the authority: whatever
// it still refuses comes back as a 422 and is shown at the same fields.
import { z } from 'zod'
import { parseCalendarDate } from '../../lib/format'
import { constants, parseDecimal, parseInteger, type EventFormValues } from './formModel'

const { limits, defaults } = constants

export const messages = {
  required: 'Campo obrigatório.',
  url: 'Informe uma URL válida.',
  largada: 'Selecione uma largada.',
  option: 'Selecione uma opção da lista.',
  date: 'Informe uma data válida.',
  time: 'Informe um horário válido (HH:MM).',
  money: 'Informe um valor válido, como 49,90.',
  integer: 'Informe um número inteiro.',
  decimal: 'Informe um número válido, como 21,1.',
  age: `Informe uma idade entre ${defaults.idadeMinima} e ${defaults.idadeMaxima}.`,
  ageOrder: 'A idade final deve ser maior ou igual à inicial.',
  periodo: 'O fim das inscrições deve ser igual ou posterior ao início.',
  horarioFim: 'O horário final deve ser posterior ao inicial.',
  modalidade: 'Selecione uma modalidade.',
  categoria: 'Selecione uma categoria.',
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  tooMany: (max: number) => `Adicione no máximo ${max} itens.`,
} as const

const blank = (s: string) => s.trim() === ''

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim())
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

const isTime = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s)

const text = (max: number = limits.textoMax) => z.string().max(max, messages.tooLong(max))
const name = () => text(limits.nomeMax)
const required = (max: number) => z.string().refine((s) => !blank(s), messages.required).pipe(text(max))
const oneOf = (options: readonly string[]) => z.string().refine((s) => options.includes(s), messages.option)
const optionalUrl = () => text().refine((s) => blank(s) || isHttpUrl(s), messages.url)
const optionalDate = () => z.string().refine((s) => s === '' || parseCalendarDate(s) !== null, messages.date)
const optionalTime = () => z.string().refine((s) => s === '' || isTime(s), messages.time)
const list = <T extends z.ZodType>(item: T) => z.array(item).max(limits.listaMax, messages.tooMany(limits.listaMax))

const money = () =>
  z.string().refine((s) => {
    const v = parseDecimal(s)
    return v !== undefined && (v === null || v >= 0)
  }, messages.money)

const linha = z.object({ horario: optionalTime(), descricao: text() })

const categoria = z.object({
  nome: name(),
  // Disabled inputs (while 'Qualquer idade' is ticked) may report no value at all.
  idadeInicial: z.string().optional(),
  idadeLimite: z.string().optional(),
  qualquerIdade: z.boolean(),
  genero: oneOf(constants.generos),
  premiacao: text(),
})

const modalidade = z.object({
  nome: name(),
  km: z.string().refine((s) => {
    const v = parseDecimal(s)
    return v !== undefined && (v === null || v >= 0)
  }, messages.decimal),
  largadaId: z.string(),
  percurso: z.object({ tipo: oneOf(constants.tiposPercurso), valor: text() }),
  premiacaoGeral: text(),
  categorias: list(categoria),
  resultados: z.object({ pdfGeralURL: z.string(), pdfCategoriasURL: z.string() }),
})

export const eventFormSchema = z
  .object({
    titulo: required(limits.tituloMax),
    categoria: oneOf(constants.categorias),
    status: oneOf(constants.statuses),
    dataEvento: z.string().refine((s) => !blank(s), messages.required).pipe(optionalDate()),
    local: z.object({
      local: name(),
      endereco: text(limits.nomeMax),
      cidade: required(limits.nomeMax),
      estado: z
        .string()
        .refine((s) => !blank(s), messages.required)
        .pipe(oneOf(constants.ufs.map((uf) => uf.sigla))),
    }),
    banners: z.object({ desktop: z.string(), mobile: z.string() }),
    regulamentoUrl: z.string(),
    regulamento: optionalUrl(),
    linkCompra: optionalUrl(),
    informacoes: z.object({
      descricao: text(),
      informacoesImportantes: text(),
      cronograma: z.object({ tipo: oneOf(constants.tiposCronograma), texto: text(), linhas: list(linha) }),
    }),
    inscricoes: z.object({
      ativas: z.boolean(),
      tipoPreco: oneOf(constants.tiposPreco),
      lotes: list(z.object({ nome: name(), valor: z.string(), maxVagas: z.string(), dataLimite: optionalDate() })),
      textoPreco: text(),
      periodo: z.object({ inicio: optionalDate(), fim: optionalDate() }),
    }),
    retiradaKits: list(
      z.object({ local: name(), data: optionalDate(), horarioInicio: optionalTime(), horarioFim: optionalTime() }),
    ),
    kits: list(z.object({ rowKey: z.string(), nome: name(), preco: z.string(), items: list(z.object({ nome: name() })) })),
    largadas: list(z.object({ id: z.string(), nome: name(), horario: optionalTime() })),
    modalidades: list(modalidade),
    premiacao: z.object({
      tipo: oneOf(constants.tiposPremiacao),
      valor: text(),
      estruturado: list(
        z.object({
          descricao: text(),
          nivel: oneOf(constants.niveisPremiacao),
          modalidadeNome: z.string(),
          categoriaNome: z.string(),
        }),
      ),
    }),
  })
  // Rules that depend on other fields, or only apply to the format chosen.
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
    const values = v as EventFormValues

    const { periodo, tipoPreco } = values.inscricoes
    if (periodo.inicio && periodo.fim && periodo.fim < periodo.inicio) issue(['inscricoes', 'periodo', 'fim'], messages.periodo)

    if (tipoPreco === 'lotes') {
      values.inscricoes.lotes.forEach((l, i) => {
        if (!money().safeParse(l.valor).success) issue(['inscricoes', 'lotes', i, 'valor'], messages.money)
        const vagas = parseInteger(l.maxVagas)
        if (vagas === undefined) issue(['inscricoes', 'lotes', i, 'maxVagas'], messages.integer)
      })
    }
    if (tipoPreco === 'kit') {
      values.kits.forEach((k, i) => {
        if (!money().safeParse(k.preco).success) issue(['kits', i, 'preco'], messages.money)
      })
    }

    values.retiradaKits.forEach((r, i) => {
      if (isTime(r.horarioInicio) && isTime(r.horarioFim) && r.horarioFim <= r.horarioInicio)
        issue(['retiradaKits', i, 'horarioFim'], messages.horarioFim)
    })

    const largadaIds = new Set(values.largadas.map((l) => l.id))
    values.modalidades.forEach((m, i) => {
      if (!largadaIds.has(m.largadaId)) issue(['modalidades', i, 'largadaId'], messages.largada)
      if (m.percurso.tipo === 'link' && !blank(m.percurso.valor) && !isHttpUrl(m.percurso.valor))
        issue(['modalidades', i, 'percurso', 'valor'], messages.url)
      m.categorias.forEach((c, j) => {
        if (c.qualquerIdade) return
        const path = ['modalidades', i, 'categorias', j]
        const from = checkAge(c.idadeInicial ?? '', [...path, 'idadeInicial'])
        const to = checkAge(c.idadeLimite ?? '', [...path, 'idadeLimite'])
        if (from != null && to != null && to < from) issue([...path, 'idadeLimite'], messages.ageOrder)
      })
    })

    function checkAge(text: string, path: (string | number)[]): number | null {
      const age = parseInteger(text)
      if (age === undefined) issue(path, messages.integer)
      else if (age !== null && (age < defaults.idadeMinima || age > defaults.idadeMaxima)) issue(path, messages.age)
      else return age
      return null
    }

    if (values.informacoes.cronograma.tipo === 'estruturado') {
      values.informacoes.cronograma.linhas.forEach((l, i) => {
        if (blank(l.horario)) issue(['informacoes', 'cronograma', 'linhas', i, 'horario'], messages.required)
      })
    }

    if (values.premiacao.tipo === 'estruturado') {
      values.premiacao.estruturado.forEach((p, i) => {
        if (p.nivel === 'geral') return
        const modalidade = values.modalidades.find((m) => m.nome === p.modalidadeNome && !blank(m.nome))
        if (!modalidade) issue(['premiacao', 'estruturado', i, 'modalidadeNome'], messages.modalidade)
        else if (p.nivel === 'categoria' && !modalidade.categorias.some((c) => c.nome === p.categoriaNome && !blank(c.nome)))
          issue(['premiacao', 'estruturado', i, 'categoriaNome'], messages.categoria)
      })
    }
  })
