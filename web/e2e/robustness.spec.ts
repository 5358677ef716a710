// The site holds up when the API's event answers lack fields (a document written by an older
// version, edited by hand, trimmed by a proxy): the pages show docs/product.md §8's fallbacks, never a blank
// page. And a tap on a page the server drew works before the app has taken the page over.
import type { CDPSession, Page, Route } from '@playwright/test'
import { signedInUser } from './accounts'
import { appCode, expect, holdRequests, phone, test } from './fixtures'

const future = '2999-12-31'

/** GET /api/events answers: an event with nothing but its id, one without place, a past one. */
const partialList = {
  events: [
    { id: 'parcial-1' },
    {
      id: 'parcial-2',
      titulo: 'Corrida Parcial',
      dataEvento: future,
      status: 'Inscrições Abertas',
      local: null,
      banners: null,
      distances: null,
    },
    { id: 'parcial-3', dataEvento: '2001-05-01', categoria: null },
  ],
}

/** GET /api/events/{id} answers: no title, category, date or place; modalities without their details. */
const partialEvent = (id: string) => ({
  id,
  local: null,
  banners: null,
  informacoes: null,
  inscricoes: null,
  premiacao: null,
  largadas: null,
  modalidades: [{ nome: '5 km' }, { nome: '10 km', resultados: null, categorias: null }],
})

/** Replaces the events API's answers with partial ones. */
async function servePartialEvents(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/events',
    (route) => route.fulfill({ json: partialList }),
  )
  // Nor participants: the organizer panel's figures read them (the server would answer 404).
  await page.route(
    (url) => /^\/api\/events\/[^/]+\/participants\/summary$/.test(url.pathname),
    (route) =>
      route.fulfill({
        json: {
          total: 0,
          pagos: 0,
          kitRetirado: 0,
          valorPago: 0,
          valorPendente: 0,
          porPercurso: {},
          porSexo: {},
          porCamiseta: {},
        },
      }),
  )
  // The made-up events have no published results (the server would answer 404 for their ids).
  await page.route(
    (url) => /^\/api\/events\/[^/]+\/results$/.test(url.pathname),
    (route) => route.fulfill({ json: { resultSets: [] } }),
  )
  await page.route(
    (url) => /^\/api\/events\/[^/]+$/.test(url.pathname),
    (route) =>
      route.fulfill({
        json: partialEvent(decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!)),
      }),
  )
}

