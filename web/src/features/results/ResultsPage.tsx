import { lazy, Suspense, useState } from 'react'
import { Link, useParams } from '../../app/routing'
import type { Event, Modalidade } from '../../lib/events/event'
import { SafeImage } from '../../components/SafeImage'
import { formatDate } from '../../lib/text/format'
import { eventPageTitle, usePageMeta } from '../../lib/platform/pageMeta'
import { Accordion } from '../../components/Accordion'
import { ArrowLeftIcon, CalendarIcon, ExternalIcon, FileIcon, PinIcon } from '../../components/icons'
import { PageMessage } from '../../components/PageMessage'
import { documentMessages, useEventDocument } from '../../lib/events/eventDocument'
import { bannerFor, cityOf, modalityLabel, safeHref, titleOf } from '../../lib/events/eventText'
import { useResource } from '../../lib/platform/resource'
import { useInBrowser } from '../../lib/platform/inBrowser'
import { ResultSetView } from './ResultSetView'
import type { OtherSet, SearchHandoff } from './Elsewhere'
import { initialResultSets, listResultSets } from '../../lib/results/resultsApi'
import type { ResultSet } from '../../lib/results/resultSchema'

// The ranking by assessoria (GRP-45) in its own chunk, fetched once the page is drawn: the page's
// first load stays within its JavaScript budget (docs/budgets.md). Only the browser draws it
// (useInBrowser): the server's renderer cannot wait for a lazy component.
const Assessorias = lazy(() => import('./Assessorias').then((m) => ({ default: m.Assessorias })))

/** /resultado/{eventId}: each modality's results, searchable, and its result files (RES-1..13). */
export function ResultsPage() {
  const { eventId } = useParams()
  const doc = useEventDocument(eventId)
  usePageMeta(
    'results',
    doc.state === 'ready' && doc.event.titulo.trim()
      ? { title: eventPageTitle('results', doc.event.titulo.trim()) }
      : undefined,
  )

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
            <p className="mt-4 text-sm font-bold uppercase tracking-widest text-brand-100">Resultados</p>
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
        <ResultModalities event={event} />
      </section>
    </>
  )
}

/**
 * One accordion item per modality (RES-7..9), with its published results as a searchable table
 * when the organizer imported them, and the PDF files beside it (RES-10..12). Sets whose modality
 * is not (or no longer) among the event's follow as items of their own.
 */
function ResultModalities({ event }: { event: Event }) {
  const sets = useResultSets(event.id)
  // A search one modality handed to another's item (RESULT-20).
  const [handoff, setHandoff] = useState<{ setId: string; search: SearchHandoff } | null>(null)
  // A set is published for a modality by its exact name (the server checks it on import).
  const bySet = new Map<string, ResultSet>()
  for (const set of sets) bySet.set(set.percurso.trim(), set)
  const placed = event.modalidades.map((m, i) => {
    const set = bySet.get(m.nome.trim())
    bySet.delete(m.nome.trim())
    const { title, aside } = modalityLabel(m, i)
    return {
      key: String(i),
      label: title,
      anchor: `modalidade-${i + 1}`,
      aside,
      set,
      modalidade: m as Modalidade | undefined,
    }
  })
  for (const set of bySet.values()) {
    placed.push({
      key: `set-${set.id}`,
      label: set.percurso,
      anchor: `resultado-${set.id}`,
      aside: '',
      set,
      modalidade: undefined,
    })
  }
  const withSets: OtherSet[] = placed.flatMap((p) =>
    p.set ? [{ id: p.set.id, percurso: p.label, anchor: p.anchor }] : [],
  )
  const items = placed.map((p) => ({
    key: p.key,
    label: p.label,
    anchor: p.anchor,
    title: <ModalityTitle title={p.label} set={p.set} />,
    aside: p.aside,
    content: (
      <ModalityResults
        event={event}
        set={p.set}
        modalidade={p.modalidade}
        others={withSets.filter((o) => o.id !== p.set?.id)}
        handoff={handoff && handoff.setId === p.set?.id ? handoff.search : undefined}
        onSearchElsewhere={(setId, q) => setHandoff((h) => ({ setId, search: { q, n: (h?.search.n ?? 0) + 1 } }))}
      />
    ),
  }))
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center font-semibold text-slate-700">
        Nenhum resultado encontrado para este evento.
      </p>
    )
  }
  // Each item's content is a link target: following the link opens the item (the browser opens a
  // closed <details> holding a link's target), and scrolls it below the sticky site header and the
  // item's own heading.
  const targets = items.map((item) => ({
    ...item,
    content: (
      <div id={item.anchor} className="scroll-mt-36">
        {item.content}
      </div>
    ),
  }))
  return (
    <>
      {items.length > 1 && <ModalityLinks items={items} />}
      <Accordion headingLevel={2} items={targets} />
    </>
  )
}

