import { describe, expect, it } from 'vitest'
import { makeAthlete, makeResult, makeSet } from '../testing/testResults'
import { parseAthlete, parseResultPage, parseResultSet, parseResultSets } from './resultSchema'

describe('parseResultSets', () => {
  it('keeps complete sets as the server sent them', () => {
    const sets = [
      makeSet({ categorias: ['M30-34'] }),
      makeSet({ id: 's2', percurso: '5K', status: 'oficial', categorias: [] }),
    ]
    expect(parseResultSets({ resultSets: sets })).toEqual(sets)
  })

  it('completes a partial set, preliminary unless it says official, leaves out sets without an id, and reads anything else as none', () => {
    expect(
      parseResultSets({
        resultSets: [{ id: 's1', percurso: '21K', status: 'final', finishers: '2' }, null, { percurso: '5K' }],
      }),
    ).toEqual([
      { id: 's1', percurso: '21K', status: 'preliminar', finishers: 0, total: 0, importedAt: '', categorias: [] },
    ])
    for (const answer of [null, 'texto', { resultSets: null }, []]) expect(parseResultSets(answer)).toEqual([])
  })

  it('reads a published set', () => {
    expect(parseResultSet(makeSet({ categorias: ['F'] }))).toEqual(makeSet({ categorias: ['F'] }))
  })
})

describe('parseResultPage', () => {
  it('keeps complete lines and the cursor', () => {
    const page = {
      results: [makeResult(), makeResult({ numeroPeito: '7', status: 'DNF', posicao: null })],
      total: 2,
      nextCursor: 'c2',
    }
    expect(parseResultPage(page)).toEqual(page)
  })

  it('completes partial lines, and ends the pages without a cursor', () => {
    const page = parseResultPage({ results: [{ nome: 'ANA', numeroPeito: 12, parciais: null, status: 'chip' }, null] })
    expect(page.total).toBe(0)
    expect(page.nextCursor).toBeNull()
    expect(page.results[0]).toEqual({
      numeroPeito: '12',
      chave: '',
      nome: 'ANA',
      sexo: '',
      categoria: '',
      equipe: '',
      posicao: null,
      posicaoSexo: null,
      posicaoCategoria: null,
      tempoBruto: '',
      tempoLiquido: '',
      pace: '',
      status: 'ok',
      parciais: [],
    })
    expect(page.results[1]!.numeroPeito).toBe('')
    expect(parseResultPage(undefined)).toEqual({ results: [], total: 0, nextCursor: null })
  })
})

describe('parseAthlete', () => {
  it('keeps a complete answer, its set included', () => {
    const a = makeAthlete({ parciais: [{ nome: '10 km', tempo: '0:40:30' }], resultSet: makeSet({ categorias: [] }) })
    expect(parseAthlete(JSON.parse(JSON.stringify(a)))).toEqual(a)
  })

  it('gives a partial answer its defaults, without a set when it has none', () => {
    const a = parseAthlete({ numeroPeito: '101', nome: 'ANA', maisRapidoQue: 'muito' })
    expect(a).toMatchObject({
      numeroPeito: '101',
      nome: 'ANA',
      total: 0,
      concluintes: 0,
      maisRapidoQue: null,
      totalSexo: 0,
      totalCategoria: 0,
    })
    expect(a.resultSet).toBeUndefined()
    expect(parseAthlete(null).numeroPeito).toBe('')
  })
})
