// A CPF or passport as the form checks it before sending: the rules and messages of
// internal/participant/documento.json, which the server applies again.
import rules from '../../../../internal/participant/documento.json'

export type DocumentoTipo = 'cpf' | 'passaporte'

export const documentoMessages = rules.messages

/** The next check digit of the digits so far: weights len+1 down to 2, the sum times 10 modulo 11 (10 counts as 0). */
function checkDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i)
  const d = (sum * 10) % 11
  return String(d === 10 ? 0 : d)
}

/**
 * The document's number as the server keeps it (11 digits of a CPF, a passport in upper case), or
 * the pt-BR reason it is refused. Like the server, 8 to 10 digits of a CPF are read with their
 * leading zeros restored (the check digits then tell whether that was right).
 */
export function parseDocumento(tipo: string, numero: string): { numero: string } | { erro: string } {
  const m = rules.messages
  if (tipo === 'cpf') {
    const text = numero.trim()
    if (/[^0-9.\- /]/.test(text)) return { erro: m.cpfLetras }
    let d = text.replace(/\D/g, '')
    if (d.length >= 8 && d.length < 11) d = d.padStart(11, '0')
    if (d.length !== 11) return { erro: m.cpfTamanho }
    if (/^(\d)\1{10}$/.test(d)) return { erro: m.cpfRepetido }
    if (checkDigit(d.slice(0, 9)) !== d[9] || checkDigit(d.slice(0, 10)) !== d[10]) return { erro: m.cpfDigitos }
    return { numero: d }
  }
  if (tipo === 'passaporte') {
    const p = numero.trim().replaceAll(' ', '').toUpperCase()
    if (p.length < rules.passaporteMin || p.length > rules.passaporteMax) return { erro: m.passaporteTamanho }
    if (/[^A-Z0-9]/.test(p)) return { erro: m.passaporteLetras }
    return { numero: p }
  }
  return { erro: m.tipo }
}
