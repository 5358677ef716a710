import { useId } from 'react'
import { Cell, RowHeader, ScrollTable } from '../../../components/ScrollTable'
import { sortSizes } from '../../../lib/events/shirtSizes'
import type { Summary } from '../api'

const sexLabels: Record<string, string> = { F: 'Feminino', M: 'Masculino', X: 'Outro' }

const count = (n: number) => n.toLocaleString('pt-BR')

/**
 * The figures an organizer buys by: registrations by modality, by sex, shirts by size and modality,
 * and each group's athletes and shirts by size, for the tent plan (GRP-49).
 */
export function Totals({ summary }: { summary: Summary }) {
  const percursos = Object.keys(summary.porPercurso).sort((a, b) => a.localeCompare(b, 'pt-BR', { numeric: true }))
  const sexos = Object.keys(summary.porSexo).sort()
  const shirtModalities = Object.keys(summary.porCamiseta).sort((a, b) =>
    a.localeCompare(b, 'pt-BR', { numeric: true }),
  )
  const sizes = sortSizes(new Set(shirtModalities.flatMap((m) => Object.keys(summary.porCamiseta[m] ?? {}))))
  const grupos = [...(summary.porGrupo ?? [])].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
  const groupSizes = sortSizes(new Set(grupos.flatMap((g) => Object.keys(g.camisetas))))

  return (
    <section
      aria-labelledby="totais-titulo"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="totais-titulo" className="text-lg font-bold text-slate-900">
        Totais para compras
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Inscritos" value={summary.total} />
        <Figure term="Pagos" value={summary.pagos} />
        <Figure term="Não pagos" value={summary.total - summary.pagos} />
        <Figure term="Kits retirados" value={summary.kitRetirado} />
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <Breakdown
          title="Por modalidade"
          header="Modalidade"
          entries={percursos.map((p) => [p, summary.porPercurso[p] ?? 0])}
        />
        <Breakdown
          title="Por sexo"
          header="Sexo"
          entries={sexos.map((s) => [sexLabels[s] ?? s, summary.porSexo[s] ?? 0])}
        />
      </div>

      {sizes.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-slate-900">Camisetas por tamanho e modalidade</h3>
          <ScrollTable label="Camisetas por tamanho e modalidade" columns={['Tamanho', ...shirtModalities, 'Total']}>
            {sizes.map((size) => {
              const row = shirtModalities.map((m) => summary.porCamiseta[m]?.[size] ?? 0)
              return (
                <tr key={size}>
                  <RowHeader>{size}</RowHeader>
                  {row.map((n, i) => (
                    <Cell key={shirtModalities[i]} numeric>
                      {count(n)}
                    </Cell>
                  ))}
                  <Cell numeric className="font-semibold">
                    {count(row.reduce((a, b) => a + b, 0))}
                  </Cell>
                </tr>
              )
            })}
          </ScrollTable>
        </div>
      )}

      {grupos.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-slate-900">Por grupo: inscritos e camisetas por tamanho</h3>
          <ScrollTable label="Inscritos e camisetas por grupo" columns={['Grupo', 'Inscritos', ...groupSizes]}>
            {grupos.map((g) => (
              <tr key={g.nome}>
                <RowHeader>{g.nome}</RowHeader>
                <Cell numeric className="font-semibold">
                  {count(g.inscritos)}
                </Cell>
                {groupSizes.map((size) => (
                  <Cell key={size} numeric>
                    {count(g.camisetas[size] ?? 0)}
                  </Cell>
                ))}
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </section>
  )
}

function Figure({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900">{count(value)}</dd>
    </div>
  )
}

/** A small table (what screen readers read) and the same figures drawn as bars (hidden from them). */
function Breakdown({ title, header, entries }: { title: string; header: string; entries: [string, number][] }) {
  if (entries.length === 0) return null
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <Bars entries={entries} />
      <ScrollTable label={title} columns={[header, 'Inscritos']}>
        {entries.map(([label, n]) => (
          <tr key={label}>
            <RowHeader>{label}</RowHeader>
            <Cell numeric>{count(n)}</Cell>
          </tr>
        ))}
      </ScrollTable>
    </div>
  )
}

const barRow = 26
const labelWidth = 110
const barSpace = 150

/** Labelled horizontal bars, each with its figure written after it (a count, or as `format` writes it). */
export function Bars({ entries, format = count }: { entries: [string, number][]; format?: (n: number) => string }) {
  const clip = useId()
  const max = Math.max(1, ...entries.map(([, n]) => n))
  // Room after the longest bar for the longest figure (about 7 px a character at 12 px).
  const figureRoom = Math.max(50, ...entries.map(([, n]) => format(n).length * 7 + 8))
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${labelWidth + barSpace + figureRoom} ${entries.length * barRow}`}
      className="w-full max-w-md"
    >
      <clipPath id={clip}>
        <rect width={labelWidth - 6} height={entries.length * barRow} />
      </clipPath>
      {entries.map(([label, n], i) => {
        const y = i * barRow
        const width = (n / max) * barSpace
        return (
          <g key={label}>
            <text x={0} y={y + 17} clipPath={`url(#${clip})`} className="fill-slate-700 text-[12px]">
              {label}
            </text>
            <rect x={labelWidth} y={y + 5} width={width} height={16} rx={3} className="fill-brand-600" />
            <text x={labelWidth + width + 4} y={y + 17} className="fill-slate-900 text-[12px] font-semibold">
              {format(n)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
