import type { ReactNode } from 'react'
import type { Event, Modalidade, PremioEstruturado } from '../../../lib/events/event'
import { dateFallbacks, formatAgeRange, formatDate, formatKm } from '../../../lib/text/format'
import { modalityLabel, safeHref } from '../../../lib/events/eventText'
import { regulationUrl } from '../../../lib/events/eventText'
import { Accordion } from '../../../components/Accordion'
import { ClockIcon, ExternalIcon, FileIcon, PinIcon } from '../../../components/icons'

/** The main column in the order of EVT-10; a section with nothing to show is left out (EVT-11). */
export function EventSections({ event }: { event: Event }) {
  const { descricao, informacoesImportantes, cronograma } = event.informacoes
  const regulation = regulationUrl(event)
  const kitPickups = event.retiradaKits.filter((r) => r.local.trim() || r.data.trim() || r.horarioInicio.trim())
  const kits = event.kits.filter((k) => k.nome.trim() || k.items.length > 0)
  return (
    <div className="space-y-10">
      {descricao.trim() && (
        <Section title="Sobre o Evento">
          <Text>{descricao}</Text>
        </Section>
      )}

      {kitPickups.length > 0 && (
        <Section title="Retirada de Kits">
          <ul className="grid gap-3 sm:grid-cols-2">
            {kitPickups.map((r, i) => (
              <li key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <p className="flex items-start gap-2 font-bold text-slate-900">
                  <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  {r.local.trim() || 'Local a definir'}
                </p>
                <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                  <ClockIcon className="h-4 w-4 shrink-0 text-brand-700" />
                  {formatDate(r.data, dateFallbacks.secondaryMissing)}
                  {hours(r.horarioInicio, r.horarioFim) && <>, {hours(r.horarioInicio, r.horarioFim)}</>}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {kits.length > 0 && (
        <Section title="Kits">
          <ul className="grid gap-3 sm:grid-cols-2">
            {kits.map((k, i) => (
              <li key={i} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-extrabold text-slate-900">{k.nome}</h3>
                {k.items.length > 0 && (
                  <ul className="mt-2 space-y-1 text-sm text-slate-700">
                    {k.items.map((item, j) => (
                      <li key={j} className="flex items-center gap-2">
                        <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-orange-600" />
                        {item.nome}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {event.modalidades.length > 0 && (
        <Section title="Modalidades">
          <Accordion
            headingLevel={3}
            items={event.modalidades.map((m, i) => ({
              key: String(i),
              ...modalityLabel(m, i),
              content: <ModalityDetails modalidade={m} largadas={event.largadas} />,
            }))}
          />
        </Section>
      )}

      <Prizes premiacao={event.premiacao} />

      {cronograma.tipo === 'texto' && cronograma.valor.trim() ? (
        <Section title="Cronograma">
          <Text>{cronograma.valor}</Text>
        </Section>
      ) : cronograma.tipo === 'estruturado' && cronograma.valor.length > 0 ? (
        <Section title="Cronograma">
          <ol className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {cronograma.valor.map((row, i) => (
              <li key={i} className="flex gap-4 border-b border-slate-100 px-4 py-3 last:border-b-0">
                <span className="w-14 shrink-0 font-extrabold tabular-nums text-brand-700">{row.horario}</span>
                <span className="text-slate-800">{row.descricao}</span>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {(informacoesImportantes.trim() || regulation) && (
        <Section title="Informações Importantes">
          {informacoesImportantes.trim() && <Text>{informacoesImportantes}</Text>}
          {regulation && (
            <a
              href={regulation}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 inline-flex items-center gap-2 rounded-full border-2 border-brand-700 px-5 py-2.5 text-sm font-bold text-brand-700 hover:bg-brand-50"
            >
              <FileIcon />
              Baixar regulamento
            </a>
          )}
        </Section>
      )}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-4 flex items-center gap-3 text-xl font-extrabold text-slate-900 sm:text-2xl">
        <span aria-hidden="true" className="h-6 w-1.5 rounded-full bg-orange-600" />
        {title}
      </h2>
      {children}
    </section>
  )
}

function Text({ children }: { children: string }) {
  return <p className="whitespace-pre-line leading-relaxed text-slate-700">{children}</p>
}

function hours(from: string, to: string) {
  const [a, b] = [from.trim(), to.trim()]
  if (a && b) return `das ${a} às ${b}`
  return a ? `a partir das ${a}` : b ? `até as ${b}` : ''
}

/** EVT-17/18: distance, start, course, general prize and the categories of one modality. */
function ModalityDetails({ modalidade: m, largadas }: { modalidade: Modalidade; largadas: Event['largadas'] }) {
  const largada = largadas.find((l) => l.id === m.largadaId)
  const courseLink = m.percurso.tipo === 'link' ? safeHref(m.percurso.valor) : ''
  const facts: [string, ReactNode][] = []
  if (m.km != null) facts.push(['Distância', formatKm(m.km)])
  if (largada) facts.push(['Largada', [largada.nome, largada.horario].filter((s) => s.trim()).join(' · ')])
  if (courseLink) {
    facts.push([
      'Percurso',
      <a
        href={courseLink}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-bold text-brand-700 underline-offset-4 hover:underline"
      >
        Ver percurso
        <ExternalIcon />
      </a>,
    ])
  } else if (m.percurso.tipo === 'texto' && m.percurso.valor.trim()) {
    facts.push(['Percurso', <span className="whitespace-pre-line">{m.percurso.valor}</span>])
  }
  if (m.premiacaoGeral.trim())
    facts.push(['Premiação geral', <span className="whitespace-pre-line">{m.premiacaoGeral}</span>])

  return (
    <div className="space-y-4">
      {facts.length > 0 && (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-bold uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {m.categorias.length > 0 && (
        <div>
          <p className="mb-2 text-xs font-bold uppercase tracking-wide text-slate-500">Categorias</p>
          <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {m.categorias.map((c, i) => (
              <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
                <span className="font-bold text-slate-900">{c.nome}</span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {c.genero}
                </span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {formatAgeRange(c)}
                </span>
                {c.premiacao.trim() && <span className="w-full text-sm text-slate-600">{c.premiacao}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

const levels = [
  { nivel: 'geral', title: 'Geral' },
  { nivel: 'modalidade', title: 'Por modalidade' },
  { nivel: 'categoria', title: 'Por categoria' },
] as const

function prizeScope(p: PremioEstruturado) {
  if (p.nivel === 'modalidade') return p.modalidadeNome.trim()
  if (p.nivel === 'categoria')
    return [p.modalidadeNome, p.categoriaNome]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' · ')
  return ''
}

/** EVT-19: the prize text, or the structured prizes grouped geral → modalidade → categoria. */
function Prizes({ premiacao }: { premiacao: Event['premiacao'] }) {
  if (premiacao.tipo === 'texto') {
    return premiacao.valor.trim() ? (
      <Section title="Premiação">
        <Text>{premiacao.valor}</Text>
      </Section>
    ) : null
  }
  const groups = levels
    .map((l) => ({ ...l, prizes: premiacao.estruturado.filter((p) => p.nivel === l.nivel && p.descricao.trim()) }))
    .filter((g) => g.prizes.length > 0)
  if (groups.length === 0) return null
  return (
    <Section title="Premiação">
      <div className="grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
        {groups.map((g) => (
          <div key={g.nivel} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-extrabold text-slate-900">{g.title}</h3>
            <ul className="mt-2 space-y-2 text-sm">
              {g.prizes.map((p, i) => (
                <li key={i}>
                  {prizeScope(p) && <span className="block text-xs font-bold text-brand-700">{prizeScope(p)}</span>}
                  <span className="text-slate-700">{p.descricao}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  )
}
