import { describe, expect, it } from 'vitest'
import constants from '../../../../internal/event/constants.json'
import type { Event } from '../../lib/events/event'
import { parseEvent } from '../../lib/events/eventSchema'
import {
  formFieldOf,
  fromEvent,
  newEventValues,
  newRetiradaKit,
  parseDecimal,
  parseInteger,
  toEventInput,
  type EventFormValues,
} from './formModel'
import { eventFormSchema } from './formSchema'

describe('a new event starts from the docs/product.md §9 defaults', () => {
  const v = newEventValues()
  it('categoria Corrida de Rua and status Inscrições Abertas (CONST-5, CONST-6)', () => {
    expect(v.categoria).toBe('Corrida de Rua')
    expect(v.status).toBe('Inscrições Abertas')
    expect(v.categoria).toBe(constants.defaults.categoria)
  })
  it("first lot '1º Lote', registrations active (CONST-7, FORM-16)", () => {
    expect(v.inscricoes.tipoPreco).toBe('lotes')
    expect(v.inscricoes.lotes).toEqual([
      { nome: '1º Lote', valor: '', maxVagas: '', dataLimite: '', valoresPorModalidade: [] },
    ])
    expect(v.inscricoes.ativas).toBe(true)
  })
  it("start 'Largada Geral' at 08:00 with an id (CONST-8)", () => {
    expect(v.largadas).toHaveLength(1)
    expect(v.largadas[0]).toMatchObject({ nome: 'Largada Geral', horario: '08:00' })
    expect(v.largadas[0]!.id).toMatch(/^largada-[0-9a-f]{12}$/)
    expect(newEventValues().largadas[0]!.id).not.toBe(v.largadas[0]!.id)
  })
  it('a kit pickup row is added at 09:00–18:00 (CONST-9)', () => {
    expect(v.retiradaKits).toEqual([])
    expect(newRetiradaKit()).toEqual({ local: '', data: '', horarioInicio: '09:00', horarioFim: '18:00' })
  })
  it("kit 'Kit Básico' with Medalha and Número de peito (CONST-10)", () => {
    expect(v.kits).toHaveLength(1)
    expect(v.kits[0]).toMatchObject({ nome: 'Kit Básico', items: [{ nome: 'Medalha' }, { nome: 'Número de peito' }] })
  })
  it('schedule and prizes start as text, no modalities', () => {
    expect(v.informacoes.cronograma.tipo).toBe('texto')
    expect(v.premiacao.tipo).toBe('texto')
    expect(v.modalidades).toEqual([])
  })
})

describe('numbers as people type them', () => {
  it.each([
    ['49,90', 49.9],
    ['1.234,50', 1234.5],
    ['1234,5', 1234.5],
    ['49.90', 49.9],
    ['1.234', 1234],
    ['R$ 10', 10],
    ['  7 ', 7],
    ['0', 0],
    ['-5', -5],
  ])('parseDecimal(%j) = %d', (text, value) => expect(parseDecimal(text)).toBe(value))

  it('a blank decimal is null, never NaN', () => {
    expect(parseDecimal('')).toBeNull()
    expect(parseDecimal('   ')).toBeNull()
  })

  it.each(['abc', '1,2,3', '12.34,5', '1.23,4', '--5', '-', '4,', ','])('parseDecimal(%j) is not a number', (text) =>
    expect(parseDecimal(text)).toBeUndefined(),
  )

  it('integers for ages and places', () => {
    expect(parseInteger('42')).toBe(42)
    expect(parseInteger(' 120 ')).toBe(120)
    expect(parseInteger('')).toBeNull()
    expect(parseInteger('4,5')).toBeUndefined()
    expect(parseInteger('4.5')).toBeUndefined()
    expect(parseInteger('-1')).toBe(-1)
    expect(parseInteger('1-')).toBeUndefined()
  })
})

