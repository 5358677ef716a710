// A registration's code (codigo), the twin of internal/participant/codigo.go: both read
// internal/participant/codigo.json and run internal/participant/testdata/codigo_cases.json, so a
// code typed at the desk is found offline as the server finds it.
import { alfabeto, separadores, tamanho } from '../../../../internal/participant/codigo.json'

/**
 * The code typed text holds, of any length: the alphabet's letters and digits, upper case,
 * separators dropped; '' when another character is there. A group's code (GRP-62) is read so, the
 * desk knowing it by its roster's grupoCodigo.
 */
export function codeOfText(text: string): string {
  let codigo = ''
  for (const c of text) {
    if (separadores.includes(c)) continue
    const upper = c.toUpperCase()
    if (!alfabeto.includes(upper)) return ''
    codigo += upper
  }
  return codigo
}

/** The registration code typed text is ('7xk2-mp9q-rz' → '7XK2MP9QRZ'), or '' when it cannot be one. */
export function normalizeCodigo(text: string): string {
  const codigo = codeOfText(text)
  return codigo.length === tamanho ? codigo : ''
}

/** The code a Pelotão link `{base}/i/{codigo}` carries, as typed text; null when the text is no such link. */
function linkCode(text: string): string | null {
  try {
    const m = /^\/i\/([^/]+)\/?$/.exec(new URL(text).pathname)
    return m ? decodeURIComponent(m[1]!) : null
  } catch {
    return null
  }
}

/**
 * The registration code a scanned QR code holds: its link's (`{base}/i/{codigo}`, as the
 * confirmation e-mail and the order page draw it), or the code itself; '' for anything else.
 */
export function codigoFromQr(text: string): string {
  const t = text.trim()
  if (!/^https?:\/\//i.test(t)) return normalizeCodigo(t)
  return normalizeCodigo(linkCode(t) ?? '')
}

/**
 * The code of any Pelotão code link (`{base}/i/{codigo}`) a scanned QR code holds: a group's, which
 * the coach's page draws (GRP-62), as well as a registration's; '' for anything else.
 */
export function linkCodeFromQr(text: string): string {
  const t = text.trim()
  return /^https?:\/\//i.test(t) ? codeOfText(linkCode(t) ?? '') : ''
}
