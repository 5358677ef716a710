import type { APIRequestContext, Page } from '@playwright/test'
import type { EventSummary } from '../src/lib/events/event'
import { appCode, expect, holdRequests, phone, test } from './fixtures'

// The front door: an event link opened from a chat. Its page must come with its data, not shift
// while it loads, and offer sharing and the calendar.

/** An upcoming demo event with uploaded banners (the demo content has several). */
async function eventWithBanners(request: APIRequestContext): Promise<EventSummary> {
  const res = await request.get('/api/events?limit=500&when=upcoming&order=asc')
  expect(res.ok()).toBeTruthy()
  const events = ((await res.json()) as { events: EventSummary[] }).events
  const e = events.find(
    (e) => e.titulo.trim() && e.banners.desktop.startsWith('/files/') && e.banners.mobile.startsWith('/files/'),
  )
  expect(e, 'an upcoming event with both banners').toBeTruthy()
  return e!
}

/** Records the paths of the API requests the page makes. */
function recordAPI(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.pathname.startsWith('/api/')) paths.push(u.pathname + u.search)
  })
  return paths
}

test('the first render of an event page makes no API request; navigating in the app does', async ({
  page,
  request,
}) => {
  const e = await eventWithBanners(request)
  const api = recordAPI(page)
  await page.goto(`/event/${e.id}`)
  await expect(page.getByRole('heading', { level: 1, name: e.titulo.trim() })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(api).toEqual([])

  await page.getByRole('link', { name: 'Pelotão — página inicial' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre sua próxima prova' })).toBeVisible()
  await expect.poll(() => api).toContain('/api/events?limit=500')
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: e.titulo.trim() })).toBeVisible()
  await expect.poll(() => api).toContain(`/api/events/${e.id}`)
})

test('the home page comes with its first cards, and the whole list follows without moving them', async ({ page }) => {
  const api = recordAPI(page)
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number }
    w.cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.cls += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // Hold the list: the first cards must not wait for it.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/events?limit=500', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const cards = page.getByRole('tabpanel').getByRole('heading', { level: 2 })
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThan(0)
  await expect.poll(() => api).toEqual(['/api/events?limit=500'])
  const first = await cards.allTextContents()
  release()
  await page.waitForLoadState('networkidle')
  expect(api).toEqual(['/api/events?limit=500'])
  expect((await cards.allTextContents()).slice(0, first.length)).toEqual(first)
  expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThanOrEqual(0.05)
  await page.getByRole('tab', { name: 'Eventos Anteriores' }).click()
  await expect(cards.first()).toBeVisible()
})

