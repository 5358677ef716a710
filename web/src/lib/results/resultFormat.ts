// How results read in pt-BR: places ("12º de 3.456"), pace, statuses and sexes. Times are shown as
// the timing company wrote them (the API keeps the fraction the file had).
import { formatCount } from '../text/format'
import { foldText } from '../text/textFold'
import type { Result, ResultStatus } from './resultSchema'

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** 12º, or 12º de 3.456 when the field's size is known; '' without a place. */
export function formatPlace(place: number | null | undefined, of?: number | null): string {
  if (place == null || !Number.isFinite(place) || place < 1) return ''
  const p = `${formatCount(place)}º`
  return of != null && Number.isFinite(of) && of > 0 ? `${p} de ${formatCount(of)}` : p
}

/** 5:32 /km; '' when the file gave no pace. */
export function formatPace(pace: string | null | undefined): string {
  const p = pace?.trim() ?? ''
  return p ? `${p} /km` : ''
}

/** 'mais rápido que 87% dos concluintes'; '' when the server had no figure. */
export function fasterThan(pct: number | null | undefined): string {
  if (pct == null || !Number.isFinite(pct)) return ''
  return `mais rápido que ${percent.format(Math.min(100, Math.max(0, pct)))}% dos concluintes`
}

const statusLabels: Record<Exclude<ResultStatus, 'ok'>, string> = {
  DNF: 'Não concluiu (DNF)',
  DNS: 'Não largou (DNS)',
  DSQ: 'Desclassificado (DSQ)',
}

/** What a result without a place says instead of a time; '' for a finisher. */
export function statusLabel(status: ResultStatus): string {
  return status === 'ok' ? '' : (statusLabels[status] ?? status)
}

/** The short form for tables: DNF, DNS, DSQ. */
export function statusShort(status: ResultStatus): string {
  return status === 'ok' ? '' : status
}

export const sexLabels: Record<string, string> = { F: 'Feminino', M: 'Masculino', X: 'Outro' }

export function sexLabel(sexo: string): string {
  return sexLabels[sexo] ?? sexo
}

/** Which of a line's two times: the event's tempoClassificacao. */
export type TimeKind = 'liquido' | 'bruto'

export const timeNames: Record<TimeKind, string> = { liquido: 'Tempo líquido', bruto: 'Tempo bruto' }

/**
 * The time a line is ranked by, shown first (RESULT-10): the event's choice, else the time the line
 * has. The twin of Go's results.RankingTime, which the certificate prints; both run the cases of
 * internal/results/testdata/ranking_time.json.
 */
export function rankingTime(
  r: Pick<Result, 'tempoLiquido' | 'tempoBruto'>,
  rankBy: TimeKind,
): { tempo: string; kind: TimeKind } {
  if ((rankBy === 'bruto' && r.tempoBruto !== '') || r.tempoLiquido === '')
    return { tempo: r.tempoBruto, kind: 'bruto' }
  return { tempo: r.tempoLiquido, kind: 'liquido' }
}

/**
 * Categories in natural order (RESULT-12): runs of digits compare by value, so 'M 20-24' comes
 * before 'M 100+' and '5-9' before '10-14'; the rest compares folded (no accents or case). Written
 * out rather than Intl.Collator's numeric option: the server's page renderer has no Intl.
 */
export function compareCategories(a: string, b: string): number {
  const pa = foldText(a).match(runs) ?? []
  const pb = foldText(b).match(runs) ?? []
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const order = compareRuns(pa[i]!, pb[i]!)
    if (order !== 0) return order
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0)
}

const runs = /\d+|\D+/g

function compareRuns(x: string, y: string): number {
  const digits = /^\d/
  if (digits.test(x) && digits.test(y)) {
    // By value, at any length: fewer digits (without leading zeros) is smaller.
    const vx = x.replace(/^0+(?=\d)/, '')
    const vy = y.replace(/^0+(?=\d)/, '')
    if (vx.length !== vy.length) return vx.length - vy.length
  }
  return x < y ? -1 : x > y ? 1 : 0
}
