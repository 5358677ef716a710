import { describe, expect, it } from 'vitest'
import { amount, count, flag, list, oneOf, record, text } from './schema'

describe('the parsers of API answers', () => {
  it('read a field of the wrong type as its empty value', () => {
    expect([text('a'), text(3), text(null)]).toEqual(['a', '', ''])
    expect([flag(true)(false), flag(true)('false'), flag(false)(undefined)]).toEqual([false, true, false])
    expect([amount(0), amount(-2.5), amount('12'), amount(null)]).toEqual([0, -2.5, null, null])
    expect([count(7), count('7'), count(Number.NaN), count(Number.POSITIVE_INFINITY)]).toEqual([7, 0, 0, 0])
    const status = oneOf(['preliminar', 'oficial'], 'preliminar')
    expect([status('oficial'), status('OFICIAL'), status(1)]).toEqual(['oficial', 'preliminar', 'preliminar'])
  })

  it('read anything but an array as an empty list, and each row by its parser', () => {
    expect(list(text)(['a', 2, null])).toEqual(['a', '', ''])
    expect(list(text)('a')).toEqual([])
    expect(list(text)({ 0: 'a', length: 1 })).toEqual([])
  })

  it('give an object only the fields of its shape, each with its default when missing or wrong', () => {
    const place = record({ cidade: text, vagas: amount, aberto: flag(true) })
    expect(place({ cidade: 'Recife', vagas: 100, extra: 'x' })).toEqual({ cidade: 'Recife', vagas: 100, aberto: true })
    expect(Object.keys(place({ extra: 'x' }))).toEqual(['cidade', 'vagas', 'aberto'])
    for (const notObject of [null, undefined, 'Recife', 3, ['Recife']]) {
      expect(place(notObject)).toEqual({ cidade: '', vagas: null, aberto: true })
    }
    expect(record({ local: place })({ local: null })).toEqual({ local: { cidade: '', vagas: null, aberto: true } })
  })
})
