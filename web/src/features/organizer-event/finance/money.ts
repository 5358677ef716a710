// Reais as the organizer types them in this tab: '40', '40,5', '1.234,56', 'R$ 40,00'.
import { centavos, type Centavos } from '../../../lib/text/format'

/**
 * The amount typed, in whole centavos: null when blank, undefined when it is not an amount of
 * reais (a sign, letters, more than two decimals). Kept in centavos so that no float rounding
 * decides whether 0,29 has two decimals.
 */
export function parseCentavos(text: string): Centavos | null | undefined {
  const t = text.replace(/^\s*R\$\s*/, '').trim()
  if (t === '') return null
  const m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t)
  if (!m) return undefined
  return centavos(Number(m[1]!.replace(/\./g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0')))
}
