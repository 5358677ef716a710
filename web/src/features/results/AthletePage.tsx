import type { ReactNode } from 'react'
import { Link, useParams } from '../../app/routing'
import { ShareButtons } from '../../components/ShareButtons'
import { ApiError } from '../../lib/platform/api'
import type { Event } from '../../lib/events/event'
import { titleOf } from '../../lib/events/eventText'
import { formatDate } from '../../lib/text/format'
import { siteOrigin } from '../../lib/platform/origin'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { PageMessage } from '../../components/PageMessage'
import { ArrowLeftIcon, CalendarIcon, FileIcon } from '../../components/icons'
import { documentMessages, useEventDocument } from '../../lib/events/eventDocument'
import {
  fasterThan,
  formatPace,
  formatPlace,
  rankingTime,
  sexLabel,
  statusLabel,
  timeNames,
  type TimeKind,
} from '../../lib/results/resultFormat'
import {
  athletePagePath,
  certificatePath,
  getAthlete,
  initialAthlete,
  resultKey,
  shareCardPath,
} from '../../lib/results/resultsApi'
import type { AthleteResult, ResultSet } from '../../lib/results/resultSchema'

/** /resultado/{eventId}/atleta/{setId}/{bib}: one athlete's result, certificate and share card. */
export function AthletePage() {
  const { eventId = '', setId = '', bib = '' } = useParams()
  const doc = useEventDocument(eventId)
  const athlete = useResource(
    eventId && setId && bib ? `athlete:${eventId}:${setId}:${bib}` : null,
    (signal) => getAthlete(eventId, setId, bib, signal),
    initialAthlete(eventId, setId, bib),
  )
  // An answer counts as the athlete's line when it has a key (a file without bibs keys its lines by
  // its id column or row); lib/results/resultSchema completes the rest.
  const found = athlete.state === 'ready' && resultKey(athlete.data) !== '' ? athlete.data : undefined
  const ready = doc.state === 'ready' && found !== undefined
  usePageMeta('athleteResult', ready ? { title: athleteTitle(found.nome, titleOf(doc.event)) } : undefined)

  if (doc.state === 'loading' || (doc.state === 'ready' && athlete.state === 'loading')) {
    return <PageMessage loading text="Carregando resultado..." />
  }
  if (doc.state !== 'ready') return <PageMessage text={documentMessages[doc.state]} />
  if (!found) {
    const failed = athlete.state === 'error' && !(athlete.error instanceof ApiError && athlete.error.status === 404)
    return <PageMessage text={failed ? 'Falha ao carregar o resultado.' : 'Resultado não encontrado.'} />
  }
  return <AthleteResultView event={doc.event} set={found.resultSet} setId={setId} result={found} />
}

/** The page's title once the athlete is known; the server's og:title names them the same way. */
export function athleteTitle(nome: string, titulo: string) {
  return `${nome} em ${titulo} — Pelotão`
}

