import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/participant/testdata/codigo_cases.json'
import { codeOfText, codigoFromQr, linkCodeFromQr, normalizeCodigo } from './codigo'

// The table Go's participant.NormalizeCodigo runs too (REG-140); the QR cases are the desk's own (REG-146).
describe('normalizeCodigo', () => {
  it.each(cases.normalize)('$in → "$out"', ({ in: text, out }) => {
    expect(normalizeCodigo(text)).toBe(out)
  })
})

describe('codigoFromQr', () => {
  it.each(cases.qr)('$in → "$out"', ({ in: text, out }) => {
    expect(codigoFromQr(text)).toBe(out)
  })
})

// GRP-62: a group's code (shorter than a registration's) typed or read from the coach's QR code.
describe("a group's code", () => {
  it.each([
    ['https://pelotao.com.br/i/ABCD2345', 'ABCD2345'],
    ['https://pelotao.com.br/i/abcd-2345/', 'ABCD2345'],
    ['https://pelotao.com.br/i/7XK2MP9QRZ', '7XK2MP9QRZ'],
    ['https://pelotao.com.br/inscricao/x?grupo=ABCD2345', ''],
    ['https://pelotao.com.br/i/AB%C3%87D', ''],
    ['ABCD2345', ''],
  ])('QR code %s → "%s"', (text, out) => {
    expect(linkCodeFromQr(text)).toBe(out)
  })

  it('reads typed text as a code of any length, or none', () => {
    expect(codeOfText(' abcd 2345 ')).toBe('ABCD2345')
    expect(codeOfText('Ana Souza')).toBe('')
    expect(normalizeCodigo('ABCD2345')).toBe('')
  })
})
