// The coupon form's values as typed, and what they must be before they are sent (docs/requirements.md
// REG-136). The server checks the same and answers its own field errors, shown in the same places.
import { isWholeCentavos, parseDecimal } from '../../../lib/text/decimal'
import { parseCalendarDate } from '../../../lib/text/format'
import type { CouponType, NewCoupon } from './financeApi'

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

  const valor = parseDecimal(v.valor)
  if (valor == null) errors.valor = valor === null ? 'Informe o valor do desconto.' : 'Informe um número, como 10 ou 15,50.'
  else if (valor <= 0) errors.valor = 'O desconto deve ser maior que zero.'
  else if (!isWholeCentavos(valor)) errors.valor = 'Use no máximo duas casas decimais.'
  else if (v.tipo === 'percentual' && valor > 100) errors.valor = 'Um desconto percentual vai até 100%.'

  const maxUsos = v.maxUsos.trim() === '' ? null : /^\d+$/.test(v.maxUsos.trim()) ? Number(v.maxUsos.trim()) : undefined
  if (maxUsos === undefined || maxUsos === 0) errors.maxUsos = 'Informe um número inteiro de usos, 1 ou mais, ou deixe em branco para sem limite.'

  const validoAte = v.validoAte.trim()
  if (validoAte !== '' && !parseCalendarDate(validoAte)) errors.validoAte = 'Informe uma data válida.'

  if (Object.keys(errors).length > 0) return { errors }
  return {
    coupon: {
      codigo,
      tipo: v.tipo,
      valor: valor!,
      maxUsos: maxUsos ?? null,
      validoAte: validoAte || null,
      modalidades: v.modalidades,
    },
  }
}
