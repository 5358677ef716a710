import { Link, useParams } from '../../app/routing'
import type { Event, Modalidade } from '../../lib/event'
import { SafeImage } from '../../components/SafeImage'
import { formatDate } from '../../lib/format'
import { eventPageTitle, usePageMeta } from '../../lib/pageMeta'
import { Accordion } from './components/Accordion'
import { ArrowLeftIcon, CalendarIcon, ExternalIcon, FileIcon, PinIcon } from './components/icons'
import { PageMessage } from './components/PageMessage'
import { documentMessages, useEventDocument } from './eventDocument'
import { cityOf, titleOf } from '../../lib/eventText'
import { bannerFor, modalityLabel, safeHref } from './eventDisplay'

/** /resultado/{eventId}: the official result files of each modality (RES-1..13). */
export function ResultsPage() {
  const { eventId } = useParams()
  const doc = useEventDocument(eventId)
  usePageMeta('results', doc.state === 'ready' && doc.event.titulo.trim() ? { title: eventPageTitle('results', doc.event.titulo.trim()) } : undefined)

  if (doc.state === 'loading') return <PageMessage loading text="Carregando resultados..." />
  if (doc.state !== 'ready') return <PageMessage text={documentMessages[doc.state]} />
  return <Results event={doc.event} />
}

function Results({ event }: { event: Event }) {
  const banner = bannerFor(event.banners, 'desktop')
  return (
    <>
      <header className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto flex max-w-4xl items-end gap-8 px-4 pb-10 pt-6 sm:pt-8">
          <div className="min-w-0 flex-1">
            <Link
              to="/?aba=anteriores"
              className="-ml-3 inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold text-brand-50 hover:bg-white/10"
            >
              <ArrowLeftIcon />
              Eventos anteriores
            </Link>
            <p className="mt-4 text-sm font-bold uppercase tracking-widest text-brand-100">Resultados oficiais</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{titleOf(event)}</h1>
            <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-brand-50">
              <span className="inline-flex items-center gap-1.5">
                <CalendarIcon />
                {formatDate(event.dataEvento)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <PinIcon />
                {cityOf(event.local)}
              </span>
            </p>
          </div>
          {banner && (
            <SafeImage
              src={banner}
              alt={`Banner de ${titleOf(event)}`}
              width={320}
              height={128}
              sizes="288px"
              loading="lazy"
              className="hidden w-72 shrink-0 rounded-xl shadow-lg ring-1 ring-white/20 md:block"
            />
          )}
        </div>
      </header>
      <section className="mx-auto max-w-4xl px-4 py-8 sm:py-10" aria-label="Resultados por modalidade">
        {event.modalidades.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center font-semibold text-slate-700">
            Nenhum resultado encontrado para este evento.
          </p>
        ) : (
          <Accordion
            headingLevel={2}
            items={event.modalidades.map((m, i) => ({
              key: String(i),
              ...modalityLabel(m, i),
              content: <ResultFiles modalidade={m} />,
            }))}
          />
        )}
      </section>
    </>
  )
}

/** RES-10..12: a link per published file, or the not-yet-available line. */
function ResultFiles({ modalidade }: { modalidade: Modalidade }) {
  const files = [
    { label: 'Classificação Geral', href: safeHref(modalidade.resultados.pdfGeralURL) },
    { label: 'Resultados por Categoria', href: safeHref(modalidade.resultados.pdfCategoriasURL) },
  ].filter((f) => f.href)
  if (files.length === 0) {
    return <p className="text-slate-700">Resultados para esta modalidade ainda não disponíveis.</p>
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {files.map((f) => (
        <li key={f.label}>
          <a
            href={f.href}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-center gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition hover:bg-brand-50 hover:ring-brand-600/50"
          >
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-700">
              <FileIcon className="h-6 w-6" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-extrabold text-slate-900 group-hover:text-brand-800">{f.label}</span>
              <span aria-hidden="true" className="text-xs font-semibold text-slate-500">PDF</span>
            </span>
            <ExternalIcon className="h-4 w-4 shrink-0 text-slate-400" />
          </a>
        </li>
      ))}
    </ul>
  )
}
