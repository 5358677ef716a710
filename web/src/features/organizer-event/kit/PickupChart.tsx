import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { clockFormat } from '../../../lib/text/format'
import { fillQuarters, type Quarter } from './quarters'

const clockOf = (timeZone: string) => clockFormat(timeZone, { hour: '2-digit', minute: '2-digit' })
const dayClockOf = (timeZone: string) =>
  clockFormat(timeZone, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })

const barWidth = 14
const gap = 4
const height = 160
const axis = 20
/** Room after the last bar for a time label that starts at it ("09:00" in 11 px is about 30 px). */
const labelRoom = 36

/**
 * Pickups per 15 minutes as bars (hand-made SVG, no chart library in the bundle); the table
 * below it is the same data for screen readers and for reading exact numbers. Nothing before the
 * first pickup: the history below says there is none yet. Times read on the event's clock, timeZone
 * (its fusoHorario; '' is Horário de Brasília, REG-225).
 */
export function PickupChart({ quarters, timeZone = '' }: { quarters: readonly Quarter[]; timeZone?: string }) {
  const clock = clockOf(timeZone)
  const dayClock = dayClockOf(timeZone)
  const sameDayAs = (a: Quarter, b: Quarter) =>
    dayClock.format(new Date(a.inicio)).slice(0, 5) === dayClock.format(new Date(b.inicio)).slice(0, 5)
  const bars = fillQuarters(quarters)
  if (bars.length === 0) return null
  const max = Math.max(...bars.map((b) => b.retirados), 1)
  const width = bars.length * (barWidth + gap) + labelRoom
  const label = (q: Quarter, i: number) =>
    (i === 0 || sameDayAs(bars[i - 1]!, q) ? clock : dayClock).format(new Date(q.inicio))
  return (
    <figure className="space-y-3">
      <figcaption className="font-semibold text-slate-900">Retiradas a cada 15 minutos</figcaption>
      {/* A long day of pickups scrolls sideways, on a phone most of all; keyboards scroll what takes focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus for keyboards to scroll it (WCAG 2.1.1; axe scrollable-region-focusable), as in components/ScrollTable */}
      <div role="region" aria-label="Gráfico de retiradas a cada 15 minutos" tabIndex={0} className="overflow-x-auto">
        <svg
          width={width}
          height={height + axis}
          viewBox={`0 0 ${width} ${height + axis}`}
          aria-hidden="true"
          className="text-brand-700"
        >
          {bars.map((b, i) => {
            const h = Math.round((b.retirados / max) * (height - 16))
            const x = i * (barWidth + gap)
            return (
              <g key={b.inicio}>
                <rect x={x} y={height - h} width={barWidth} height={h} className="fill-current" />
                {b.retirados > 0 && b.retirados === max && (
                  <text
                    x={x + barWidth / 2}
                    y={height - h - 4}
                    textAnchor="middle"
                    className="fill-slate-900 text-[10px]"
                  >
                    {b.retirados}
                  </text>
                )}
                {i % 4 === 0 && (
                  <text x={x} y={height + 14} className="fill-slate-700 text-[11px]">
                    {clock.format(new Date(b.inicio))}
                  </text>
                )}
              </g>
            )
          })}
          <line x1={0} x2={width - labelRoom} y1={height} y2={height} className="stroke-slate-400" />
        </svg>
      </div>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-800">Ver como tabela</summary>
        <div className="mt-2">
          <ScrollTable label="Retiradas a cada 15 minutos" columns={['Início', 'Retiradas']}>
            {bars.map((b, i) => (
              <tr key={b.inicio}>
                <RowHeader>{label(b, i)}</RowHeader>
                <Cell numeric>{b.retirados}</Cell>
              </tr>
            ))}
          </ScrollTable>
        </div>
      </details>
    </figure>
  )
}
