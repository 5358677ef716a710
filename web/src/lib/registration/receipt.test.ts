import { describe, expect, it } from 'vitest'
import table from '../../../../internal/orders/testdata/refundable_cases.json'
import { centavos, fromCentavos } from '../text/format'
import { refundable } from './receipt'

// REG-167: the table Go's orders.Refundable runs too (internal/orders/refund_test.go), in centavos;
// the order goes in as the API answers it, in reais.
describe('refundable: the cases shared with the server', () => {
  const cases = table.cases.filter((c) => !('serverOnly' in c))

  it('runs the cases the API lets it meet', () => {
    expect(cases.length).toBeGreaterThan(8)
    expect(table.cases.length - cases.length).toBe(1)
  })

  it.each(cases)('$name', (c) => {
    const order = {
      total: fromCentavos(centavos(c.order.total)),
      reembolsos: c.order.refunds.map((r) => ({
        valor: fromCentavos(centavos(r.valor)),
        status: r.status as 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO',
        horario: '2026-03-02T12:00:00Z',
      })),
    }
    expect(refundable(order)).toBe(fromCentavos(centavos(c.refundable)))
  })
})
