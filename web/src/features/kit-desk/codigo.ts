// A registration's code (codigo), the twin of internal/participant/codigo.go: both read
// internal/participant/codigo.json and run internal/participant/testdata/codigo_cases.json, so a
// code typed at the desk is found offline as the server finds it.
import { alfabeto, separadores, tamanho } from '../../../../internal/participant/codigo.json'

/** The registration code typed text is ('7xk2-mp9q-rz' → '7XK2MP9QRZ'), or '' when it cannot be one. */
export function normalizeCodigo(text: string): string {
  let codigo = ''
  for (const c of text) {
    if (separadores.includes(c)) continue
    const upper = c.toUpperCase()
    if (!alfabeto.includes(upper) || codigo.length === tamanho) return ''
    codigo += upper
  }
  return codigo.length === tamanho ? codigo : ''
}

/**
 * The registration code a scanned QR code holds: its link's (`{base}/i/{codigo}`, as the
 * confirmation e-mail and the order page draw it), or the code itself; '' for anything else.
 */
export function codigoFromQr(text: string): string {
  const t = text.trim()
  if (!/^https?:\/\//i.test(t)) return normalizeCodigo(t)
  try {
    const m = /^\/i\/([^/]+)\/?$/.exec(new URL(t).pathname)
    return m ? normalizeCodigo(decodeURIComponent(m[1]!)) : ''
  } catch {
    return ''
  }
}