function AthleteResultView({
  event,
  set,
  setId,
  result,
}: {
  event: Event
  set: ResultSet | undefined
  setId: string
  result: AthleteResult
}) {
  const finished = result.status === 'ok'
  const percurso = set?.percurso ?? ''
  const key = resultKey(result)
  const pageUrl = `${siteOrigin()}${athletePagePath(event.id, setId, key)}`
  // The time places follow is the one shown large, as the certificate prints it (RESULT-10).
  const ranked = rankingTime(result, event.tempoClassificacao)
  const other: TimeKind = ranked.kind === 'bruto' ? 'liquido' : 'bruto'
  const time = ranked.tempo
  const shareTitle = finished
    ? `${result.nome}: ${time}${percurso ? ` nos ${percurso}` : ''} de ${titleOf(event)}`
    : `${result.nome} em ${titleOf(event)}`
  const splits = result.parciais ?? []
  const faster = fasterThan(result.maisRapidoQue)
  return (
    <article>
      <header className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-4xl px-4 pb-10 pt-6 sm:pt-8">
          <Link
            to={`/resultado/${encodeURIComponent(event.id)}`}
            className="-ml-3 inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold text-brand-50 hover:bg-white/10"
          >
            <ArrowLeftIcon />
            Todos os resultados
          </Link>
          <p className="mt-4 text-sm font-bold uppercase tracking-widest text-brand-100">
            {titleOf(event)}
            {percurso && ` · ${percurso}`}
          </p>
          <h1 className="mt-1 break-words text-3xl font-extrabold tracking-tight sm:text-4xl">{result.nome}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-brand-50">
            {result.numeroPeito !== '' && <span>Nº {result.numeroPeito}</span>}
            {result.categoria && <span>{result.categoria}</span>}
            {result.grupo && <span>Assessoria {result.grupo}</span>}
            {result.equipe && result.equipe.toLowerCase() !== result.grupo.toLowerCase() && (
              <span>{result.equipe}</span>
            )}
            <span className="inline-flex items-center gap-1.5">
              <CalendarIcon />
              {formatDate(event.dataEvento)}
            </span>
            {set?.status === 'preliminar' && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">Preliminar</span>
            )}
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          {set?.status === 'preliminar' && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
              Resultado preliminar: pode mudar até a publicação do resultado oficial.
            </p>
          )}
          <section aria-labelledby="tempos" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="tempos" className="text-lg font-extrabold text-slate-900">
              {finished ? 'Tempos' : 'Situação'}
            </h2>
            {finished ? (
              <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
                <Fact label={timeNames[ranked.kind]} big>
                  {ranked.tempo || '—'}
                </Fact>
                <Fact label={timeNames[other]}>
                  {(other === 'bruto' ? result.tempoBruto : result.tempoLiquido) || '—'}
                </Fact>
                <Fact label="Pace">{formatPace(result.pace) || '—'}</Fact>
              </dl>
            ) : (
              <p className="mt-2 text-xl font-extrabold text-slate-900">{statusLabel(result.status)}</p>
            )}
            {finished && faster && <p className="mt-4 font-semibold text-brand-800">{capitalize(faster)}.</p>}
          </section>
          {finished && (
            <section
              aria-labelledby="classificacao"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <h2 id="classificacao" className="text-lg font-extrabold text-slate-900">
                Classificação
              </h2>
              <dl className="mt-3 grid gap-4 sm:grid-cols-3">
                <Fact label="Geral">{formatPlace(result.posicao, result.concluintes || result.total) || '—'}</Fact>
                <Fact label={result.sexo ? sexLabel(result.sexo) : 'Sexo'}>
                  {formatPlace(result.posicaoSexo, result.totalSexo) || '—'}
                </Fact>
                <Fact label={result.categoria || 'Categoria'}>
                  {formatPlace(result.posicaoCategoria, result.totalCategoria) || '—'}
                </Fact>
              </dl>
            </section>
          )}
          {splits.length > 0 && (
            <section aria-labelledby="parciais" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="parciais" className="text-lg font-extrabold text-slate-900">
                Parciais
              </h2>
              <table className="mt-3 w-full text-left text-sm">
                <thead className="border-b border-slate-300 text-xs font-bold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="py-2">
                      Ponto
                    </th>
                    <th scope="col" className="py-2">
                      Tempo
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {splits.map((p) => (
                    <tr key={p.nome}>
                      <td className="py-2 font-semibold text-slate-800">{p.nome}</td>
                      <td className="py-2 tabular-nums text-slate-900">{p.tempo}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
        <aside aria-label="Certificado e compartilhamento" className="space-y-4">
          {finished && (
            <a
              href={certificatePath(event.id, setId, key)}
              download
              className="flex items-center gap-3 rounded-xl bg-white p-4 font-extrabold text-slate-900 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-700">
                <FileIcon className="h-6 w-6" />
              </span>
              <span>
                Baixar certificado
                <span className="block text-xs font-semibold text-slate-500">PDF</span>
              </span>
            </a>
          )}
          <figure className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <img
              src={shareCardPath(event.id, setId, key)}
              alt={`Cartão do resultado de ${result.nome}`}
              width={1200}
              height={630}
              loading="lazy"
              className="h-auto w-full rounded-lg"
            />
            <figcaption className="mt-2 text-center">
              <a
                href={shareCardPath(event.id, setId, key)}
                download
                className="text-sm font-bold text-brand-700 underline-offset-2 hover:underline"
              >
                Baixar imagem para compartilhar
              </a>
            </figcaption>
            <ShareButtons title={shareTitle} url={pageUrl} />
          </figure>
        </aside>
      </div>
    </article>
  )
}

function Fact({ label, big = false, children }: { label: string; big?: boolean; children: ReactNode }) {
  return (
    <div className={big ? 'col-span-2 sm:col-span-1' : undefined}>
      <dt className="text-xs font-bold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={`mt-0.5 font-extrabold tabular-nums text-slate-900 ${big ? 'text-3xl' : 'text-xl'}`}>
        {children}
      </dd>
    </div>
  )
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1)
}
