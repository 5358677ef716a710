import type { Tab } from '../../../components/Tabs'

export type Section = 'overview' | 'inscricoes' | 'checkin' | 'resultados' | 'financeiro' | 'config'

/** The organizer panel's tabs (docs/product.md §2), labelled as ORG-11 decides: the prototype's and the real panel's. */
export const sections: readonly Tab<Section>[] = [
  { id: 'overview', label: 'Visão Geral' },
  { id: 'inscricoes', label: 'Inscrições' },
  { id: 'checkin', label: 'Check-in' },
  { id: 'resultados', label: 'Resultados' },
  { id: 'financeiro', label: 'Financeiro' },
  { id: 'config', label: 'Configurações' },
]
