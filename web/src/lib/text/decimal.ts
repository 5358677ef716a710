// Numbers as people type them in Brazil, shared by the forms that take money (the event form, a refund).

/**
 * A decimal as people type it in Brazil: '49,90', '1.234,50', '1234.5', 'R$ 10', '-5'. Blank → null;
 * undefined means it is not a number (never NaN). A minus sign is read, so that the rules say
 * what is wrong with a negative value, as the server does.
 */
export function parseDecimal(text: string): number | null | undefined {
  const t = text.replace(/^\s*R\$\s*/, '').trim()
  if (t === '') return null
  const sign = t.startsWith('-') ? -1 : 1
  const s = sign < 0 ? t.slice(1) : t
  let normalized: string
  if (s.includes(',')) {
    // Comma decimals: dots, if any, must be thousands separators.
    if (!/^(\d{1,3}(\.\d{3})+|\d+),\d+$/.test(s)) return undefined
    normalized = s.replace(/\./g, '').replace(',', '.')
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    normalized = s.replace(/\./g, '') // '1.234' is one thousand two hundred and thirty-four
  } else if (/^\d+(\.\d+)?$/.test(s)) {
    normalized = s
  } else {
    return undefined
  }
  return sign * Number(normalized)
}

/** Whether v is a whole number of centavos (a float of a typed value may be off by far less than one). */
export function isWholeCentavos(v: number): boolean {
  return Math.abs(Math.round(v * 100) - v * 100) < 1e-6
}
