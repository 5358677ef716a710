import { useRef, useState } from 'react'
import { TabPanel, Tabs } from '../../../components/Tabs'
import { sections, type Section } from '../organizer/sections'
import { CheckinTab } from './CheckinTab'
import { CreateSampleEventDialog } from './CreateSampleEventDialog'
import { FinanceTab } from './FinanceTab'
import { OverviewTab } from './OverviewTab'
import { RegistrationsTab } from './RegistrationsTab'
import { ResultsTab } from './ResultsTab'
import { sampleEvents, sampleParticipants } from './sampleData'
import { newSampleEvent, setKitRetirado, type NewSampleEventInput } from './sampleRules'
import { SettingsTab } from './SettingsTab'

const idPrefix = 'prototipo'

/**
 * The spec's organizer prototype (docs/requirements.md ORG-1..11): it works on sample data held in this
 * component's state and never calls the server, so a reload brings the sample data back. The panel
 * shows it to an account with no events yet, as a tour (ORG-13).
 */
export function OrganizerPrototype() {
  const [events, setEvents] = useState(sampleEvents)
  const [participants, setParticipants] = useState(sampleParticipants)
  const [section, setSection] = useState<Section>('overview')
  const [creating, setCreating] = useState(false)
  const [notice, setNotice] = useState('')
  const created = useRef(0)

  function create(input: NewSampleEventInput) {
    created.current += 1
    const event = newSampleEvent(input, `novo-${created.current}`)
    setEvents([...events, event])
    setCreating(false)
    setNotice(`Evento de exemplo "${event.nome}" criado como rascunho.`)
  }

  return (
    <section aria-labelledby="prototipo-titulo" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="prototipo-titulo" className="text-xl font-bold text-slate-900">
            Veja como funciona
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">
            Um protótipo da gestão de eventos: explore-a com dados de exemplo antes de cadastrar o seu evento.
          </p>
          <p className="mt-2 max-w-2xl rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Dados de exemplo: esta área é um protótipo que funciona só no seu navegador. Nada aqui é enviado ao
            servidor, e tudo volta ao original quando a página é recarregada.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Para seus eventos reais, use Gerenciar em{' '}
            <a href="#meus-eventos-titulo" className="font-semibold text-brand-800 underline hover:text-brand-900">
              Meus eventos
            </a>
            .
          </p>
        </div>
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="shrink-0 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Criar Evento
        </button>
      </div>
      <p role="status" className="text-sm font-semibold text-brand-800">
        {notice}
      </p>

      <Tabs label="Seções do protótipo" idPrefix={idPrefix} tabs={sections} selected={section} onSelect={setSection} />
      <TabPanel idPrefix={idPrefix} id={section}>
        <div className="pt-4">
          {section === 'overview' && <OverviewTab events={events} participants={participants} />}
          {section === 'inscricoes' && <RegistrationsTab events={events} participants={participants} />}
          {section === 'checkin' && (
            <CheckinTab
              events={events}
              participants={participants}
              onKitRetirado={(id, value) => setParticipants(setKitRetirado(participants, id, value))}
            />
          )}
          {section === 'resultados' && <ResultsTab events={events} participants={participants} />}
          {section === 'financeiro' && <FinanceTab events={events} participants={participants} />}
          {section === 'config' && <SettingsTab events={events} />}
        </div>
      </TabPanel>

      {creating && <CreateSampleEventDialog onCreate={create} onClose={() => setCreating(false)} />}
    </section>
  )
}
