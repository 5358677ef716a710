import { lazy, Suspense, useCallback, useState } from 'react'
import { Link, useLocation, useParams, useSearchParams } from '../../app/routing'
import { savedEventOf } from '../../components/savedEvent'
import { TabPanel, Tabs } from '../../components/Tabs'
import { PageLoading } from '../../components/PageLoading'
import { useAuth } from '../../lib/auth'
import type { Event } from '../../lib/events/event'
import { fallbacks, titleOf } from '../../lib/events/eventText'
import { formatLongDate } from '../../lib/text/format'
import { eventPageTitle, usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { kitDeskPath, roleLabels, type Role } from '../../lib/team/staff'
import { loadAccess, tabLabels, tabsOf, type TabId } from './access'
import { ParticipantsTab } from './participants/ParticipantsTab'

// The first tab comes with the page; the others load when opened, so the page's first download
// stays within the JavaScript budget (docs/budgets.md).
// Only a page reached by saving a new event says so: the message's code is not the workspace's.
const SavedEventMessage = lazy(() =>
  import('../../components/SavedEventMessage').then((m) => ({ default: m.SavedEventMessage })),
)
const KitTab = lazy(() => import('./kit/KitTab').then((m) => ({ default: m.KitTab })))
const ResultsTab = lazy(() => import('./results/ResultsTab').then((m) => ({ default: m.ResultsTab })))
const FinanceTab = lazy(() => import('./finance/FinanceTab').then((m) => ({ default: m.FinanceTab })))
const GroupsTab = lazy(() => import('./groups/GroupsTab').then((m) => ({ default: m.GroupsTab })))
const TeamTab = lazy(() => import('./team/TeamTab').then((m) => ({ default: m.TeamTab })))
const SettingsTab = lazy(() => import('./settings/SettingsTab').then((m) => ({ default: m.SettingsTab })))

const idPrefix = 'evento'
const backLink = '/dashboard?painel=organizador'

/**
 * /dashboard/eventos/{eventId} (signed in): the organizer's workspace for one event, with a tab
 * per job. The tab lives in the address (?aba=equipe) so that a reload or a shared link keeps it.
 */
export function OrganizerEventPage() {
  const { eventId = '' } = useParams()
  const { user } = useAuth()
  const uid = user?.uid ?? ''
  const access = useResource(`organizer-event:${eventId}:${uid}`, (signal) => loadAccess(eventId, uid, signal))
  const titulo = access.state === 'ready' && access.data.state !== 'not-found' ? access.data.event.titulo.trim() : ''
  usePageMeta('organizerEvent', titulo ? { title: eventPageTitle('organizerEvent', titulo) } : undefined)

  if (access.state === 'loading') return <PageLoading />
  if (access.state === 'error')
    return <Refusal title="Não foi possível carregar o evento." text="Tente novamente em instantes." />
  const a = access.data
  if (a.state === 'not-found')
    return <Refusal title="Evento não encontrado." text="O endereço pode estar errado ou o evento foi excluído." />
  if (a.state === 'forbidden') return <Forbidden />
  return <Workspace event={a.event} role={a.role} />
}

/** The pt-BR 403: signed in, but not on this event's team. */
function Forbidden() {
  return (
    <Refusal
      title="Acesso negado."
      text="Você não faz parte da equipe deste evento. Peça ao organizador um convite para o seu e-mail."
    />
  )
}

function Refusal({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <Link
        to={backLink}
        className="mt-6 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Voltar ao painel
      </Link>
    </section>
  )
}

function Workspace({ event, role }: { event: Event; role: Role }) {
  const [params, setParams] = useSearchParams()
  // A staff-only request answered 403: the user was taken off the team since the page opened.
  const [forbidden, setForbidden] = useState(false)
  const tabs = tabsOf(role).map((id) => ({ id, label: tabLabels[id] }))
  const asked = params.get('aba') as TabId | null
  const selected: TabId = asked && tabsOf(role).includes(asked) ? asked : 'inscritos'
  const city = [event.local.cidade, event.local.estado].filter(Boolean).join(' - ')
  const onForbidden = useCallback(() => setForbidden(true), [])
  if (forbidden) return <Forbidden />

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-12">
      <header className="space-y-2">
        <Link to={backLink} className="text-sm font-semibold text-brand-800 hover:underline">
          ← Meu painel
        </Link>
        <h1 className="break-words text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {titleOf(event)}
        </h1>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-slate-700">
          <span>{formatLongDate(event.dataEvento)}</span>
          <span>{city || fallbacks.local}</span>
          {event.status.trim() && (
            <span className="rounded-full bg-slate-200 px-3 text-sm font-semibold leading-6">{event.status}</span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          Seu papel: <strong>{roleLabels[role]}</strong>
        </p>
        <JustSaved eventId={event.id} />
      </header>
      <Tabs
        label="Gestão do evento"
        idPrefix={idPrefix}
        tabs={tabs}
        selected={selected}
        onSelect={(next) => setParams(next === 'inscritos' ? {} : { aba: next }, { replace: true })}
      />
      <TabPanel idPrefix={idPrefix} id={selected}>
        <div className="pt-6">
          <Suspense fallback={<PageLoading />}>
            {selected === 'inscritos' && (
              <ParticipantsTab
                eventId={event.id}
                role={role}
                percursos={event.modalidades.map((m) => m.nome)}
                timeZone={event.fusoHorario}
                onForbidden={onForbidden}
              />
            )}
            {/* The kit desk's own staff use the app; the progress and the history are the managers'. */}
            {selected === 'retirada' &&
              (role === 'retirada' ? (
                <KitDeskLink eventId={event.id} />
              ) : (
                <KitTab eventId={event.id} role={role} timeZone={event.fusoHorario} />
              ))}
            {selected === 'resultados' && <ResultsTab event={event} onForbidden={onForbidden} />}
            {selected === 'financeiro' && <FinanceTab event={event} onForbidden={onForbidden} />}
            {selected === 'grupos' && <GroupsTab eventId={event.id} onForbidden={onForbidden} />}
            {selected === 'equipe' && <TeamTab eventId={event.id} role={role} onForbidden={onForbidden} />}
            {selected === 'configuracoes' && <SettingsTab eventId={event.id} onForbidden={onForbidden} />}
          </Suspense>
        </div>
      </TabPanel>
    </section>
  )
}

/** The event form's success message, when the organizer arrives from saving this new event (FORM-40). */
function JustSaved({ eventId }: { eventId: string }) {
  const saved = savedEventOf(useLocation().state)
  if (saved?.id !== eventId) return null
  return (
    <div className="pt-2">
      <Suspense fallback={null}>
        <SavedEventMessage event={saved} on="workspace" />
      </Suspense>
    </div>
  )
}

function KitDeskLink({ eventId }: { eventId: string }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">
        A retirada de kits é feita no aplicativo do balcão, que funciona no celular mesmo sem internet depois do
        primeiro acesso.
      </p>
      <a
        href={kitDeskPath(eventId)}
        className="inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Abrir o balcão de retirada
      </a>
    </div>
  )
}
