// Builders for the tests of the results pages and the organizer's Resultados tab: result lines
// and sets as the API sends them.
import type { AthleteResult, Result, ResultSet } from '../results/resultSchema'

/** A line as the server sends it; its key is its bib unless `over` gives one. */
export function makeResult(over: Partial<Result> = {}): Result {
  return {
    numeroPeito: '101',
    chave: String(over.numeroPeito ?? '101'),
    nome: 'JOÃO DA SILVA',
    sexo: 'M',
    categoria: 'M30-34',
    equipe: 'Assessoria Serra',
    posicao: 1,
    posicaoSexo: 1,
    posicaoCategoria: 1,
    tempoBruto: '0:42:20',
    tempoLiquido: '0:42:13.47',
    pace: '4:13',
    status: 'ok',
    parciais: [],
    ...over,
  }
}

export function makeSet(over: Partial<ResultSet> = {}): ResultSet {
  return {
    id: 's1',
    percurso: '21K',
    status: 'preliminar',
    finishers: 2,
    total: 3,
    importedAt: '2026-03-15T12:00:00Z',
    categorias: [],
    ...over,
  }
}

export function makeAthlete(over: Partial<AthleteResult> = {}): AthleteResult {
  return {
    ...makeResult(),
    total: 3456,
    concluintes: 3400,
    maisRapidoQue: 87.4,
    totalSexo: 1800,
    totalCategoria: 140,
    grupo: '',
    resultSet: makeSet(),
    ...over,
  }
}
