// The CNPJ rule of the event's organizer (docs/requirements.md REG-271), the same as the server's
// ValidCNPJ (internal/event/cnpj.go); cases shared in internal/event/testdata/validation_cases.json.

/** The CNPJ's characters without its punctuation ("12.345.678/0001-95" → "12345678000195"). */
const bare = (s: string) => s.replace(/[./\- ]/g, '').toUpperCase()

/** The next check digit: weights 2 to 9 from the right, repeating; 11 less the remainder, or 0. */
function checkDigit(s: string): string {
  let sum = 0
  let weight = 2
  for (let i = s.length - 1; i >= 0; i--) {
    sum += (s.charCodeAt(i) - 48) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const r = sum % 11
  return r < 2 ? '0' : String(11 - r)
}

/**
 * A CNPJ whose two check digits agree, written with or without punctuation. The first twelve
 * characters may be letters (the alphanumeric CNPJ); twelve equal digits are no CNPJ.
 */
export function validCnpj(s: string): boolean {
  const c = bare(s)
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(c) || /^(.)\1*$/.test(c)) return false
  return c[12] === checkDigit(c.slice(0, 12)) && c[13] === checkDigit(c.slice(0, 13))
}
