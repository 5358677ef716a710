import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/participant/testdata/documentos.json'
import { documentoMessages, parseDocumento } from './documento'

// The table internal/participant's tests run too (TestParseDocumentoSharedCases).
describe('parseDocumento (REG-70)', () => {
  it.each(cases)('$tipo $numero', (c) => {
    const want =
      'erro' in c && c.erro
        ? { erro: documentoMessages[c.erro as keyof typeof documentoMessages] }
        : { numero: c.valido }
    expect(parseDocumento(c.tipo, c.numero)).toEqual(want)
  })
})
