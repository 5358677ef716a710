import { PageIntro } from '../../components/PageIntro'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { services } from './content'
import { ServiceIcon } from './ServiceIcon'

export function ServicesPage() {
  usePageMeta('services')
  const { intro, lista } = services
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.titulo}>
        <p>{intro.texto}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <ul aria-label="Serviços" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {lista.map((s) => (
            <li key={s.titulo}>
              <article className="h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="grid h-14 w-14 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <ServiceIcon name={s.icone} />
                </span>
                <h2 className="mt-4 text-xl font-bold text-slate-900">{s.titulo}</h2>
                <p className="mt-2 leading-relaxed text-slate-700">{s.descricao}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
