import { describe, expect, it } from 'vitest'
import type { Inscricoes } from './event'
import { makeEvent } from '../testing/testEvents'
import { parseEvent, parseEventList, parseEventListInSlices } from './eventSchema'
import { nextTask } from '../platform/nextTask'

describe('parseEvent', () => {
  it('keeps a complete event as the server sent it', () => {
    const e = makeEvent()
    expect(parseEvent(JSON.parse(JSON.stringify(e)))).toEqual(e)
  })

  it('keeps a structured schedule and structured prizes', () => {
    const e = makeEvent({
      informacoes: { cronograma: { tipo: 'estruturado', valor: [{ horario: '07:00', descricao: 'Largada' }] } },
      premiacao: {
        tipo: 'estruturado',
        valor: '',
        estruturado: [{ descricao: 'Troféu', nivel: 'categoria', modalidadeNome: '10 km', categoriaNome: 'Geral' }],
      },
    })
    expect(parseEvent(e)).toEqual(e)
  })

  it('keeps gun time as the time that ranks the results', () => {
    expect(parseEvent(makeEvent({ tempoClassificacao: 'bruto' })).tempoClassificacao).toBe('bruto')
  })

  it('gives every missing field its empty value (ERR-9, ERR-10)', () => {
    const e = parseEvent({
      id: 'x',
      local: null,
      modalidades: [{ nome: '5 km', resultados: null }],
      inscricoes: { lotes: [{ valor: '12' }] },
    })
    expect(e.titulo).toBe('')
    expect(e.categoria).toBe('')
    expect(e.dataEvento).toBe('')
    expect(e.local).toEqual({ local: '', endereco: '', cidade: '', estado: '' })
    expect(e.banners).toEqual({ desktop: '', mobile: '' })
    expect(e.informacoes.cronograma).toEqual({ tipo: 'texto', valor: '' })
    expect(e.modalidades[0]).toEqual({
      nome: '5 km',
      km: null,
      largadaId: '',
      percurso: { tipo: 'texto', valor: '' },
      premiacaoGeral: '',
      categorias: [],
      resultados: { pdfGeralURL: '', pdfCategoriasURL: '' },
      vagas: null,
      idadeMinima: null,
    })
    expect(e.inscricoes).toMatchObject({
      ativas: true,
      tipoPreco: 'lotes',
      lotes: [{ nome: '', valor: null, maxVagas: null, dataLimite: '' }],
    })
    expect(e.premiacao).toEqual({ tipo: 'texto', valor: '', estruturado: [] })
    expect(e.tempoClassificacao).toBe('liquido')
  })

  it('reads an event saved before the registration offer as sold elsewhere, with the default sizes and 60+ (REG-16)', () => {
    const e = parseEvent({ id: 'x', inscricoes: { lotes: [{ nome: '1º Lote' }] }, modalidades: [{ nome: '5 km' }] })
    expect(e.inscricoes).toMatchObject({
      modo: 'externo',
      vagas: null,
      tamanhosCamiseta: ['PP', 'P', 'M', 'G', 'GG', 'XG'],
      meiaEntradaIdoso: true,
      edicaoAte: '',
    })
    expect(e.inscricoes.lotes[0]!.valoresPorModalidade).toEqual([])
    expect(e.modalidades[0]!.vagas).toBeNull()
  })

  it('keeps the offer Pelotão sells', () => {
    const inscricoes: Inscricoes = {
      ...makeEvent().inscricoes,
      modo: 'pelotao',
      vagas: 800,
      tamanhosCamiseta: ['Infantil', 'P'],
      meiaEntradaIdoso: false,
      edicaoAte: '2026-03-01',
      lotes: [
        {
          nome: '1º Lote',
          valor: 90,
          maxVagas: 300,
          dataLimite: '2026-02-01',
          valoresPorModalidade: [{ modalidadeNome: '5K', valor: 60 }],
        },
      ],
    }
    const e = makeEvent({ inscricoes, modalidades: [{ ...makeEvent().modalidades[0]!, vagas: 500 }] })
    expect(parseEvent(JSON.parse(JSON.stringify(e)))).toEqual(e)
    expect(parseEvent({ inscricoes: { ...inscricoes, modo: 'loja', tamanhosCamiseta: [] } }).inscricoes).toMatchObject({
      modo: 'externo',
      tamanhosCamiseta: ['PP', 'P', 'M', 'G', 'GG', 'XG'],
    })
  })

  // CARD-16: the card setting as the server keeps it; an event without one offers Pix only.
  it('keeps the card setting, and leaves it out when the event has none', () => {
    const e = makeEvent({ inscricoes: { ...makeEvent().inscricoes, cartao: { ativo: true, parcelasMax: 6 } } })
    expect(parseEvent(JSON.parse(JSON.stringify(e))).inscricoes.cartao).toEqual({ ativo: true, parcelasMax: 6 })
    expect(parseEvent(makeEvent()).inscricoes).not.toHaveProperty('cartao', expect.anything())
    expect(parseEvent({ inscricoes: { cartao: { ativo: 'sim', parcelasMax: '6' } } }).inscricoes.cartao).toEqual({
      ativo: false,
      parcelasMax: null,
    })
  })

  it('treats a wrong type like a missing value', () => {
    const e = parseEvent({
      id: 'x',
      titulo: 42,
      largadas: 'Largada Geral',
      kits: [null],
      informacoes: { cronograma: { tipo: 'estruturado', valor: 'texto' } },
      tempoClassificacao: 'chip',
    })
    expect(e.titulo).toBe('')
    expect(e.tempoClassificacao).toBe('liquido')
    expect(e.largadas).toEqual([])
    expect(e.kits).toEqual([{ nome: '', items: [] }])
    expect(e.informacoes.cronograma).toEqual({ tipo: 'texto', valor: 'texto' })
  })

  it('reads anything but an object as an event without an id (RES-5)', () => {
    for (const answer of [null, undefined, 'texto', [], 7]) expect(parseEvent(answer).id).toBe('')
  })
})