function filled(): EventFormValues {
  const v = newEventValues()
  v.titulo = '  Corrida da Serra  '
  v.dataEvento = '2026-09-07'
  v.local = { local: 'Praça Central', endereco: 'Rua A, 1', cidade: 'Campos', estado: 'SP' }
  v.inscricoes.lotes = [
    { nome: '1º Lote', valor: '49,90', maxVagas: '300', dataLimite: '2026-08-01', valoresPorModalidade: [] },
    { nome: '2º Lote', valor: '1.234,50', maxVagas: '', dataLimite: '', valoresPorModalidade: [] },
  ]
  v.kits[0]!.preco = '80'
  v.modalidades = [
    {
      nome: '10 km',
      km: '10,5',
      largadaId: v.largadas[0]!.id,
      percurso: { tipo: 'texto', valor: 'Plano' },
      premiacaoGeral: 'Troféus',
      categorias: [
        {
          nome: 'Livre',
          idadeInicial: '18',
          idadeLimite: '29',
          qualquerIdade: false,
          genero: 'Feminino',
          premiacao: '',
        },
        { nome: 'Geral', idadeInicial: '5', idadeLimite: '', qualquerIdade: true, genero: 'Misto', premiacao: '' },
        { nome: 'Sem idade', idadeInicial: '', idadeLimite: '', qualquerIdade: false, genero: 'Misto', premiacao: '' },
      ],
      resultados: { pdfGeralURL: '', pdfCategoriasURL: '' },
      vagas: '',
      idadeMinima: '16',
    },
  ]
  return v
}

describe('the document sent at save (FORM-33, FORM-34)', () => {
  it('parses money as decimals, places and ages as integers, blanks as null', () => {
    const e = toEventInput(filled())
    expect(e.titulo).toBe('Corrida da Serra')
    expect(e.inscricoes.lotes).toEqual([
      { nome: '1º Lote', valor: 49.9, maxVagas: 300, dataLimite: '2026-08-01', valoresPorModalidade: [] },
      { nome: '2º Lote', valor: 1234.5, maxVagas: null, dataLimite: '', valoresPorModalidade: [] },
    ])
    const m = e.modalidades[0]!
    expect(m.km).toBe(10.5)
    expect(m.categorias[0]).toMatchObject({ idadeInicial: 18, idadeLimite: 29, qualquerIdade: false })
    expect(m.categorias[2]).toMatchObject({ idadeInicial: null, idadeLimite: null })
    expect(JSON.stringify(e)).not.toContain('NaN')
  })

  it("'Qualquer idade' saves 0 and 120 whatever was typed", () => {
    const m = toEventInput(filled()).modalidades[0]!
    expect(m.categorias[1]).toMatchObject({ idadeInicial: 0, idadeLimite: 120, qualquerIdade: true })
  })

  it('only the chosen price format carries data', () => {
    const v = filled()
    expect(toEventInput(v).inscricoes.precosPorKit).toEqual([])
    v.inscricoes.tipoPreco = 'kit'
    const e = toEventInput(v)
    expect(e.inscricoes.lotes).toEqual([])
    expect(e.inscricoes.precosPorKit).toEqual([{ kitNome: 'Kit Básico', valor: 80 }])
    expect(e.kits).toEqual([{ nome: 'Kit Básico', items: [{ nome: 'Medalha' }, { nome: 'Número de peito' }] }])
  })

  it('the schedule is text or rows', () => {
    const v = filled()
    v.informacoes.cronograma = { tipo: 'texto', texto: 'Das 7h às 12h', linhas: [{ horario: '07:00', descricao: 'x' }] }
    expect(toEventInput(v).informacoes.cronograma).toEqual({ tipo: 'texto', valor: 'Das 7h às 12h' })
    v.informacoes.cronograma.tipo = 'estruturado'
    expect(toEventInput(v).informacoes.cronograma).toEqual({
      tipo: 'estruturado',
      valor: [{ horario: '07:00', descricao: 'x' }],
    })
  })

  it('an edited event comes back into the form as it was saved', () => {
    const input = toEventInput(filled())
    const saved: Event = parseEvent({
      ...input,
      id: 'e1',
      ownerId: 'u1',
      criadoEm: '2026-01-01T00:00:00Z',
      atualizadoEm: '2026-01-01T00:00:00Z',
    })
    const back = fromEvent(saved)
    expect(back.inscricoes.lotes[1]).toEqual({
      nome: '2º Lote',
      valor: '1.234,50',
      maxVagas: '',
      dataLimite: '',
      valoresPorModalidade: [],
    })
    expect(back.modalidades[0]!.km).toBe('10,5')
    expect(toEventInput(back)).toEqual(input)
  })

  it('an event sold by Pelotão keeps every offer field through the form (REG-30)', () => {
    const input = toEventInput(filled())
    input.inscricoes = {
      ...input.inscricoes,
      modo: 'pelotao',
      vagas: 800,
      tamanhosCamiseta: ['Infantil', 'P', 'M', 'G'],
      meiaEntradaIdoso: false,
      edicaoAte: '2026-08-31',
    }
    input.inscricoes.lotes[0]!.valoresPorModalidade = [{ modalidadeNome: '10 km', valor: 99.9 }]
    input.modalidades[0]!.vagas = 500
    const saved = parseEvent({
      ...input,
      id: 'e1',
      ownerId: 'u1',
      criadoEm: '2026-01-01T00:00:00Z',
      atualizadoEm: '2026-01-01T00:00:00Z',
    })
    expect(toEventInput(fromEvent(saved))).toEqual(input)
    // The form's rules keep them too (zod drops what it does not know).
    const checked = eventFormSchema.safeParse(fromEvent(saved))
    expect(checked.success).toBe(true)
    expect(toEventInput(checked.data as EventFormValues)).toEqual(input)
  })
})

