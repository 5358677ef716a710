import { PageIntro } from '../../components/PageIntro'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { impact } from './content'
import { ImpactIcon } from './ImpactIcon'

export function ImpactPage() {
  usePageMeta('impact')
  const { intro, iniciativas } = impact
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.titulo}>
        <p>{intro.texto}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <ul aria-label="Iniciativas" className="grid gap-5 md:grid-cols-3">
          {iniciativas.map((i) => (
            <li key={i.titulo}>
              <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="grid h-14 w-14 place-items-center rounded-full bg-green-50 text-green-700">
                  <ImpactIcon name={i.icone} />
                </span>
                <h2 className="mt-4 text-xl font-bold text-slate-900">{i.titulo}</h2>
                <p className="mt-3">
                  <strong className="block text-3xl font-extrabold tracking-tight text-brand-700">{i.destaque}</strong>
                  <span className="text-sm text-slate-600">{i.legenda}</span>
                </p>
                <p className="mt-3 leading-relaxed text-slate-700">{i.descricao}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
