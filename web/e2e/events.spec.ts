import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import type { Event, EventSummary } from '../src/lib/events/event'
import { demoOrganizer } from './accounts'
import { expect, phone, test } from './fixtures'

// The journeys find their events through the API, so they hold for whatever the demo content is.
// Other specs create and delete events while these run: a journey about one event picks it from
// the demo content (the demo organizer's events, which no spec changes), and a comparison of the
// whole list with the API retries until both were read at a quiet moment.

async function listed(request: APIRequestContext, query: string): Promise<EventSummary[]> {
  const res = await request.get(`/api/events?limit=500&${query}`)
  expect(res.ok()).toBeTruthy()
  return ((await res.json()) as { events: EventSummary[] }).events
}

let demoIds: Promise<Set<string>> | undefined

/** The ids of the demo events, read once per worker as their owner. */
function demoEventIds(baseURL: string): Promise<Set<string>> {
  demoIds ??= (async () => {
    const api = await playwrightRequest.newContext({ baseURL })
    try {
      expect((await api.post('/api/auth/login', { data: demoOrganizer })).status()).toBe(200)
      return new Set((await listed(api, 'owner=me')).map((e) => e.id))
    } finally {
      await api.dispose()
    }
  })()
  return demoIds
}

/** The demo events among the API's answer to query, in its order. */
async function demo(request: APIRequestContext, baseURL: string | undefined, query: string): Promise<EventSummary[]> {
  const ids = await demoEventIds(baseURL!)
  const events = (await listed(request, query)).filter((e) => ids.has(e.id))
  expect(events.length, `demo events for ${query}`).toBeGreaterThan(0)
  return events
}

async function detailOf(request: APIRequestContext, id: string): Promise<Event> {
  const res = await request.get(`/api/events/${encodeURIComponent(id)}`)
  expect(res.ok()).toBeTruthy()
  return (await res.json()) as Event
}

async function demoDetails(request: APIRequestContext, baseURL: string | undefined, query: string): Promise<Event[]> {
  return Promise.all((await demo(request, baseURL, query)).map((e) => detailOf(request, e.id)))
}

const titleOf = (e: { titulo: string }) => e.titulo.trim() || 'Título não disponível'
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

const cardTitles = (page: Page) => page.getByRole('tabpanel').getByRole('heading', { level: 2 })

/**
 * Expects the page's cards to show the demo events of the API's answer to query, in order, and
 * answers them. `show` brings the page to the list under test; it runs again, with the API read,
 * whenever another spec changed the events in between.
 */
async function expectListed(
  page: Page,
  request: APIRequestContext,
  query: string,
  show: (attempt: number) => Promise<unknown>,
) {
  const ids = await demoEventIds(test.info().project.use.baseURL!)
  let attempt = 0
  let events: EventSummary[] = []
  await expect(async () => {
    events = (await listed(request, query)).filter((e) => ids.has(e.id))
    await show(attempt++)
    // The demo events among the cards, in the API's order: other specs add theirs all the time.
    const titles = new Set(events.map(titleOf))
    const demoCards = async () => (await cardTitles(page).allTextContents()).filter((t) => titles.has(t))
    await expect.poll(demoCards, { timeout: 3_000 }).toEqual(events.map(titleOf))
  }).toPass({ timeout: 20_000 })
  return events
}

const cardOf = (page: Page, e: { titulo: string }) => page.getByRole('tabpanel').getByRole('link', { name: titleOf(e) })

// The modality accordion's items: a <details> each, opened by its <summary>.
const accordionItems = (page: Page) => page.getByRole('main').locator('details')

// The page load and the API read both answer 404, and useResource logs the read's ApiError.
const notFoundErrors = [/404/, /Failed to load resource/, /ApiError: Evento não encontrado/]

