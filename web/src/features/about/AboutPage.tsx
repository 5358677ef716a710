import { PageIntro } from '../../components/PageIntro'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { AmbassadorPortrait } from './AmbassadorPortrait'
import { about, type Podium } from './content'
import { Gallery } from './Gallery'

export function AboutPage() {
  usePageMeta('about')
  const { intro, primeiraEdicao, embaixadores, podios, galeria } = about
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.titulo}>
        <p>{intro.texto}</p>
      </PageIntro>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="primeira-edicao" className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <SectionTitle id="primeira-edicao">{primeiraEdicao.titulo}</SectionTitle>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
              {primeiraEdicao.paragrafos.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </div>
          <dl className="grid content-start grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-1">
            {primeiraEdicao.destaques.map((d) => (
              <div key={d.valor} className="flex flex-col rounded-2xl bg-brand-800 p-4 text-white sm:p-5">
                <dt className="order-2 text-sm text-brand-100">{d.legenda}</dt>
                <dd className="order-1 text-2xl font-extrabold tracking-tight sm:text-4xl">{d.valor}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="embaixadores">
          <SectionTitle id="embaixadores">{embaixadores.titulo}</SectionTitle>
          <p className="mt-2 text-slate-700">{embaixadores.texto}</p>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2">
            {embaixadores.pessoas.map((p) => (
              <li key={p.nome} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <AmbassadorPortrait nome={p.nome} look={p.retrato} />
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{p.nome}</h3>
                  <p className="text-sm font-medium text-brand-700">{p.papel}</p>
                  <blockquote className="mt-3 text-slate-700 italic">“{p.frase}”</blockquote>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="podios">
          <SectionTitle id="podios">{podios.titulo}</SectionTitle>
          <p className="mt-2 text-slate-700">{podios.texto}</p>
          <div className="mt-6 grid gap-5 md:grid-cols-2">
            {podios.grupos.map((g) => (
              <PodiumCard key={g.titulo} podium={g} />
            ))}
          </div>
        </section>

        <section aria-labelledby="galeria">
          <SectionTitle id="galeria">{galeria.titulo}</SectionTitle>
          <p className="mt-2 mb-6 text-slate-700">{galeria.texto}</p>
          <Gallery photos={galeria.fotos} />
        </section>
      </div>
    </>
  )
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
      {children}
    </h2>
  )
}

const medalClass = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
}

function PodiumCard({ podium }: { podium: Podium }) {
  const id = `podio-${podium.titulo.toLowerCase()}`
  return (
    <article aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 id={id} className="text-lg font-bold text-slate-900">
        {podium.titulo}
      </h3>
      <ol className="mt-4 divide-y divide-slate-100">
        {podium.lugares.map((l) => (
          <li key={l.posicao} className="flex items-center gap-4 py-3">
            <span
              className={`grid h-10 w-10 shrink-0 place-items-center rounded-full text-sm font-extrabold ${medalClass[l.posicao]}`}
            >
              {l.posicao}º
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{l.nome}</span>
              <span className="block text-sm text-slate-600">{l.cidade}</span>
            </span>
            <span className="font-mono text-lg font-bold text-brand-800 tabular-nums">
              <span className="sr-only">tempo </span>
              {l.tempo}
            </span>
          </li>
        ))}
      </ol>
    </article>
  )
}
