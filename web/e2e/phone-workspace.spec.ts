import type { Locator, Page } from '@playwright/test'
import { createUser } from './accounts'
import { violations } from './axe'
import { cpfDigits } from './cpf'
import { createEvent, inDays, marker, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'
import { orderRita } from './orders'

// The organizer's workspace /dashboard/eventos/{id} on a 375 px phone and on a desktop (issue 28
// item 5, TEAM-8, WORK-1..3): every tab reachable by touch and by the arrow keys with the selected
// one in view, each list of each tab readable without scrolling sideways (cards on a phone, their
// title first), the pickups chart's time labels whole, an empty pickup history said once.

const desktop = { width: 1280, height: 800 }
const tabNames = ['Inscritos', 'Retirada de kits', 'Resultados', 'Financeiro', 'Grupos', 'Equipe', 'Configurações']

/**
 * An organizer signed in on `page`, owning an event sold in Pelotão three days ahead with `people`
 * imported participants (the first is Renata Cardoso de Albuquerque, nº 101), one order and a
 * kit desk volunteer invited.
 */
async function busyEvent(page: Page, people: number) {
  const organizer = await createUser(page.request, { displayName: 'Organizadora' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida do Celular ${marker()}`,
    dataEvento: inDays(3),
    km: [10],
  })
  await sellThroughPelotao(page.request, eventId)
  const names = [
    'Renata Cardoso de Albuquerque',
    ...Array.from({ length: people - 1 }, (_, i) => `Atleta Número ${i + 2}`),
  ]
  const rows = names.map((nome, i) => `${nome};${cpfDigits(String(529982247 + i * 1117))};10 km;M;${101 + i};Sim`)
  const imported = await page.request.post(`/api/events/${eventId}/participants`, {
    multipart: {
      file: {
        name: 'inscritos.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['Nome;CPF;Modalidade;Camiseta;Peito;Pago', ...rows].join('\r\n')),
      },
    },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  await orderRita(page.request, eventId, String(318273645), organizer.email)
  const invited = await page.request.post(`/api/events/${eventId}/staff`, {
    data: { email: `voluntaria-${marker().toLowerCase()}@exemplo.com.br`, role: 'retirada' },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  return eventId
}

/** Records a pickup for each of the event's participants, one every 20 minutes up to now. */
async function pickEveryKit(page: Page, eventId: string) {
  const roster = (await (await page.request.get(`/api/events/${eventId}/checkin/roster`)).json()) as {
    participants: { id: string }[]
  }
  const now = Date.now()
  // A pickup's id is made on the device and recorded once, whatever the event.
  const device = marker()
  const checkins = roster.participants.map((p, i) => ({
    id: `${device}-${i}`,
    participantId: p.id,
    at: new Date(now - (roster.participants.length - i) * 20 * 60_000).toISOString(),
    retiradoPor: null,
    camisetaEntregue: 'M',
    balcao: 'Balcão 1',
  }))
  const res = await page.request.post(`/api/events/${eventId}/checkin`, { data: { checkins } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Whether `target` lies within the window's width. */
async function withinWidth(page: Page, target: Locator) {
  const box = (await target.boundingBox())!
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width
}

/**
 * A list row readable where it is: each value within the list's box and the page's width, and on a
 * phone a card whose title (the row's header) comes first, the list not scrolling sideways. (Wider,
 * a table may scroll sideways in its box rather than squeeze its columns.)
 */
async function expectReadable(page: Page, list: Locator, row: Locator, values: string[]) {
  await expect(row).toBeVisible()
  const box = (await list.boundingBox())!
  for (const value of values) {
    const at = (await row.getByText(value, { exact: true }).first().boundingBox())!
    expect(at.x + at.width, value).toBeLessThanOrEqual(Math.min(box.x + box.width, page.viewportSize()!.width))
  }
  if (page.viewportSize()!.width >= 640) return
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the list scrolls sideways').toBe(true)
  const title = (await row.getByRole('rowheader').boundingBox())!
  for (const cell of await row.getByRole('cell').all()) {
    const at = await cell.boundingBox()
    if (at) expect(at.y, await cell.innerText()).toBeGreaterThanOrEqual(title.y + title.height - 1)
  }
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

for (const [size, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
] as const) {
  test.describe(`at ${viewport.width} px (${size})`, () => {
    test.use({ viewport })

    test('every tab reachable by touch and by the arrow keys, the selected one in view (TEAM-8, WORK-1)', async ({
      page,
    }) => {
      const eventId = await busyEvent(page, 1)
      await page.goto(`/dashboard/eventos/${eventId}`)
      const tablist = page.getByRole('tablist', { name: 'Gestão do evento' })
      await expect(tablist.getByRole('tab')).toHaveText(tabNames)
      for (const name of tabNames) expect(await withinWidth(page, tablist.getByRole('tab', { name })), name).toBe(true)

      for (const name of [...tabNames].reverse()) {
        await tablist.getByRole('tab', { name }).click()
        await expect(tablist.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
        expect(await withinWidth(page, tablist.getByRole('tab', { name })), name).toBe(true)
        expect(await pageWidth(page), `${name}: the page scrolls sideways`).toBeLessThanOrEqual(viewport.width)
      }

      // The arrow keys go round the tabs, selecting each; only the selected one is in the Tab order.
      await tablist.getByRole('tab', { name: 'Inscritos' }).focus()
      for (const name of [...tabNames.slice(1), 'Inscritos']) {
        await page.keyboard.press('ArrowRight')
        const tab = tablist.getByRole('tab', { name })
        await expect(tab).toBeFocused()
        await expect(tab).toHaveAttribute('aria-selected', 'true')
        await expect(tab).toHaveAttribute('tabindex', '0')
        expect(await withinWidth(page, tab), name).toBe(true)
      }
      await page.keyboard.press('End')
      await expect(tablist.getByRole('tab', { name: 'Configurações' })).toBeFocused()
      await expect(page).toHaveURL(/aba=configuracoes/)
      await page.keyboard.press('ArrowLeft')
      await expect(tablist.getByRole('tab', { name: 'Equipe' })).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('Home')
      await expect(tablist.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')

      // A link to a tab opens with that tab selected and in view.
      await page.goto(`/dashboard/eventos/${eventId}?aba=configuracoes`)
      await expect(tablist.getByRole('tab', { name: 'Configurações' })).toHaveAttribute('aria-selected', 'true')
      expect(await withinWidth(page, tablist.getByRole('tab', { name: 'Configurações' }))).toBe(true)
    })

    test('every list readable without scrolling sideways, the chart labels whole, an empty history said once (TEAM-8, WORK-2, WORK-3)', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      const eventId = await busyEvent(page, 18)
      await page.goto(`/dashboard/eventos/${eventId}`)

      const participants = page.getByRole('region', { name: 'Inscritos', exact: true })
      await expectReadable(page, participants, participants.getByRole('row', { name: /Renata Cardoso/ }), [
        'Renata Cardoso de Albuquerque',
        '101',
        'Não retirado',
      ])

      // Before the first pickup the tab says so once: the chart draws nothing, the history says it.
      await page.getByRole('tab', { name: 'Retirada de kits' }).click()
      await expect(page.getByText('0 de 18 kits retirados (0%)')).toBeVisible()
      await expect(page.getByText('Nenhuma retirada registrada ainda.')).toHaveCount(1)
      await expect(page.getByRole('figure', { name: 'Retiradas a cada 15 minutos' })).toHaveCount(0)

      await pickEveryKit(page, eventId)
      await page.reload()
      await expect(page.getByText('18 de 18 kits retirados (100%)')).toBeVisible()
      await expect(page.getByText('Nenhuma retirada registrada ainda.')).toHaveCount(0)
      const byModality = page.getByRole('region', { name: 'Por modalidade', exact: true })
      await expectReadable(page, byModality, byModality.getByRole('row', { name: /10 km/ }), ['10 km', '18', '100%'])
      const history = page.getByRole('region', { name: 'Histórico de retiradas', exact: true })
      await expectReadable(page, history, history.getByRole('row', { name: /Renata Cardoso/ }), [
        'Balcão 1',
        'Organizadora',
        'Retirado',
      ])

      // Six hours of quarters: wider than a phone, so the chart scrolls (by keyboard too) and no
      // time label is cut at its end.
      const chart = page.getByRole('region', { name: 'Gráfico de retiradas a cada 15 minutos', exact: true })
      await expect(chart).toBeVisible()
      const labels = await chart.locator('svg').evaluate((svg) => {
        const right = svg.getBoundingClientRect().right
        return [...svg.querySelectorAll('text')].map((t) => ({
          text: t.textContent,
          whole: t.getBoundingClientRect().right <= right + 0.5,
        }))
      })
      const times = labels.filter((l) => /^\d\d:\d\d$/.test(l.text ?? ''))
      expect(times.length).toBeGreaterThan(3)
      expect(labels.filter((l) => !l.whole)).toEqual([])
      if (size === 'phone') {
        await chart.focus()
        await page.keyboard.press('ArrowRight')
        await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
      }

      await page.getByRole('tab', { name: 'Financeiro' }).click()
      const orders = page.getByRole('region', { name: 'Lista de pedidos', exact: true })
      await expectReadable(page, orders, orders.getByRole('row').nth(1), ['Aguardando pagamento', 'R$ 89,90'])

      await page.getByRole('tab', { name: 'Equipe' }).click()
      const team = page.getByRole('list', { name: 'Equipe do evento' })
      for (const who of await team.getByRole('listitem').all())
        expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      await expect(team.getByRole('listitem')).toHaveCount(2)

      await page.getByRole('tab', { name: 'Resultados' }).click()
      await page.getByLabel('Arquivo de resultados').setInputFiles({
        name: 'resultado.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'Posição;Nº;Nome;Sexo;Categoria;Equipe;Tempo Líquido',
            '1;101;Renata Cardoso de Albuquerque;F;F3034;Assessoria Passo Firme;0:42:13',
          ].join('\n'),
        ),
      })
      const preview = page.getByRole('region', { name: 'Primeiras linhas como serão publicadas', exact: true })
      await expectReadable(page, preview, preview.getByRole('row', { name: /Renata Cardoso/ }), [
        'Renata Cardoso de Albuquerque',
        'Assessoria Passo Firme',
        '0:42:13',
      ])

      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width)
      expect(await violations(page)).toEqual([])
    })
  })
}
