import { describe, expect, it } from 'vitest'
import constants from '../../../../../internal/registration/constants.json'
import cases from '../../../../../internal/registration/testdata/cupons.json'
import { emptyCoupon, readCoupon } from './couponForm'

const { cupomCodigoMin, cupomCodigoMax, cupomPercentualMax } = constants.limits
const messages: Record<string, string> = constants.messages

function message(key: string): string {
  return messages[key]!.replace('{min}', String(cupomCodigoMin))
    .replace('{max}', String(cupomCodigoMax))
    .replace('{percentualMax}', String(cupomPercentualMax))
}

describe('readCoupon on the cases the server runs too', () => {
  // REG-125: internal/registration/testdata/cupons.json, run by Go's TestCouponCasesSharedWithTheForm.
  it.each(cases.map((c) => [JSON.stringify(c.cupom), c] as const))('%s', (_, c) => {
    const read = readCoupon({
      ...emptyCoupon,
      codigo: c.cupom.codigo,
      tipo: c.cupom.tipo as 'percentual' | 'fixo',
      valor: String(c.cupom.valor).replace('.', ','),
      maxUsos: 'maxUsos' in c.cupom && c.cupom.maxUsos != null ? String(c.cupom.maxUsos) : '',
    })
    const want = Object.fromEntries(
      Object.entries(c.erros as Record<string, string>).map(([field, key]) => [field, message(key)]),
    )
    if (Object.keys(want).length === 0) expect(read).toHaveProperty('coupon')
    else expect('errors' in read && read.errors).toEqual(want)
  })
})
