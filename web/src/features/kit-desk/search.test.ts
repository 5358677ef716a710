import { describe, expect, it } from 'vitest'
import { buildIndex, packIndex, search, unpackIndex } from './search'
import { participant } from './testRoster'

const roster = [
  participant('1', 'João da Silva', { numeroPeito: 1234, documento: { tipo: 'cpf', numero: '***.456.789-**' } }),
  participant('2', 'Maria Conceição Peçanha', { numeroPeito: 77, documento: { tipo: 'cpf', numero: '***.111.222-**' } }),
  participant('3', 'Silvana João-Pedro', { numeroPeito: 12, documento: { tipo: 'passaporte', numero: 'AB123456' } }),
  participant('4', "Ana D'Ávila", { numeroPeito: 9001, documento: null }),
  participant('5', 'JOSÉ SILVEIRA', { numeroPeito: 123, documento: { tipo: 'cpf', numero: '98765432100' } }),
]
const index = buildIndex(roster)
const find = (q: string) => search(index, q).ids

describe('search by name', () => {
  it('ignores accents and case, takes words in any order and partial words', () => {
    expect(find('joao silv')).toContain('1')
    expect(find('SILVA JOÃO')).toContain('1')
    expect(find('conceicao')).toEqual(['2'])
    expect(find('PECANHA maria')).toEqual(['2'])
    expect(find('avila')).toEqual(['4'])
  })

  it('needs every word', () => {
    expect(find('joao santos')).toEqual([])
  })

  it('puts names whose words start with the query words first', () => {
    const withAdriana = buildIndex([...roster, participant('6', 'Adriana Lima')])
    // "Adriana" and "Silvana" only contain "ana"; "Ana D'Ávila" starts with it, though it sorts after Adriana.
    expect(search(withAdriana, 'ana').ids).toEqual(['4', '6', '3'])
    expect(find('joao silv')).toEqual(['1', '3'])
    expect(find('ilva')).toEqual(['1', '3'])
  })

  it('says when there are more than the limit', () => {
    const many = buildIndex(Array.from({ length: 40 }, (_, i) => participant(String(i), `Ana ${i}`)))
    const r = search(many, 'ana', 30)
    expect(r.ids).toHaveLength(30)
    expect(r.more).toBe(true)
  })
})

describe('the packed index (kept on the device, sent by the worker)', () => {
  it('answers as the index it was packed from', () => {
    const again = unpackIndex(packIndex(index))
    expect(again).toEqual(index)
    expect(search(again, 'joao silv').ids).toEqual(find('joao silv'))
    expect(search(again, '123').ids).toEqual(find('123'))
  })
  it('keeps an empty roster empty', () => {
    expect(unpackIndex(packIndex(buildIndex([])))).toEqual({ ids: [], names: [], bibs: [], cpfs: [] })
  })
})

describe('search by bib and CPF', () => {
  it('finds the exact bib first, then bibs starting with the digits', () => {
    expect(find('123')).toEqual(['5', '1'])
    expect(find('12')).toEqual(['3', '1', '5'])
  })

  it('matches a typed CPF, with or without punctuation, against the six digits the mask shows', () => {
    expect(find('123.456.789-09')).toEqual(['1'])
    expect(find('12345678909')).toEqual(['1'])
    expect(find('000 111 222 33')).toEqual(['2'])
  })

  it('matches a full CPF that a manager’s roster carries', () => {
    expect(find('987.654.321-00')).toEqual(['5'])
  })

  it('matches four or more digits inside the visible part of the CPF', () => {
    expect(find('4567')).toEqual(['1'])
  })

  it('finds nothing for an empty query', () => {
    expect(find('   ')).toEqual([])
  })
})
