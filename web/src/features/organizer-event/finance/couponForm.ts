// The coupon form's values as typed, and what they must be before they are sent (docs/requirements.md
// REG-136, REG-125). The limits and messages are the server's (internal/registration/constants.json),
// which checks the same (cases both run: internal/registration/testdata/cupons.json) and answers its
// own field errors, shown in the same places.
import constants from '../../../../../internal/registration/constants.json'
import { fromCentavos, parseCalendarDate } from '../../../lib/text/format'
import type { CouponType, NewCoupon } from './financeApi'
import { parseCentavos } from './money'

export type CouponValues = {
  codigo: string
  tipo: CouponType
  valor: string
  maxUsos: string
  validoAte: string
  modalidades: string[]
}

export const emptyCoupon: CouponValues = {
  codigo: '',
  tipo: 'percentual',
  valor: '',
  maxUsos: '',
  validoAte: '',
  modalidades: [],
}

export type CouponErrors = Partial<Record<keyof CouponValues, string>>

const { cupomCodigoMin, cupomCodigoMax, cupomPercentualMax } = constants.limits
const m = constants.messages
const codePattern = new RegExp(`^[A-Za-z0-9_-]{${cupomCodigoMin},${cupomCodigoMax}}$`)
const codeMessage = m.cupomCodigo.replace('{min}', String(cupomCodigoMin)).replace('{max}', String(cupomCodigoMax))
const percentMessage = m.cupomPercentual.replace('{percentualMax}', String(cupomPercentualMax))

/** The coupon to send, or the errors of the fields that are wrong. */
export function readCoupon(v: CouponValues): { coupon: NewCoupon } | { errors: CouponErrors } {
  const errors: CouponErrors = {}
  const codigo = v.codigo.trim()
  if (codigo === '') errors.codigo = m.cupomCodigoVazio
  else if (!codePattern.test(codigo)) errors.codigo = codeMessage

  // Hundredths: of a real for fixo, of a percent for percentual (12,5 %).
  const hundredths = parseCentavos(v.valor)
  if (hundredths == null) errors.valor = hundredths === null ? m.cupomValorVazio : m.cupomValor
  else if (hundredths === 0) errors.valor = m.cupomValorZero
  else if (v.tipo === 'percentual' && hundredths > cupomPercentualMax * 100) errors.valor = percentMessage

  const maxUsos = v.maxUsos.trim() === '' ? null : /^\d+$/.test(v.maxUsos.trim()) ? Number(v.maxUsos.trim()) : undefined
  if (maxUsos === undefined || maxUsos === 0) errors.maxUsos = m.cupomMaxUsos

  const validoAte = v.validoAte.trim()
  if (validoAte !== '' && !parseCalendarDate(validoAte)) errors.validoAte = 'Informe uma data válida.'

  if (Object.keys(errors).length > 0) return { errors }
  return {
    coupon: {
      codigo,
      tipo: v.tipo,
      valor: fromCentavos(hundredths!), // a percent's hundredths read back the same way
      maxUsos: maxUsos ?? null,
      validoAte: validoAte || null,
      modalidades: v.modalidades,
    },
  }
}