describe('parseEventList', () => {
  it('completes each summary and keeps only numbers among the distances', () => {
    const list = parseEventList({
      events: [
        { id: 'a', distances: [5, null, '10', 21.1] },
        { id: 'b', local: null },
      ],
      nextCursor: 'c',
    })
    expect(list.nextCursor).toBe('c')
    expect(list.events[0]).toEqual({
      id: 'a',
      titulo: '',
      categoria: '',
      dataEvento: '',
      status: '',
      banners: { desktop: '', mobile: '' },
      local: { local: '', endereco: '', cidade: '', estado: '' },
      linkCompra: '',
      distances: [5, 21.1],
      resultados: null,
    })
    expect(list.events[1]!.local.cidade).toBe('')
  })

  it('reads what results an event has published, a value not known as not said (HOME-19)', () => {
    const list = parseEventList({
      events: ['oficial', 'preliminar', 'nenhum', 'talvez', null].map((resultados, i) => ({ id: `e${i}`, resultados })),
    })
    expect(list.events.map((e) => e.resultados)).toEqual(['oficial', 'preliminar', 'nenhum', null, null])
  })

  it('reads an answer without a list as an empty list', () => {
    expect(parseEventList(null)).toEqual({ events: [] })
    expect(parseEventList({ events: 'x' }).events).toEqual([])
  })
})

describe('parseEventListInSlices', () => {
  // A page of the home page's list: whole, partial and broken summaries, in an order to keep.
  const page = (n: number) => ({
    events: Array.from({ length: n }, (_, i) =>
      i % 3 === 0
        ? { id: `e${i}`, titulo: `Prova ${i}`, dataEvento: '2027-01-10', distances: [5, 'x'] }
        : i % 3 === 1
          ? { id: `e${i}`, local: null }
          : `quebrado ${i}`,
    ),
    nextCursor: 'próximo',
  })

  it('gives what parseEventList gives, for a long page and a short one', async () => {
    for (const n of [0, 7, 100, 101, 250, 500]) {
      const answer = page(n)
      expect(await parseEventListInSlices(answer)).toEqual(parseEventList(answer))
    }
  })

  it('gives the main thread back between slices of 100', async () => {
    // Work queued as a task once the parse has begun runs before the parse ends: the parse yields
    // between slices instead of holding the thread for all 500. (A timer counted ticks before; on a
    // fast machine 500 summaries parsed inside one timer's millisecond, and the count was 0.)
    const order: string[] = []
    const parsing = parseEventListInSlices(page(500)).then((list) => {
      order.push('parsed')
      return list
    })
    await nextTask()
    order.push('other work')
    const list = await parsing
    expect(order).toEqual(['other work', 'parsed'])
    expect(list.events.map((e) => e.id).slice(0, 3)).toEqual(['e0', 'e1', ''])
    expect(list.events).toHaveLength(500)
  })

  it('reads an answer without a list as parseEventList does', async () => {
    for (const answer of [null, 'texto', { events: 'x' }, { nextCursor: 'c' }]) {
      expect(await parseEventListInSlices(answer)).toEqual(parseEventList(answer))
    }
  })
})
