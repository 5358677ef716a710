import { lazy, Suspense, useState } from 'react'
import { PageIntro } from '../../components/PageIntro'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { formatPlanPrice, training, type Plan, type PlanName } from './content'

// The form (with its validation library) is fetched only when someone reaches for a plan's button,
// so the page itself stays light; pointing at or focusing a button starts the download early.
const loadDialog = () => import('./PlanInterestDialog')
const PlanInterestDialog = lazy(async () => ({ default: (await loadDialog()).PlanInterestDialog }))

export function TrainingPage() {
  usePageMeta('training')
  const [chosen, setChosen] = useState<PlanName | null>(null)
  const { intro, planos, observacao } = training
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.titulo}>
        <p>{intro.texto}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <ul aria-label="Planos" className="grid items-stretch gap-6 lg:grid-cols-3">
          {planos.map((p) => (
            <li key={p.nome}>
              <PlanCard plan={p} onChoose={() => setChosen(p.nome)} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-600">{observacao}</p>
      </div>
      {chosen && (
        <Suspense fallback={null}>
          <PlanInterestDialog plano={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </>
  )
}

function PlanCard({ plan, onChoose }: { plan: Plan; onChoose: () => void }) {
  const featured = plan.selo !== undefined
  const id = `plano-${plan.precoMensal}`
  return (
    <article
      aria-labelledby={id}
      className={`relative flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ${
        featured ? 'ring-2 ring-brand-600 lg:-my-3 lg:py-10 lg:shadow-xl' : 'ring-1 ring-slate-200'
      }`}
    >
      {featured && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-orange-700 px-4 py-1 text-xs font-bold tracking-wide text-white uppercase shadow">
          {plan.selo}
        </p>
      )}
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {plan.nome}
      </h2>
      <p className="mt-1 text-slate-600">{plan.descricao}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">
          {formatPlanPrice(plan.precoMensal)}
        </span>
        <span className="text-lg font-semibold text-slate-600">/mês</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3" aria-label={`O que o plano ${plan.nome} inclui`}>
        {plan.recursos.map((r) => (
          <li key={r} className="flex gap-3 text-slate-700">
            <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true">
              <path
                d="M4 10.5l4 4 8-9"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {r}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onChoose}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        className={`mt-8 w-full rounded-full px-6 py-3 text-base font-bold transition-colors ${
          featured
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'bg-brand-50 text-brand-800 ring-1 ring-brand-600 hover:bg-brand-100'
        }`}
      >
        {plan.cta}
      </button>
    </article>
  )
}
