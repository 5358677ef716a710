// An event's title, category and place as every page shows them, with the fallbacks of docs/product.md §8
// (ERR-10, HOME-11).
import type { Local } from './event'

export const fallbacks = {
  titulo: 'Título não disponível',
  categoria: 'Sem categoria',
  local: 'Local a definir',
  imagem: 'Sem imagem',
} as const

export function titleOf(e: { titulo: string }) {
  return e.titulo.trim() || fallbacks.titulo
}

export function categoryOf(e: { categoria: string }) {
  return e.categoria.trim() || fallbacks.categoria
}

export function venueOf(local: Local) {
  return local.local.trim() || fallbacks.local
}

/** 'Cidade - UF', the city alone, or 'Local a definir'. */
export function cityOf(local: Local) {
  const cidade = local.cidade.trim()
  const estado = local.estado.trim()
  if (!cidade) return estado || fallbacks.local
  return estado ? `${cidade} - ${estado}` : cidade
}
