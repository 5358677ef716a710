import type { APIRequestContext } from '@playwright/test'
import { demoOrganizer, signedInUser, signIn } from './accounts'
import { violations } from './axe'
import { createEvent, marker, nextYear } from './events'
import { expect, phone, test } from './fixtures'

// The organizer's first visits to /dashboard (issue 28): an account with events lands on its real
// panel, whose six tabs add up its events from one request and lead into each event's workspace; a
// kit desk volunteer sees their events without money; a fresh account sees the prototype as "veja
// como funciona", until it has an event of its own. Each journey runs at 375 px and at 1280 px.

const widths = [
  { name: '375 px', viewport: phone },
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
]

/** The demo kit desk member (PELOTAO_DEMO=1), on every upcoming demo event's team. Demo-only password. */
const demoKitDesk = { email: 'retirada@pelotao.demo', password: 'pelotao-demo-2026' }

const number = (n: number) => new Intl.NumberFormat('pt-BR').format(n)
const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v)
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ')

type PanelEvent = {
  role: string
  event: { id: string; titulo: string }
  inscritos: number
  pagos: number
  kitsRetirados: number
  resultados: { oficiais: number; preliminares: number }
  dinheiro: { valorPago: number; bruto: number; liquido: number } | null
}

async function panelOf(request: APIRequestContext): Promise<PanelEvent[]> {
  const res = await request.get('/api/me/painel')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { eventos: PanelEvent[] }).eventos
}

/** Checks one event of the panel's answer against what the event's own routes say. */
async function matchesItsWorkspace(request: APIRequestContext, e: PanelEvent) {
  const id = encodeURIComponent(e.event.id)
  const summary = (await (await request.get(`/api/events/${id}/participants/summary`)).json()) as {
    total: number
    pagos: number
    kitRetirado: number
    valorPago: number
  }
  const sets = ((await (await request.get(`/api/events/${id}/results`)).json()) as { resultSets: { status: string }[] })
    .resultSets
  const finance = (await (await request.get(`/api/events/${id}/financeiro`)).json()) as {
    bruto: number
    liquido: number
  }
  expect(e, e.event.titulo).toMatchObject({
    inscritos: summary.total,
    pagos: summary.pagos,
    kitsRetirados: summary.kitRetirado,
    resultados: {
      oficiais: sets.filter((s) => s.status === 'oficial').length,
      preliminares: sets.filter((s) => s.status !== 'oficial').length,
    },
    dinheiro: { valorPago: summary.valorPago, bruto: finance.bruto, liquido: finance.liquido },
  })
}