/**
 * RESULT-13: a link to each modality's item, so that no table is reached by scrolling past the one
 * open above it. Plain links to the item's content: the browser opens the item and scrolls to it,
 * also before the app has taken a drawn page over, and the keyboard follows them as any link.
 */
function ModalityLinks({ items }: { items: { key: string; label: string; anchor: string }[] }) {
  return (
    <nav aria-label="Ir para a modalidade" className="mb-5">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={`#${item.anchor}`}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-bold text-brand-800 ring-1 ring-slate-300 hover:bg-brand-50 hover:ring-brand-600/50"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The published sets; none while they load or when they cannot be read (the PDFs still show). */
function useResultSets(eventId: string): ResultSet[] {
  const r = useResource(
    `resultSets:${eventId}`,
    (signal) => listResultSets(eventId, signal),
    initialResultSets(eventId),
  )
  return r.state === 'ready' ? r.data : []
}

function ModalityTitle({ title, set }: { title: string; set: ResultSet | undefined }) {
  return (
    <>
      {title}
      {set?.status === 'preliminar' && (
        <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-bold text-amber-900">
          Preliminar
        </span>
      )}
    </>
  )
}

type ModalityResultsProps = {
  event: Event
  set: ResultSet | undefined
  modalidade?: Modalidade
  others: OtherSet[]
  handoff?: SearchHandoff
  onSearchElsewhere: (setId: string, q: string) => void
}

function ModalityResults({ event, set, modalidade, others, handoff, onSearchElsewhere }: ModalityResultsProps) {
  const inBrowser = useInBrowser()
  if (!set) return modalidade ? <ResultFiles modalidade={modalidade} /> : null
  return (
    <>
      <ResultSetView
        key={handoff ? `busca-${handoff.n}` : 'inicio'}
        eventId={event.id}
        set={set}
        categorias={modalidade?.categorias.map((c) => c.nome).filter(Boolean) ?? []}
        rankBy={event.tempoClassificacao}
        others={others}
        handoff={handoff}
        onSearchElsewhere={onSearchElsewhere}
      />
      {inBrowser && (
        <Suspense fallback={null}>
          <Assessorias eventId={event.id} set={set} n={event.temposAssessoria} />
        </Suspense>
      )}
      {modalidade && (
        <div className="mt-6">
          <ResultFiles modalidade={modalidade} quietWhenNone />
        </div>
      )}
    </>
  )
}

/** RES-10..12: a link per published file, or the not-yet-available line. */
function ResultFiles({ modalidade, quietWhenNone = false }: { modalidade: Modalidade; quietWhenNone?: boolean }) {
  const files = [
    { label: 'Classificação Geral', href: safeHref(modalidade.resultados.pdfGeralURL) },
    { label: 'Resultados por Categoria', href: safeHref(modalidade.resultados.pdfCategoriasURL) },
  ].filter((f) => f.href)
  if (files.length === 0) {
    if (quietWhenNone) return null
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
              <span aria-hidden="true" className="text-xs font-semibold text-slate-500">
                PDF
              </span>
            </span>
            <ExternalIcon className="h-4 w-4 shrink-0 text-slate-400" />
          </a>
        </li>
      ))}
    </ul>
  )
}
