// The coupon form's values as typed, and what they must be before they are sent (docs/requirements.md
// REG-136). The server checks the same and answers its own field errors, shown in the same places.
import { parseCalendarDate } from '../../../lib/text/format'
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

export const emptyCoupon: CouponValues = { codigo: '', tipo: 'percentual', valor: '', maxUsos: '', validoAte: '', modalidades: [] }

export type CouponErrors = Partial<Record<keyof CouponValues, string>>

/** The coupon to send, or the errors of the fields that are wrong. */
export function readCoupon(v: CouponValues): { coupon: NewCoupon } | { errors: CouponErrors } {
  const errors: CouponErrors = {}
  const codigo = v.codigo.trim()
  if (codigo === '') errors.codigo = 'Informe o código do cupom.'
  else if (!/^[A-Za-z0-9_-]{3,30}$/.test(codigo)) errors.codigo = 'Use de 3 a 30 letras, números, hífen ou sublinhado, sem espaços.'

  // Hundredths: of a real for fixo, of a percent for percentual (12,5 %).
  const hundredths = parseCentavos(v.valor)
  if (hundredths == null) errors.valor = hundredths === null ? 'Informe o valor do desconto.' : 'Informe um número, como 10 ou 15,50.'
  else if (hundredths === 0) errors.valor = 'O desconto deve ser maior que zero.'
  else if (v.tipo === 'percentual' && hundredths > 100_00) errors.valor = 'Um desconto percentual vai até 100%.'

  const maxUsos = v.maxUsos.trim() === '' ? null : /^\d+$/.test(v.maxUsos.trim()) ? Number(v.maxUsos.trim()) : undefined
  if (maxUsos === undefined || maxUsos === 0) errors.maxUsos = 'Informe um número inteiro de usos, 1 ou mais, ou deixe em branco para sem limite.'

  const validoAte = v.validoAte.trim()
  if (validoAte !== '' && !parseCalendarDate(validoAte)) errors.validoAte = 'Informe uma data válida.'

  if (Object.keys(errors).length > 0) return { errors }
  return {
    coupon: {
      codigo,
      tipo: v.tipo,
      valor: hundredths! / 100,
      maxUsos: maxUsos ?? null,
      validoAte: validoAte || null,
      modalidades: v.modalidades,
    },
  }
}
