// The participant fields a column of an imported file can be read as (docs/http-api.md "JSON field
// names"), in the order the import's mapping offers them, with their pt-BR names; apart from
// ./fields, which the list on the tab's first screen reads, since only the import and a
// participant's history name fields.
import { ignoreField, type Documento } from '../api'
import { formatDocumento } from '../../../lib/text/format'

export const fieldLabels: Record<string, string> = {
  inscricao: 'Nº da inscrição',
  nome: 'Nome',
  documento: 'CPF ou documento',
  passaporte: 'Passaporte',
  tipoDocumento: 'Tipo de documento',
  nascimento: 'Nascimento',
  sexo: 'Sexo',
  percurso: 'Modalidade',
  camiseta: 'Camiseta',
  equipe: 'Equipe',
  numeroPeito: 'Nº de peito',
  email: 'E-mail',
  telefone: 'Telefone',
  pago: 'Pago',
  valor: 'Valor',
  [ignoreField]: 'Ignorar esta coluna',
}

/** A field's pt-BR name; a split column (parcial:<nome>) or a field this list lacks keeps its own. */
export const fieldLabel = (field: string) => fieldLabels[field] ?? field

/** A previewed cell as text: documents by their number, yes/no in Portuguese. */
export function cellText(value: unknown): string {
  if (value == null) return ''
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não'
  if (typeof value === 'object' && 'numero' in value) return formatDocumento(value as Documento)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
