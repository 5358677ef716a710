// What a page says when its event cannot be shown (EVT-2/3, RES-2..5), apart from the loader
// (eventDocument) so that a page reading only part of an event says the same without loading it.
export const documentMessages = {
  'no-id': 'ID do evento não fornecido.',
  'not-found': 'Evento não encontrado.',
  failed: 'Falha ao carregar os dados do evento.',
  empty: 'Dados do evento não encontrados.',
} as const