test('the first render of a results page makes no API request', async ({ page, request }) => {
  const res = await request.get('/api/events?limit=500&when=past')
  const past = ((await res.json()) as { events: EventSummary[] }).events.find((e) => e.titulo.trim())
  expect(past, 'a past event').toBeTruthy()
  const api = recordAPI(page)
  await page.goto(`/resultado/${past!.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(past!.titulo.trim())
  await page.waitForLoadState('networkidle')
  expect(api).toEqual([])
})

test("the public pages come drawn by the server and read without the app's code", async ({ context, request }) => {
  const e = await eventWithBanners(request)
  // A page of its own: the fixture's page waits for the app, which never comes here.
  const page = await context.newPage()
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto(`/event/${e.id}`)
  await expect(page.getByRole('heading', { level: 1, name: e.titulo.trim() })).toBeVisible()
  const banner = page.getByRole('img', { name: `Banner de ${e.titulo.trim()}` })
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(page.getByRole('heading', { level: 2, name: 'Modalidades' })).toBeVisible()

  // The search works as a plain form: the server draws the filtered list.
  await page.goto('/')
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(e.titulo.trim())
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
  await expect(page).toHaveURL(/[?&]q=/)
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: e.titulo.trim() })).toBeVisible()
  expect(await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).count()).toBeLessThan(5)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre sua próxima prova' })).toBeVisible()
  const card = page.getByRole('tabpanel').getByRole('link').first()
  const title = await card.getByRole('heading', { level: 2 }).textContent()
  await card.click() // links are plain links until the app takes over
  await expect(page.getByRole('heading', { level: 1, name: title!.trim() })).toBeVisible()

  for (const [path, heading] of [
    ['/about', 'Sobre o Pelotão'],
    ['/services', 'Nossos Serviços'],
    ['/impact', 'Nosso Impacto'],
    ['/training', 'Escolha o Plano Ideal para Você'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
  await page.close()
})

test('the app takes over the drawn page without drawing it again', async ({ context, request }) => {
  const e = await eventWithBanners(request)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  // Hold the app's code until the drawn page has been marked.
  const release = await holdRequests(page, appCode)
  await page.goto(`/event/${e.id}`, { waitUntil: 'commit' })
  const heading = page.getByRole('heading', { level: 1, name: e.titulo.trim() })
  await expect(heading).toBeVisible()
  await heading.evaluate((h) => h.setAttribute('data-drawn-by-server', ''))
  release()
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))
  // Hydration kept the server's element (a fresh render would have replaced it) and matched it.
  await expect(heading).toHaveAttribute('data-drawn-by-server', '')
  await page.getByRole('button', { name: `Ampliar banner de ${e.titulo.trim()}` }).click()
  await expect(page.getByRole('dialog', { name: 'Imagem ampliada' })).toBeVisible()
  expect(errors).toEqual([])
  await page.close()
})

for (const [name, viewport] of [
  ['phone', phone],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`the event page does not shift while it loads (${name})`, async ({ page, request }) => {
    const e = await eventWithBanners(request)
    await page.setViewportSize(viewport)
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number }
      w.cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.cls += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`/event/${e.id}`)
    const banner = page.getByRole('img', { name: `Banner de ${e.titulo.trim()}` })
    await expect(banner).toBeVisible()
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await banner.getAttribute('srcset')).toContain('?w=480 480w')
    await page.waitForLoadState('networkidle')
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls)
    expect(cls).toBeLessThanOrEqual(0.05)
  })
}

test('without a share sheet, the event is shared on WhatsApp or by copying its link', async ({
  page,
  request,
  context,
}) => {
  const e = await eventWithBanners(request)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share
  })
  await page.goto(`/event/${e.id}`)
  const url = new URL(`/event/${e.id}`, page.url()).href
  await expect(page.getByRole('button', { name: 'Compartilhar', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute(
    'href',
    `https://api.whatsapp.com/send?text=${encodeURIComponent(`${e.titulo.trim()} ${url}`)}`,
  )
  await page.getByRole('button', { name: 'Copiar link' }).click()
  await expect(page.getByText('Link copiado! Agora é só colar onde quiser.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
})

test('with a share sheet, the event is shared through it', async ({ page, request }) => {
  const e = await eventWithBanners(request)
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        ;(window as unknown as { shared: ShareData }).shared = data
      },
    })
  })
  await page.goto(`/event/${e.id}`)
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click()
  const url = new URL(`/event/${e.id}`, page.url()).href
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({ title: e.titulo.trim(), text: e.titulo.trim(), url })
})

test('the event goes to the calendar as a file or in Google Agenda', async ({ page, request }) => {
  const e = await eventWithBanners(request)
  await page.goto(`/event/${e.id}`)
  const file = page.getByRole('link', { name: 'Adicionar ao calendário' })
  await expect(file).toHaveAttribute('href', `/event/${e.id}.ics`)
  const res = await request.get(`/event/${e.id}.ics`)
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const ics = await res.text()
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(ics).toContain(`\r\nDTSTART`)
  const google = new URL((await page.getByRole('link', { name: 'Google Agenda' }).getAttribute('href'))!)
  expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render')
  expect(google.searchParams.get('action')).toBe('TEMPLATE')
  expect(google.searchParams.get('text')).toBe(e.titulo.trim())
  expect(google.searchParams.get('ctz')).toBe('America/Sao_Paulo')
  expect(google.searchParams.get('dates')).toMatch(new RegExp(`^${e.dataEvento.replaceAll('-', '')}`))
})

test('link previews and search engines read the event from the page', async ({ request }) => {
  const e = await eventWithBanners(request)
  const html = await (await request.get(`/event/${e.id}`)).text()
  expect(html).toContain(`<meta property="og:image" content="`)
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${e.banners.desktop}\\?w=1200">`))
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
    '@type': string
    name: string
  }
  expect(ld['@type']).toBe('SportsEvent')
  expect(ld.name).toBe(e.titulo.trim())
})