describe('the rules before sending', () => {
  const errorsOf = (v: EventFormValues) => {
    const r = eventFormSchema.safeParse(v)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('keeps the ranking time chosen for the results through the form and its rules', () => {
    const v = { ...filled(), tempoClassificacao: 'bruto' as const }
    const r = eventFormSchema.safeParse(v)
    expect(r.success).toBe(true)
    expect(toEventInput(r.data as EventFormValues).tempoClassificacao).toBe('bruto')
    expect(newEventValues().tempoClassificacao).toBe('liquido')
    expect(errorsOf({ ...v, tempoClassificacao: 'chip' as never })).toEqual({
      tempoClassificacao: 'Selecione um tipo da lista.',
    })
  })

  it("keeps the ranking by assessoria's n through the form, 3 for a new event and blank the server's default (GRP-31)", () => {
    expect(newEventValues().temposAssessoria).toBe('3')
    const v = { ...filled(), temposAssessoria: '5' }
    expect(errorsOf(v)).toEqual({})
    expect(toEventInput(v).temposAssessoria).toBe(5)
    expect(toEventInput({ ...v, temposAssessoria: '' }).temposAssessoria).toBeNull()
    expect(errorsOf({ ...v, temposAssessoria: '11' })).toEqual({ temposAssessoria: 'Informe de 1 a 10 tempos.' })
    expect(fromEvent(parseEvent({ ...toEventInput(v), id: 'e1' })).temposAssessoria).toBe('5')
  })

  it('an empty form needs exactly titulo, dataEvento, cidade and estado', () => {
    expect(errorsOf(newEventValues())).toEqual({
      titulo: 'Campo obrigatório.',
      dataEvento: 'Campo obrigatório.',
      'local.cidade': 'Campo obrigatório.',
      'local.estado': 'Campo obrigatório.',
    })
  })

  it('a complete event passes', () => expect(errorsOf(filled())).toEqual({}))

  it('money with cents only, ages 0–120, places whole and not negative, like the server', () => {
    const v = filled()
    v.inscricoes.lotes[0]!.valor = '10,555'
    v.inscricoes.lotes[1]!.maxVagas = '-3'
    v.modalidades[0]!.km = '0'
    v.modalidades[0]!.categorias[0]!.idadeInicial = '121'
    v.modalidades[0]!.categorias[2]!.nome = 'Livre'
    v.retiradaKits = [{ local: '', data: '2026-02-30', horarioInicio: '18:00', horarioFim: '09:00' }]
    expect(errorsOf(v)).toEqual({
      'inscricoes.lotes.0.valor': 'Use no máximo duas casas decimais.',
      'inscricoes.lotes.1.maxVagas': 'Informe um valor maior ou igual a zero.',
      'modalidades.0.km': 'Informe um valor maior que zero.',
      'modalidades.0.categorias.0.idadeInicial': 'Informe uma idade entre 0 e 120 anos.',
      'modalidades.0.categorias.2.nome': 'Já existe uma categoria com este nome nesta modalidade.',
      'retiradaKits.0.local': 'Campo obrigatório.',
      'retiradaKits.0.data': 'Informe uma data válida.',
      'retiradaKits.0.horarioFim': 'O horário final deve ser depois do horário inicial.',
    })
  })

  it('the offer sold by Pelotão, at the fields the server names (REG-32)', () => {
    const v = filled()
    v.inscricoes.modo = 'pelotao'
    v.inscricoes.lotes[1]!.valor = ''
    v.inscricoes.lotes[0]!.valoresPorModalidade = [
      { modalidadeNome: '10 km', valor: '99,90' },
      { modalidadeNome: '10 km', valor: '' },
    ]
    v.inscricoes.tamanhosCamiseta.push({ nome: ' M ' })
    v.modalidades[0]!.vagas = '1.5'
    const m = constants.messages
    expect(errorsOf(v)).toEqual({
      'inscricoes.lotes.1.valor': m.obrigatorio,
      'inscricoes.lotes.0.valoresPorModalidade.1.modalidadeNome': m.valorRepetido,
      'inscricoes.lotes.0.valoresPorModalidade.1.valor': m.obrigatorio,
      'inscricoes.tamanhosCamiseta.6.nome': m.tamanhoRepetido,
      'modalidades.0.vagas': m.inteiro,
    })
    expect(formFieldOf('inscricoes.tamanhosCamiseta.6', v)).toBe('inscricoes.tamanhosCamiseta.6.nome')
    v.inscricoes.tipoPreco = 'texto'
    expect(errorsOf(v)).toMatchObject({ 'inscricoes.tipoPreco': m.textoComPelotao })
  })

  it('structured prizes must name a defined modality and category', () => {
    const v = filled()
    v.premiacao = {
      tipo: 'estruturado',
      valor: '',
      estruturado: [
        { descricao: 'Troféu', nivel: 'modalidade', modalidadeNome: '', categoriaNome: '' },
        { descricao: '', nivel: 'categoria', modalidadeNome: '10 km', categoriaNome: 'Master' },
        { descricao: 'Medalha', nivel: 'modalidade', modalidadeNome: '42 km', categoriaNome: '' },
      ],
    }
    expect(errorsOf(v)).toEqual({
      'premiacao.estruturado.0.modalidadeNome': 'Campo obrigatório.',
      'premiacao.estruturado.1.descricao': 'Campo obrigatório.',
      'premiacao.estruturado.1.categoriaNome': 'Selecione uma das categorias desta modalidade.',
      'premiacao.estruturado.2.modalidadeNome': 'Selecione uma das modalidades cadastradas.',
    })
  })

  it('rejects a bad link, price, age and a modality without start', () => {
    const v = filled()
    v.linkCompra = 'inscricoes.com'
    v.regulamento = 'https://exemplo.com/' + 'r'.repeat(constants.limits.urlMax)
    v.inscricoes.lotes[0]!.valor = 'dez reais'
    v.inscricoes.lotes[0]!.maxVagas = '10,5'
    v.modalidades[0]!.largadaId = ''
    v.modalidades[0]!.categorias[0]!.idadeLimite = '12'
    expect(errorsOf(v)).toEqual({
      linkCompra: 'Informe uma URL válida.',
      regulamento: 'Use no máximo 2.048 caracteres.',
      'inscricoes.lotes.0.valor': 'Informe um número válido.',
      'inscricoes.lotes.0.maxVagas': 'Informe um número inteiro.',
      'modalidades.0.largadaId': 'Selecione uma largada.',
      'modalidades.0.categorias.0.idadeLimite': 'A idade limite deve ser maior ou igual à idade inicial.',
    })
  })
})

describe("the server's 422 field paths land on the form's fields", () => {
  const v = newEventValues()
  it.each([
    ['modalidades.1.largadaId', 'modalidades.1.largadaId'],
    ['modalidades[1].categorias[0].idadeInicial', 'modalidades.1.categorias.0.idadeInicial'],
    ['inscricoes.precosPorKit.2.valor', 'kits.2.preco'],
    ['inscricoes.precosPorKit.0.kitNome', 'kits.0.nome'],
    ['informacoes.cronograma.valor.3.horario', 'informacoes.cronograma.linhas.3.horario'],
    ['informacoes.cronograma.valor', 'informacoes.cronograma.texto'],
    ['local.estado', 'local.estado'],
  ])('%s → %s', (server, field) => expect(formFieldOf(server, v)).toBe(field))
})
