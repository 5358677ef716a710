import { describe, expect, it } from 'vitest'
import { buildIndex, packIndex, search, unpackIndex } from './search'
import { participant } from './testRoster'

const roster = [
  participant('1', 'João da Silva', { numeroPeito: 1234, documento: { tipo: 'cpf', numero: '***.456.789-**' } }),
  participant('2', 'Maria Conceição Peçanha', {
    numeroPeito: 77,
    documento: { tipo: 'cpf', numero: '***.111.222-**' },
  }),
  participant('3', 'Silvana João-Pedro', { numeroPeito: 12, documento: { tipo: 'passaporte', numero: 'AB123456' } }),
  participant('4', "Ana D'Ávila", { numeroPeito: 9001, documento: null }),
  participant('5', 'JOSÉ SILVEIRA', { numeroPeito: 123, documento: { tipo: 'cpf', numero: '98765432100' } }),
  participant('6', 'Bia Paga', { numeroPeito: 4444, documento: null, origem: 'pelotao', codigo: '7XK2MP9QRZ' }),
  participant('7', 'Davi Pago', { numeroPeito: 4445, documento: null, origem: 'pelotao', codigo: 'CARLANEVES' }),
  participant('8', 'Carla Neves', { numeroPeito: 4446, documento: null }),
  participant('9', 'Caio Digito', { numeroPeito: 4447, documento: null, origem: 'pelotao', codigo: '2345678923' }),
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
    const withAdriana = buildIndex([...roster, participant('a', 'Adriana Lima')])
    // "Adriana" and "Silvana" only contain "ana"; "Ana D'Ávila" starts with it, though it sorts after Adriana.
    expect(search(withAdriana, 'ana').ids).toEqual(['4', 'a', '3'])
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
    expect(search(again, '7xk2-mp9q-rz').ids).toEqual(['6'])
  })
  it('keeps an empty roster empty', () => {
    expect(unpackIndex(packIndex(buildIndex([])))).toEqual({ ids: [], names: [], bibs: [], cpfs: [], codes: [] })
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

// REG-144: a registration code, however typed, finds its registration first; part of one finds none by code.
describe('search by registration code', () => {
  it('finds the code in any case, with spaces or hyphens', () => {
    for (const q of ['7XK2MP9QRZ', '7xk2mp9qrz', '7XK2-MP9Q-RZ', ' 7xk2 mp9q rz ']) expect(find(q)).toEqual(['6'])
  })

  it('finds nothing by a part of a code', () => {
    expect(find('7XK2')).toEqual([])
    expect(find('7XK2MP9QR')).toEqual([])
  })

  it('puts the code first beside what the same text finds as a name or digits', () => {
    expect(find('Carla Neves')).toEqual(['7', '8'])
    expect(find('2345-6789-23')).toEqual(['9'])
  })

  it('keeps the limit and says there are more', () => {
    const many = buildIndex([
      ...Array.from({ length: 12 }, (_, i) => participant(`c${i}`, `Carla Neves ${i}`)),
      ...roster,
    ])
    const r = search(many, 'carla neves')
    expect(r.ids[0]).toBe('7')
    expect(r.ids).toHaveLength(10)
    expect(r.more).toBe(true)
  })
})