test.describe('partial events from the API', () => {
  test('the home, event and results pages show their fallbacks (HOME-10, EVT-8/9, ERR-9/10, RES-12)', async ({
    page,
  }) => {
    await servePartialEvents(page)
    await page.goto('/about')
    await page.getByRole('banner').getByRole('link', { name: 'Eventos', exact: true }).click()

    const panel = page.getByRole('tabpanel')
    const undated = panel.getByRole('listitem').filter({ hasText: 'Título não disponível' })
    await expect(undated).toContainText('Sem categoria')
    await expect(undated).toContainText('Data a definir')
    await expect(undated).toContainText('Local a definir')
    await expect(undated).toContainText('Sem imagem')
    await expect(panel.getByRole('listitem').filter({ hasText: 'Corrida Parcial' })).toContainText('31/12/2999')

    await undated.getByRole('link').click()
    await expect(page).toHaveURL(/\/event\/parcial-1$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Título não disponível')
    const main = page.getByRole('main')
    // The badge, and the block standing in for the missing banner (EVT-5).
    await expect(main.getByText('Sem categoria', { exact: true })).toHaveCount(2)
    await expect(main.getByText('Sem categoria', { exact: true }).first()).toBeVisible()
    await expect(main.getByText('Data a definir').first()).toBeVisible()
    await expect(main.getByText('Local a definir').first()).toBeVisible()
    await expect(main.getByRole('heading', { name: '5 km' })).toBeVisible()

    await page.goBack()
    await page.getByRole('tab', { name: 'Eventos Anteriores' }).click()
    const past = page.getByRole('tabpanel').getByRole('link', { name: /Título não disponível/ })
    await expect(past).toContainText('01/05/2001')
    await past.click()
    await expect(page).toHaveURL(/\/resultado\/parcial-3$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Título não disponível')
    await expect(page.getByText('Resultados para esta modalidade ainda não disponíveis.').first()).toBeVisible()
    // The header and footer stay, with the page between them: nothing went blank.
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('the dashboard lists them with their fallbacks', async ({ page }) => {
    await signedInUser(page)
    await servePartialEvents(page)
    // The made-up list answers ?owner=me too, so the dashboard would open on the organizer's panel.
    await page.goto('/dashboard?painel=atleta')
    // The athlete's panel lists the upcoming event open for registration (ATH-2).
    const card = page.getByRole('link', { name: /Corrida Parcial/ })
    await expect(card).toContainText('Local a definir')
    await expect(card).toContainText('31/12/2999')
    await expect(card).toContainText('Sem imagem')

    await page.getByRole('tab', { name: 'Painel do Organizador' }).click()
    const mine = page.getByRole('list').filter({ hasText: 'Título não disponível' }).first()
    await expect(mine).toContainText('Data a definir')
    await expect(mine).toContainText('Local a definir')
  })

  test("a drawn page's embedded first data goes through the same parse", async ({ page, request }) => {
    const [event] = (
      (await (await request.get('/api/events?when=upcoming&limit=1')).json()) as { events: { id: string }[] }
    ).events
    expect(event, 'an upcoming demo event').toBeDefined()
    const path = `/event/${event!.id}`
    // The page as the server sends it, with a partial event as its first data in place of the
    // real one, and without the markup drawn from the real one, which the app then draws.
    await page.route(
      (url) => url.pathname === path,
      async (route: Route) => {
        const res = await route.fetch()
        const html = (await res.text()).replace(
          /(<div id="root">)[\s\S]*?(<\/div>\s*<script type="application\/json" id="initial-data">)[\s\S]*?(<\/script>)/,
          (_, root, data, end) =>
            `${root}${data}${JSON.stringify({ [`/api/events/${event!.id}`]: partialEvent(event!.id) })}${end}`,
        )
        expect(html).toContain('"local":null')
        await route.fulfill({ response: res, body: html })
      },
    )
    // The page must not read the event again: the answer it carries is the one under test.
    await page.route(
      (url) => url.pathname === `/api/events/${event!.id}`,
      (route) => route.abort(),
    )
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Título não disponível')
    await expect(page.getByRole('main').getByText('Local a definir').first()).toBeVisible()
  })
})

/** Holds all of the app's code, the entry too, until release is called. */
const holdTheApp = (page: Page) => holdRequests(page, appCode)

const appStarted = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-ready'))

test.describe('before the app has started', () => {
  test('a tap on a closed modality of a drawn page opens it, on a slow phone (EVT-15/16)', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000) // a phone's processor and network, emulated on a shared machine
    const listed = (
      (await (await request.get('/api/events?when=upcoming&limit=100')).json()) as { events: { id: string }[] }
    ).events
    let id = ''
    for (const e of listed) {
      const detail = (await (await request.get(`/api/events/${e.id}`)).json()) as { modalidades: unknown[] }
      if (detail.modalidades.length >= 2) {
        id = e.id
        break
      }
    }
    expect(id, 'an upcoming event with two modalities').not.toBe('')

    const context = await browser.newContext({
      baseURL,
      viewport: phone,
      hasTouch: true,
      isMobile: true,
      locale: 'pt-BR',
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(err.message))
    const cdp: CDPSession = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    })
    const release = await holdTheApp(page)

    await page.goto(`/event/${id}`, { waitUntil: 'commit' })
    const items = page.getByRole('main').locator('details')
    await expect(items.nth(0)).toHaveJSProperty('open', true) // the first open, as drawn
    await items.nth(1).locator('summary').tap()
    await expect(items.nth(1)).toHaveJSProperty('open', true)
    await expect(items.nth(0)).toHaveJSProperty('open', false)
    expect(await appStarted(page), 'the app had not started').toBe(false)

    release()
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), undefined, {
      timeout: 60_000,
    })
    // The app keeps what the visitor opened, and from then on keeps one open at a time.
    await expect(items.nth(1)).toHaveJSProperty('open', true)
    await expect(items.nth(0)).toHaveJSProperty('open', false)
    await items.nth(0).locator('summary').tap()
    await expect(items.nth(0)).toHaveJSProperty('open', true)
    await expect(items.nth(1)).toHaveJSProperty('open', false)
    expect(errors).toEqual([])
    await context.close()
  })

  test("the home page's tabs are links: 'Eventos Anteriores' shows the past events (HOME-1)", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: phone, hasTouch: true, locale: 'pt-BR' })
    const page = await context.newPage()
    const release = await holdTheApp(page)
    await page.goto('/', { waitUntil: 'commit' })
    await page.getByRole('tab', { name: 'Eventos Anteriores' }).tap()
    await expect(page).toHaveURL(/\/\?aba=anteriores$/)
    await expect(page.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /./ }).first()).toHaveAttribute(
      'href',
      /^\/resultado\//,
    )
    expect(await appStarted(page), 'the app had not started').toBe(false)
    release()
    await context.close()
  })
})

// src/boot.ts starts ICU (the browser's Intl) in a worker while a drawn page loads
// (src/lib/platform/intlWarmup.ts), and the app takes over once it has started or failed to.
test.describe('Intl started in a worker', () => {
  test('a drawn page starts it while it loads, and the app then formats pt-BR dates', async ({ page }) => {
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    await page.goto('/')
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/intlWarmup-[\w-]+\.js$/)])
    // The first cards, as the server drew them and the app took them over: dd/mm/aaaa.
    await expect(
      page
        .getByRole('tabpanel')
        .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
        .first(),
    ).toBeVisible()
  })

  test.describe('when the browser cannot load it', () => {
    test.use({ allowConsoleErrors: [[/Failed to load resource/], { scope: 'test' }] })

    test('the app takes the page over all the same', async ({ page }) => {
      await page.route('**/assets/intlWarmup-*.js', (route) => route.abort())
      const refused = page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/intlWarmup-'))
      await page.goto('/') // waits for <html data-ready>
      await refused
      expect(await appStarted(page)).toBe(true)
      await page.getByRole('tab', { name: 'Eventos Anteriores' }).click()
      await expect(page.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
    })
  })
})

test.describe('a page that fails', () => {
  // The page's code cannot be loaded: the browser reports it, and the boundary logs the failure.
  test.use({
    allowConsoleErrors: [[/Failed to fetch dynamically imported module|Failed to load resource/], { scope: 'test' }],
  })

  test('shows a message between the header and the footer, and the site goes on', async ({ page }) => {
    await page.goto('/')
    await page.route('**/assets/AboutPage-*.js', (route) => route.abort())
    await page.getByRole('banner').getByRole('link', { name: 'Sobre' }).click()
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toContainText('Algo deu errado ao mostrar esta página.')
    await expect(alert.getByRole('button', { name: 'Tentar novamente' })).toBeVisible()
    await expect(alert.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()

    // Another page shows as usual: the failure stayed with the page that failed.
    await page.getByRole('banner').getByRole('link', { name: 'Eventos', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encontre sua próxima prova')
    await expect(alert).toHaveCount(0)
  })
})
