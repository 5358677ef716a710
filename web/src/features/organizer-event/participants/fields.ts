// How the participants list writes a participant's fields.
import type { Documento } from '../api'

/** '123.456.789-09' for a CPF of 11 digits; a masked CPF or a passport as the server sent it. */
export function formatDocumento(doc: Documento | null | undefined): string {
  if (!doc) return ''
  const digits = doc.numero
  if (doc.tipo === 'cpf' && /^\d{11}$/.test(digits)) {
    return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
  }
  return doc.numero
}
