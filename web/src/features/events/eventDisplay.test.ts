import { describe, expect, it } from 'vitest'
import { currentLot, earliestStart, googleCalendarUrl, mapUrl, registrationOf, shownStatus } from './eventDisplay'
import shownStatusTable from '../../../../internal/event/testdata/shown_status_cases.json'
import { regulationUrl } from '../../lib/events/eventText'
import { whatsappShareUrl } from '../../components/ShareButtons'

const local = (over: Partial<{ local: string; endereco: string; cidade: string; estado: string }> = {}) => ({
  local: '',
  endereco: '',
  cidade: '',
  estado: '',
  ...over,
})

describe('registration button rule (EVT-28..30)', () => {
  it('opens only for Inscrições Abertas with a purchase link', () => {
    expect(registrationOf({ dataEvento: '', status: 'Inscrições Abertas', linkCompra: 'https://x.example/c' })).toEqual(
      { open: true, href: 'https://x.example/c' },
    )
    expect(
      registrationOf({ dataEvento: '', status: 'Inscrições Encerradas', linkCompra: 'https://x.example/c' }),
    ).toEqual({ open: false, label: 'Inscrições Encerradas' })
    expect(registrationOf({ dataEvento: '', status: 'Inscrições Abertas', linkCompra: '' })).toEqual({
      open: false,
      label: 'Inscrições Abertas',
    })
    expect(registrationOf({ dataEvento: '', status: 'Inscrições Abertas', linkCompra: 'javascript:alert(1)' })).toEqual(
      { open: false, label: 'Inscrições Abertas' },
    )
  })

  it('opens the registration form, in the same tab, for an event Pelotão sells (REG-78)', () => {
    const sold = {
      id: 'ev 1',
      dataEvento: '',
      linkCompra: 'https://x.example/c',
      inscricoes: { modo: 'pelotao' as const },
    }
    expect(registrationOf({ ...sold, status: 'Inscrições Abertas' })).toEqual({
      open: true,
      href: '/inscricao/ev%201',
      here: true,
    })
    expect(registrationOf({ ...sold, status: 'Em Breve' })).toEqual({ open: false, label: 'Em Breve' })
    expect(registrationOf({ ...sold, status: 'Inscrições Abertas', inscricoes: { modo: 'externo' } })).toEqual({
      open: true,
      href: 'https://x.example/c',
    })
  })
})

describe('the status a past event shows (TRUTH-1)', () => {
  // The table Go's event.ShownStatus runs too.
  it.each(shownStatusTable.cases)('$name', ({ dataEvento, status, shown }) => {
    expect(shownStatus({ dataEvento, status }, shownStatusTable.today)).toBe(shown)
  })

  it('offers no registration for a race already run, whatever its status still says (TRUTH-1)', () => {
    const open = { status: 'Inscrições Abertas', linkCompra: 'https://x.example/c', dataEvento: '2026-11-25' }
    expect(registrationOf(open, '2026-11-25')).toEqual({ open: true, href: 'https://x.example/c' })
    expect(registrationOf(open, '2026-11-26')).toEqual({ open: false, label: 'Evento Realizado' })
    const sold = { ...open, id: 'ev1', inscricoes: { modo: 'pelotao' as const } }
    expect(registrationOf(sold, '2026-11-26')).toEqual({ open: false, label: 'Evento Realizado' })
    expect(registrationOf({ ...open, status: 'Cancelado' }, '2026-11-26')).toEqual({ open: false, label: 'Cancelado' })
  })
})

describe('links', () => {
  it('uses regulamentoUrl, then regulamento (EVT-22)', () => {
    expect(regulationUrl({ regulamentoUrl: '/files/r.pdf', regulamento: 'https://r.example' })).toBe('/files/r.pdf')
    expect(regulationUrl({ regulamentoUrl: '', regulamento: 'https://r.example' })).toBe('https://r.example')
    expect(regulationUrl({ regulamentoUrl: '', regulamento: '' })).toBe('')
  })

  it('shares the event page on WhatsApp', () => {
    expect(whatsappShareUrl('Corrida São João', 'https://pelotao.example/event/a1')).toBe(
      'https://api.whatsapp.com/send?text=Corrida%20S%C3%A3o%20Jo%C3%A3o%20https%3A%2F%2Fpelotao.example%2Fevent%2Fa1',
    )
  })

  it('searches the venue on Google Maps', () => {
    expect(mapUrl(local({ local: 'Parque', cidade: 'São Paulo', estado: 'SP' }))).toBe(
      'https://www.google.com/maps/search/?api=1&query=Parque%2C%20S%C3%A3o%20Paulo%2C%20SP',
    )
    expect(mapUrl(local())).toBe('')
  })
})

it('takes the earliest start time (EVT-26)', () => {
  expect(
    earliestStart([
      { id: 'a', nome: 'A', horario: '08:00' },
      { id: 'b', nome: 'B', horario: '06:30' },
    ]),
  ).toBe('06:30')
  expect(earliestStart([])).toBe('')
})

describe('googleCalendarUrl', () => {
  const event = {
    titulo: 'Meia do Sol',
    dataEvento: '2026-03-15',
    largadas: [
      { id: 'a', nome: '', horario: '07:30' },
      { id: 'b', nome: '', horario: '23:45' },
      { id: 'c', nome: '', horario: 'a definir' },
    ],
    local: local({ local: 'Parque', cidade: 'Campinas', estado: 'SP' }),
    informacoes: {
      descricao: 'Plano, 21 km',
      informacoesImportantes: '',
      cronograma: { tipo: 'texto' as const, valor: '' },
    },
  }

  it('starts at the earliest largada in São Paulo time', () => {
    const url = new URL(googleCalendarUrl(event, 'https://pelotao.example/event/x'))
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Meia do Sol',
      dates: '20260315T073000/20260315T093000',
      ctz: 'America/Sao_Paulo',
      location: 'Parque, Campinas - SP',
      details: 'Plano, 21 km\n\nMais informações: https://pelotao.example/event/x',
    })
  })

  it('is all day without a start time, crossing the month and year', () => {
    const url = new URL(googleCalendarUrl({ ...event, dataEvento: '2026-12-31', largadas: [] }, 'u'))
    expect(url.searchParams.get('dates')).toBe('20261231/20270101')
  })

  it('is empty without a date', () => {
    expect(googleCalendarUrl({ ...event, dataEvento: '' }, 'u')).toBe('')
  })
})

describe('currentLot (EVT-32)', () => {
  const lot = (nome: string, dataLimite: string, valor: number | null = 100) => ({
    nome,
    valor,
    maxVagas: null,
    valoresPorModalidade: [],
    dataLimite,
  })
  const lotes = [lot('1º Lote', '2026-03-10', 89.9), lot('2º Lote', '2026-04-10', 109.9), lot('3º Lote', '', 129.9)]

  it("is the first lot whose deadline is today or later, in the organizer's order", () => {
    expect(currentLot(lotes, '2026-03-01')?.nome).toBe('1º Lote')
    expect(currentLot(lotes, '2026-03-10')?.nome).toBe('1º Lote') // its last day
    expect(currentLot(lotes, '2026-03-11')?.nome).toBe('2º Lote')
    expect(currentLot(lotes, '2026-05-01')?.nome).toBe('3º Lote') // no deadline: open
  })

  it('is none when every deadline has passed, or a lot has no price', () => {
    expect(currentLot(lotes.slice(0, 2), '2026-05-01')).toBeNull()
    expect(currentLot([lot('Lote sem preço', '', null)], '2026-03-01')).toBeNull()
    expect(currentLot([], '2026-03-01')).toBeNull()
  })
})