for (const [label, viewport] of [
  ['375 px', phone],
  ['1280 px', { width: 1280, height: 800 }],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport })

    test('both tabs list their events, upcoming soonest first and past most recent first', async ({
      page,
      request,
    }) => {
      await expectListed(page, request, 'when=upcoming&order=asc', () => page.goto('/'))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Próximos Eventos' })).toHaveAttribute('aria-selected', 'true')
      await page.screenshot({ path: test.info().outputPath(`home-${viewport.width}.png`), fullPage: true })

      const past = await expectListed(page, request, 'when=past', async (attempt) => {
        if (attempt > 0) await page.goto('/')
        await page.getByRole('tab', { name: 'Eventos Anteriores' }).click()
      })
      await expect(page.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
      await expect(page).toHaveURL(/\?aba=anteriores$/)

      await cardOf(page, past[0]!).click()
      await expect(page).toHaveURL(new RegExp(`/resultado/${past[0]!.id}$`))
      await page.goBack()
      await expect(page.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
      await expect(cardOf(page, past[0]!)).toBeVisible()
    })

    test('opening an upcoming event shows its page, and the banner zooms and closes on Escape', async ({
      page,
      request,
      baseURL,
    }) => {
      const [first] = await demo(request, baseURL, 'when=upcoming&order=asc')
      const event = await detailOf(request, first!.id)
      await page.goto('/')
      await cardOf(page, first!).click()
      await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(event))
      await expect(
        page.getByText('Ao se inscrever, você declara que leu e concorda com o regulamento do evento.'),
      ).toBeVisible()

      const expected =
        viewport.width >= 768
          ? event.banners.desktop || event.banners.mobile
          : event.banners.mobile || event.banners.desktop
      const zoom = page.getByRole('button', { name: `Ampliar banner de ${titleOf(event)}` })
      expect((await zoom.boundingBox())?.height).toBe(400)
      await zoom.click()
      const dialog = page.getByRole('dialog', { name: 'Imagem ampliada' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('img')).toHaveAttribute('src', expected)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(zoom).toBeFocused()

      await page.getByRole('link', { name: 'Voltar' }).click()
      await expect(page).toHaveURL(/\/$/)

      await page.goto(`/event/${event.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(event))
      await page.screenshot({ path: test.info().outputPath(`event-${viewport.width}.png`), fullPage: true })
    })

    test('modalities open one at a time, the first open on load', async ({ page, request, baseURL }) => {
      const event = (await demoDetails(request, baseURL, 'when=upcoming')).find((e) => e.modalidades.length >= 2)
      expect(event, 'an upcoming demo event with two modalities').toBeDefined()
      await page.goto(`/event/${event!.id}`)
      const items = accordionItems(page)
      await expect(items).toHaveCount(event!.modalidades.length)
      await expect(items.nth(0)).toHaveJSProperty('open', true)
      await expect(items.nth(1)).toHaveJSProperty('open', false)
      await items.nth(1).locator('summary').click()
      await expect(items.nth(1)).toHaveJSProperty('open', true)
      await expect(items.nth(0)).toHaveJSProperty('open', false)
      await expect(items.nth(1).locator('summary + *')).toBeVisible()
      await expect(items.nth(0).locator('summary + *')).toBeHidden()
    })

    test('the registration button is enabled only for open registrations with a link', async ({
      page,
      request,
      baseURL,
    }) => {
      const all = await demo(request, baseURL, '')
      const open = all.find((e) => e.status === 'Inscrições Abertas' && e.linkCompra)
      const closed = all.find((e) => e.status !== 'Inscrições Abertas')
      expect(open, 'a demo event with open registrations').toBeDefined()
      expect(closed, 'a demo event with another status').toBeDefined()

      await page.goto(`/event/${open!.id}`)
      const button = page.getByRole('button', { name: 'Inscreva-se Agora' })
      await expect(button).toBeEnabled()
      await expect(button).toHaveAttribute('href', open!.linkCompra)
      await expect(button).toHaveAttribute('target', '_blank')
      await expect(button).toHaveAttribute('rel', 'noopener noreferrer')

      await page.goto(`/event/${closed!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(closed!))
      await expect(page.getByRole('button', { name: closed!.status })).toBeDisabled()
      await expect(page.getByRole('button', { name: 'Inscreva-se Agora' })).toHaveCount(0)
    })

    test("a past event's results link PDFs that download", async ({ page, request, baseURL }) => {
      const event = (await demoDetails(request, baseURL, 'when=past')).find((e) =>
        e.modalidades.some((m) => m.resultados.pdfGeralURL),
      )
      expect(event, 'a past demo event with results').toBeDefined()
      const index = event!.modalidades.findIndex((m) => m.resultados.pdfGeralURL)
      const modality = event!.modalidades[index]!

      await page.goto('/?aba=anteriores')
      await cardOf(page, event!).click()
      await expect(page).toHaveURL(new RegExp(`/resultado/${event!.id}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(event!))
      const items = accordionItems(page)
      await expect(items).toHaveCount(event!.modalidades.length)
      await expect(items.first()).toHaveJSProperty('open', true)
      if (index > 0) await items.nth(index).locator('summary').click()

      const general = page.getByRole('link', { name: 'Classificação Geral' })
      await expect(general).toHaveAttribute('href', modality.resultados.pdfGeralURL)
      await expect(general).toHaveAttribute('target', '_blank')
      const links = [general]
      if (modality.resultados.pdfCategoriasURL) links.push(page.getByRole('link', { name: 'Resultados por Categoria' }))
      for (const link of links) {
        const res = await request.get((await link.getAttribute('href'))!)
        expect(res.ok()).toBeTruthy()
        expect(res.headers()['content-type']).toContain('application/pdf')
        expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
      }

      const without = event!.modalidades.findIndex((m) => !m.resultados.pdfGeralURL && !m.resultados.pdfCategoriasURL)
      if (without >= 0) {
        await items.nth(without).locator('summary').click()
        await expect(page.getByText('Resultados para esta modalidade ainda não disponíveis.')).toBeVisible()
      }
      await page.screenshot({ path: test.info().outputPath(`results-${viewport.width}.png`), fullPage: true })
    })

    test('the three pages have no serious or critical accessibility violation', async ({ page, request, baseURL }) => {
      test.slow() // three pages, three axe runs: 10 s alone, past 30 s on a busy machine (CI failed here once)
      const [upcoming] = await demo(request, baseURL, 'when=upcoming&order=asc')
      const [past] = await demo(request, baseURL, 'when=past')
      for (const path of ['/', `/event/${upcoming!.id}`, `/resultado/${past!.id}`]) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('status')).toHaveCount(0)
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      }
    })
  })
}

test('the grid has 1, 2, 3 and 4 columns by width', async ({ page }) => {
  await page.goto('/')
  const grid = page.getByRole('tabpanel').getByRole('list')
  await expect(grid).toBeVisible()
  for (const [width, columns] of [
    [375, 1],
    [639, 1],
    [640, 2],
    [1023, 2],
    [1024, 3],
    [1279, 3],
    [1280, 4],
    [1600, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await expect
      .poll(() => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length), {
        message: `${width} px`,
      })
      .toBe(columns)
  }
})

test('search ignores accents, filters narrow the list, and both live in the address', async ({
  page,
  request,
  baseURL,
}) => {
  // Other specs create events in SP, RS and MG, mostly Corrida de Rua, while this one runs: search and
  // filter on a demo event whose lists they cannot change.
  const event = (await demo(request, baseURL, 'when=upcoming&order=asc')).find(
    (e) =>
      e.local.cidade.trim() !== '' && !['SP', 'RS', 'MG'].includes(e.local.estado) && e.categoria !== 'Corrida de Rua',
  )
  expect(event, 'an upcoming demo event with a city').toBeDefined()
  const query = fold(event!.local.cidade)
  const search = page.getByRole('searchbox', { name: 'Buscar' })
  // The first look is at the list as filtered in the page; later ones reload it from the address.
  const reloadAfterFirst = async (attempt: number) => attempt > 0 && page.reload()

  await page.goto('/')
  await search.fill(query)
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query)
  const found = await expectListed(
    page,
    request,
    `when=upcoming&order=asc&q=${encodeURIComponent(query)}`,
    reloadAfterFirst,
  )
  expect(found.map((e) => e.id)).toContain(event!.id)

  await search.fill('')
  await page.getByRole('combobox', { name: 'Categoria' }).selectOption(event!.categoria)
  await expectListed(
    page,
    request,
    `when=upcoming&order=asc&categoria=${encodeURIComponent(event!.categoria)}`,
    reloadAfterFirst,
  )
  await page.getByRole('combobox', { name: 'Estado' }).selectOption(event!.local.estado)
  const both = `when=upcoming&order=asc&categoria=${encodeURIComponent(event!.categoria)}&uf=${event!.local.estado}`
  await expectListed(page, request, both, reloadAfterFirst)
  expect(new URL(page.url()).searchParams.get('categoria')).toBe(event!.categoria)
  expect(new URL(page.url()).searchParams.get('uf')).toBe(event!.local.estado)

  // A shared address opens the same list.
  await expectListed(page, request, both, () => page.goto(page.url()))
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue(event!.categoria)
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue(event!.local.estado)

  await search.fill('nenhum evento tem este nome zzz')
  await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()
  await page.getByRole('button', { name: 'Limpar filtros' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectListed(page, request, 'when=upcoming&order=asc', reloadAfterFirst)
})

test.describe('an unknown event id', () => {
  test.use({ allowConsoleErrors: [notFoundErrors, { scope: 'test' }] })

  test('the event page answers 404 and says Evento não encontrado.', async ({ page }) => {
    const res = await page.goto('/event/nao-existe')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evento não encontrado.')
    await expect(page.getByRole('heading', { name: 'Sobre o Evento' })).toHaveCount(0)
  })

  test('the results page answers 404 and says Evento não encontrado.', async ({ page }) => {
    const res = await page.goto('/resultado/nao-existe')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evento não encontrado.')
  })
})