for (const { name, viewport } of widths) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport })

    test("an organizer's first visit opens their real panel: figures across their events from one request, each leading to the workspace's matching tab (NAV-15, ORG-13, ORG-14)", async ({
      page,
    }) => {
      test.slow() // two axe runs, and each event checked against its own routes
      await signIn(page, demoOrganizer)
      const calls: string[] = []
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname)
      })
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('tablist', { name: 'Seções da gestão' })).toBeVisible()
      // The sample data and its local 'Criar Evento' are not an organizer's.
      await expect(page.getByRole('tablist', { name: 'Seções do protótipo' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Criar Evento' })).toHaveCount(0)

      const overview = page.getByRole('tabpanel', { name: 'Visão Geral' })
      const stat = (label: string) => overview.locator('dt', { hasText: label }).locator('+ dd')
      const rows = page.getByRole('list', { name: 'Eventos', exact: true }).getByRole('listitem')
      // The figures are those of the panel's answer, which each event's own routes confirm. The demo
      // event sold in Pelotão gains participants whenever another journey pays an order: a sum read
      // across such a moment is read again, with the page.
      let attempt = 0
      await expect(async () => {
        if (attempt++ > 0) await page.reload()
        await expect(rows.first()).toBeVisible()
        const events = await panelOf(page.request)
        expect(events.length, 'the demo organizer has events').toBeGreaterThan(0)
        for (const e of events.filter((e) => e.role === 'owner').slice(0, 4)) await matchesItsWorkspace(page.request, e)
        const sum = (f: (e: PanelEvent) => number) => events.reduce((n, e) => n + f(e), 0)
        expect(
          sum((e) => e.inscritos),
          'the demo events have participants',
        ).toBeGreaterThan(0)
        await expect(rows).toHaveCount(events.length, { timeout: 2_000 })
        await expect(stat('Eventos')).toHaveText(number(events.length), { timeout: 2_000 })
        await expect(stat('Inscritos')).toHaveText(number(sum((e) => e.inscritos)), { timeout: 2_000 })
        await expect(stat('Kits retirados')).toHaveText(number(sum((e) => e.kitsRetirados)), { timeout: 2_000 })
        expect(plain(await stat('Receita').textContent())).toBe(plain(money(sum((e) => e.dinheiro?.valorPago ?? 0))))
      }).toPass({ timeout: 30_000 })
      // One request for the figures of every event, none per event.
      expect(calls.filter((p) => p === '/api/me/painel').length).toBeGreaterThan(0)
      expect(calls.filter((p) => /\/participants\/summary$|\/results$|\/financeiro$/.test(p))).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      expect(await violations(page)).toEqual([])

      // Financeiro: the money an owner sees, and the way into the event's own Financeiro.
      const tabs = page.getByRole('tablist', { name: 'Seções da gestão' })
      await tabs.getByRole('tab', { name: 'Financeiro' }).click()
      const finance = page.getByRole('tabpanel', { name: 'Financeiro' })
      await expect(finance.getByText('Vendas pelo Pelotão (Pix)')).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      expect(await violations(page)).toEqual([])
      const toFinance = finance.getByRole('link', { name: /^Financeiro: / }).first()
      const financeHref = (await toFinance.getAttribute('href'))!
      expect(financeHref).toMatch(/^\/dashboard\/eventos\/[^/]+\?aba=financeiro$/)
      await toFinance.click()
      await expect(page).toHaveURL(financeHref)
      await expect(page.getByRole('tab', { name: 'Financeiro' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('heading', { name: 'Resumo financeiro' })).toBeVisible()

      // Back on the panel, Check-in leads to the event's kit pickup.
      await page.getByRole('link', { name: '← Meu painel' }).click()
      await page.getByRole('tablist', { name: 'Seções da gestão' }).getByRole('tab', { name: 'Check-in' }).click()
      const kits = page.getByRole('list', { name: 'Retirada de kits por evento' })
      await expect(kits).toContainText('kits retirados')
      const toKits = kits.getByRole('link').first()
      const kitsHref = (await toKits.getAttribute('href'))!
      expect(kitsHref).toMatch(/^\/dashboard\/eventos\/[^/]+\?aba=retirada$/)
      await toKits.click()
      await expect(page).toHaveURL(kitsHref)
      await expect(page.getByRole('tab', { name: 'Retirada de kits' })).toHaveAttribute('aria-selected', 'true')
    })

    test('a kit desk volunteer lands on the panel of the events they work on, with no money (ORG-14)', async ({
      page,
    }) => {
      await signIn(page, demoKitDesk)
      await page.goto('/dashboard')
      await expect(page.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
      const events = await panelOf(page.request)
      expect(events.length).toBeGreaterThan(0)
      expect(events.every((e) => e.role === 'retirada' && e.dinheiro === null)).toBe(true)
      await expect(page.getByRole('list', { name: 'Eventos', exact: true }).getByRole('listitem')).toHaveCount(
        events.length,
      )
      await expect(
        page.getByRole('tabpanel', { name: 'Visão Geral' }).locator('dt', { hasText: 'Receita' }),
      ).toHaveCount(0)
      await page.getByRole('tablist', { name: 'Seções da gestão' }).getByRole('tab', { name: 'Financeiro' }).click()
      await expect(page.getByRole('tabpanel', { name: 'Financeiro' })).toHaveText(
        'Seu papel nos seus eventos não inclui esta seção.',
      )
    })

    test('a fresh account sees the prototype as "veja como funciona", and its real panel once it has an event (ORG-13)', async ({
      page,
    }) => {
      await signedInUser(page)
      const calls: string[] = []
      page.on('request', (r) => calls.push(new URL(r.url()).pathname))
      await page.goto('/dashboard')
      await expect(page.getByRole('tab', { name: 'Painel do Atleta' })).toHaveAttribute('aria-selected', 'true')
      await page.getByRole('tab', { name: 'Painel do Organizador' }).click()
      await expect(page.getByRole('heading', { name: 'Veja como funciona' })).toBeVisible()
      await expect(
        page.getByText('Para seus eventos reais, use Gerenciar em Meus eventos.', { exact: false }),
      ).toBeVisible()
      await expect(page.getByRole('tablist', { name: 'Seções do protótipo' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Criar Evento' })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      expect(calls).not.toContain('/api/me/painel')

      const titulo = `Corrida Estreante ${marker()}`
      await createEvent(page.request, { titulo, dataEvento: nextYear(4, 12) })
      await page.goto('/dashboard')
      await expect(page.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
      const rows = page.getByRole('list', { name: 'Eventos', exact: true }).getByRole('listitem')
      await expect(rows).toHaveCount(1)
      await expect(rows.getByRole('link', { name: `Gerenciar: ${titulo}` })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Veja como funciona' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Criar Evento' })).toHaveCount(0)
    })
  })
}
