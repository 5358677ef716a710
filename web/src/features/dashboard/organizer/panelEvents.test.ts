import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '../../../lib/testing/fakeFetch'
import { summary } from '../../../lib/testing/testEvents'
import { eventsOf, loadPanel, resultSetsText, totalsOf, type PanelEvent } from './panelEvents'

afterEach(() => vi.unstubAllGlobals())

const money = (valorPago: number, bruto = 0, reembolsado = 0) => ({
  valorPago,
  valorPendente: 10,
  bruto,
  reembolsado,
  liquido: bruto - reembolsado,
})

function panelEvent(id: string, role: PanelEvent['role'], figures: Partial<PanelEvent> = {}): PanelEvent {
  return {
    role,
    event: summary({ id }),
    inscritos: 0,
    pagos: 0,
    kitsRetirados: 0,
    resultados: { oficiais: 0, preliminares: 0 },
    dinheiro: role === 'retirada' ? null : money(0),
    ...figures,
  }
}

describe('the organizer panel (ORG-13, ORG-14)', () => {
  it('reads every event of the account in one request, the next one first, a missing figure as zero and money only where sent', async () => {
    const fetch = stubFetch((url) =>
      url.pathname === '/api/me/painel'
        ? [
            200,
            {
              eventos: [
                {
                  role: 'owner',
                  event: summary({ id: 'passado', dataEvento: '2020-05-01' }),
                  inscritos: 3,
                  dinheiro: money(50),
                },
                {
                  role: 'retirada',
                  event: summary({ id: 'longe', dataEvento: '2999-05-01' }),
                  inscritos: 7,
                  kitsRetirados: 2,
                  dinheiro: null,
                },
                {
                  role: 'gestao',
                  event: summary({ id: 'perto', dataEvento: '2999-01-01' }),
                  resultados: { oficiais: 1 },
                  dinheiro: money(20, 30, 5),
                },
              ],
            },
          ]
        : [404, {}],
    )
    const events = await loadPanel(new AbortController().signal)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(events.map((e) => [e.event.id, e.role])).toEqual([
      ['perto', 'gestao'],
      ['longe', 'retirada'],
      ['passado', 'owner'],
    ])
    expect(events[0]).toMatchObject({
      inscritos: 0,
      pagos: 0,
      resultados: { oficiais: 1, preliminares: 0 },
      dinheiro: money(20, 30, 5),
    })
    expect(events[1]!.dinheiro).toBeNull()
  })

  it('adds the figures up across events, money across those that carry it', () => {
    const t = totalsOf([
      panelEvent('a', 'owner', {
        inscritos: 10,
        pagos: 8,
        kitsRetirados: 3,
        resultados: { oficiais: 2, preliminares: 1 },
        dinheiro: money(800, 500, 100),
      }),
      panelEvent('b', 'retirada', { inscritos: 5, pagos: 5, kitsRetirados: 5 }),
      panelEvent('c', 'gestao', { inscritos: 1, dinheiro: money(449.5) }),
    ])
    expect(t).toEqual({
      inscritos: 16,
      pagos: 13,
      kits: 8,
      oficiais: 2,
      preliminares: 1,
      dinheiro: { valorPago: 1249.5, valorPendente: 20, bruto: 500, reembolsado: 100, liquido: 400 },
    })
    expect(totalsOf([panelEvent('b', 'retirada')]).dinheiro).toBeNull()
  })

  it("lists in each section the events whose role opens the workspace's matching tab (internal/team/roles.json)", () => {
    const events = [panelEvent('dono', 'owner'), panelEvent('gestao', 'gestao'), panelEvent('balcao', 'retirada')]
    const ids = (section: Parameters<typeof eventsOf>[0]) => eventsOf(section, events).map((e) => e.event.id)
    expect(ids('overview')).toEqual(['dono', 'gestao', 'balcao'])
    expect(ids('inscricoes')).toEqual(['dono', 'gestao', 'balcao'])
    expect(ids('checkin')).toEqual(['dono', 'gestao', 'balcao'])
    expect(ids('resultados')).toEqual(['dono', 'gestao'])
    expect(ids('financeiro')).toEqual(['dono', 'gestao'])
    expect(ids('config')).toEqual(['dono', 'gestao'])
  })

  it('says how many result sets are official and how many preliminary', () => {
    expect(resultSetsText({ oficiais: 2, preliminares: 1 })).toBe('2 oficiais · 1 preliminar')
    expect(resultSetsText({ oficiais: 0, preliminares: 1 })).toBe('1 preliminar')
    expect(resultSetsText({ oficiais: 0, preliminares: 0 })).toBe('Nenhum resultado publicado')
  })
})
