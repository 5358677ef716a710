import { usePageMeta } from '../../lib/pageMeta'

export function DashboardPage() {
  usePageMeta('dashboard')
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Meu Painel</h1>
    </section>
  )
}
