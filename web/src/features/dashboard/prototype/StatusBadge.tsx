import { sampleStatusLabels, type SampleStatus } from './sampleData'

export function StatusBadge({ status }: { status: SampleStatus }) {
  const look = status === 'rascunho' ? 'bg-slate-200 text-slate-800' : 'bg-brand-100 text-brand-900'
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${look}`}>{sampleStatusLabels[status]}</span>
  )
}
