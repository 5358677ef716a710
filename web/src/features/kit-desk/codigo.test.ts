import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/participant/testdata/codigo_cases.json'
import { codigoFromQr, normalizeCodigo } from './codigo'

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
