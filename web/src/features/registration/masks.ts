// The masks of the registration form's numeric fields (REG-292): each value is rebuilt from its
// digits as typed, a separator appearing only once a digit follows it, so that deleting at the
// end never stops at a separator. What the server reads is unchanged in meaning: it takes a CPF
// with or without its dots, a dd/mm/aaaa date (athleteForm's birthDateISO) and a phone's digits.

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The digits in groups of the given sizes, each group after the first led by its separator. */
function group(digits: string, sizes: number[], separators: string[]): string {
  let out = ''
  let at = 0
  sizes.forEach((size, i) => {
    if (at >= digits.length) return
    out += (i > 0 ? separators[i - 1] : '') + digits.slice(at, at + size)
    at += size
  })
  return out
}

/** 000.000.000-00 */
export const maskCpf = (typed: string) => group(digitsOf(typed).slice(0, 11), [3, 3, 3, 2], ['.', '.', '-'])

/** dd/mm/aaaa */
export const maskDate = (typed: string) => group(digitsOf(typed).slice(0, 8), [2, 2, 4], ['/', '/'])

/**
 * (00) 00000-0000, or (00) 0000-0000 for a landline's 10 digits; +55 (00) 00000-0000 with the
 * country code. Anything else beyond 11 digits is left as typed (the checks say what is wrong).
 */
export function maskPhone(typed: string): string {
  const d = digitsOf(typed)
  if (d.length > 11) return /^55\d{10,11}$/.test(d) ? `+55 ${maskPhone(d.slice(2))}` : typed
  if (d.length <= 2) return d && `(${d}`
  const rest = d.slice(2)
  return `(${d.slice(0, 2)}) ${group(rest, rest.length > 8 ? [5, 4] : [4, 4], ['-'])}`
}

/** The position just after the n-th digit of text (0: the start): where the caret goes back to. */
export function caretAfterDigits(text: string, n: number): number {
  if (n <= 0) return 0
  let seen = 0
  for (let i = 0; i < text.length; i++) if (/\d/.test(text[i]!) && ++seen === n) return i + 1
  return text.length
}

/** How many digits come before position caret of text. */
export const digitsBefore = (text: string, caret: number) => digitsOf(text.slice(0, caret)).length
