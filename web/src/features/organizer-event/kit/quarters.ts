/** One bar of the chart: the quarter of an hour starting at `inicio` and its pickups. */
export type Quarter = { inicio: string; retirados: number }

const quarterMs = 15 * 60_000

/**
 * The quarters from the first to the last with pickups, the empty ones between included (the
 * server leaves them out), so that the bars sit on an even time axis. A gap of more than a day
 * (between two pickup days) is not filled: the chart would be mostly empty.
 */
export function fillQuarters(quarters: readonly Quarter[]): Quarter[] {
  const out: Quarter[] = []
  let prev: number | undefined
  for (const q of quarters) {
    const t = Date.parse(q.inicio)
    if (prev !== undefined && t - prev <= 24 * 60 * 60_000) {
      for (let gap = prev + quarterMs; gap < t; gap += quarterMs)
        out.push({ inicio: new Date(gap).toISOString(), retirados: 0 })
    }
    out.push(q)
    prev = t
  }
  return out
}
