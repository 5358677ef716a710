// Every control of a page the server drew answers the first tap, made the moment it shows on a
// phone with its processor slowed 4×, before the app has taken the page over
// (web/src/lib/platform/earlyInput.ts holds what the app must answer and replays it). Each kind of control
// is tried on a page the app has taken over, then three times on a fresh page, tapped the moment it
// shows while the app's entry and React's code are held back (so that the tap surely comes first):
// the outcome must be the same. Three runs, so that a race cannot pass by luck. A page the app draws
// (no server drawing: the coach's group page and "Meus grupos") has nothing to tap before the app
// takes over: its control is tapped the moment the app shows it, on the slow phone, three times.
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test'
import type { Event, EventSummary } from '../src/lib/events/event'
import { confirmEmail, createUser, demoOrganizer, signIn, signedInUser, type Credentials } from './accounts'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { expect, holdRequests, phone, test } from './fixtures'

const runs = 3
const desktop = { width: 1280, height: 800 }

type Control = {
  /** The page, found through the API (at baseURL) when it is an event's. */
  path: (baseURL: string) => Promise<string>
  viewport?: typeof phone
  signedIn?: boolean
  /** Signs the page in as the account the page is for (instead of a new one). */
  signInAs?: (baseURL: string) => Promise<Credentials>
  /** The app draws the page (pages.json "prerender": false): nothing shows before it takes over. */
  drawnByApp?: boolean
  /** Taps the control as soon as it shows (and types, when it is a field); what it gives, outcome gets. */
  tap: (page: Page) => Promise<unknown>
  /** Expects what a tap does once the app has taken over. */
  outcome: (page: Page, tapped: unknown) => Promise<void>
  /** What the app does next, once it has taken over: it goes on from what the first tap did. */
  then?: (page: Page) => Promise<void>
}

/** The demo organizer's upcoming events, in full: other specs change other events meanwhile. */
async function demoEvents(baseURL: string): Promise<Event[]> {
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    expect((await api.post('/api/auth/login', { data: demoOrganizer })).status()).toBe(200)
    const listed = (await (await api.get('/api/events?limit=500&owner=me&when=upcoming')).json()) as {
      events: EventSummary[]
    }
    return await Promise.all(
      listed.events.map(async (e) => (await (await api.get(`/api/events/${e.id}`)).json()) as Event),
    )
  } finally {
    await api.dispose()
  }
}

let events: Promise<Event[]> | undefined

/** The path of a demo event's page that has what the control needs. */
async function eventPage(baseURL: string, fits: (e: Event) => boolean, what: string) {
  events ??= demoEvents(baseURL)
  const event = (await events).find(fits)
  expect(event, `an upcoming demo event with ${what}`).toBeDefined()
  return `/event/${event!.id}`
}

type CoachedGroup = { coach: Credentials; id: string; nome: string; link: string }
let coached: Promise<CoachedGroup> | undefined

/** A coach (e-mail confirmed) and their group of an event sold in Pelotão, made once (GRP-1). */
function coachedGroup(baseURL: string): Promise<CoachedGroup> {
  coached ??= (async () => {
    const api = await playwrightRequest.newContext({ baseURL })
    try {
      const word = marker()
      await createUser(api)
      const eventId = await createEvent(api, {
        titulo: `Corrida do Primeiro Toque ${word}`,
        dataEvento: nextYear(9, 20),
        km: [10],
      })
      await sellThroughPelotao(api, eventId)
      expect((await api.post('/api/auth/logout')).status()).toBe(204)
      const coach = await createUser(api, { displayName: 'Carla Treinadora' })
      await confirmEmail(api, coach.email)
      const nome = `Assessoria Primeiro Toque ${word}`
      const made = await api.post(`/api/events/${eventId}/grupos`, { data: { nome } })
      expect(made.status(), await made.text()).toBe(201)
      const group = (await made.json()) as { id: string; link: string }
      return { coach, id: group.id, nome, link: new URL(group.link, baseURL).href }
    } finally {
      await api.dispose()
    }
  })()
  return coached
}

const gallery = (page: Page) => page.getByRole('region', { name: 'Galeria da primeira edição' }).getByRole('button')
const modalities = (page: Page) => page.getByRole('main').locator('details')

const controls: Record<string, Control> = {
  'the account menu': {
    path: async () => '/about',
    viewport: desktop,
    signedIn: true,
    tap: (page) => page.getByRole('button', { name: /^Menu da conta de / }).tap(),
    outcome: async (page) => {
      const menu = page.getByRole('menu', { name: 'Conta' })
      await expect(menu.getByRole('menuitem', { name: 'Meu Painel' })).toBeFocused()
      await expect(menu.getByRole('menuitem', { name: 'Sair' })).toBeVisible()
    },
  },
  'the mobile menu': {
    path: async () => '/about',
    tap: (page) => page.getByRole('button', { name: 'Abrir menu' }).tap(),
    outcome: async (page) => {
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await expect(menu.getByRole('button', { name: 'Fechar menu' })).toBeFocused()
      await expect(menu.getByRole('link', { name: 'Eventos' })).toBeVisible()
    },
  },
  "the home page's tabs": {
    path: async () => '/',
    tap: (page) => page.getByRole('tab', { name: 'Eventos Anteriores' }).tap(),
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/\?aba=anteriores$/)
      await expect(page.getByRole('tab', { name: 'Eventos Anteriores' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('tabpanel').getByRole('link').first()).toHaveAttribute('href', /^\/resultado\//)
    },
  },
  "an event's modalities": {
    path: (baseURL) => eventPage(baseURL, (e) => e.modalidades.length >= 2, 'two modalities'),
    tap: (page) => modalities(page).nth(1).locator('summary').tap(),
    outcome: async (page) => {
      await expect(modalities(page).nth(1)).toHaveJSProperty('open', true)
      await expect(modalities(page).nth(0)).toHaveJSProperty('open', false)
    },
    then: async (page) => {
      await modalities(page).nth(0).locator('summary').tap()
      await expect(modalities(page).nth(0)).toHaveJSProperty('open', true)
      await expect(modalities(page).nth(1)).toHaveJSProperty('open', false)
    },
  },
  "an event's share buttons": {
    path: (baseURL) => eventPage(baseURL, () => true, 'a page'),
    tap: (page) => page.getByRole('button', { name: 'Copiar link' }).tap(),
    outcome: async (page) => {
      await expect(page.getByText('Link copiado! Agora é só colar onde quiser.')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
    },
  },
  "an event's registration button": {
    path: (baseURL) =>
      eventPage(
        baseURL,
        (e) => e.status === 'Inscrições Abertas' && e.linkCompra.startsWith('https://'),
        'open registrations',
      ),
    tap: async (page) => {
      const opened = page.waitForEvent('popup')
      await page.getByRole('button', { name: 'Inscreva-se Agora' }).tap()
      return opened
    },
    outcome: async (page, opened) => {
      const href = await page.getByRole('button', { name: 'Inscreva-se Agora' }).getAttribute('href')
      await expect(await (opened as Promise<Page>)).toHaveURL(href!)
    },
  },
  "an event's banner, in the image viewer": {
    path: (baseURL) => eventPage(baseURL, (e) => Boolean(e.banners.mobile || e.banners.desktop), 'a banner'),
    tap: (page) => page.getByRole('button', { name: /^Ampliar banner de / }).tap(),
    outcome: async (page) => {
      await expect(
        page.getByRole('dialog', { name: 'Imagem ampliada' }).getByRole('button', { name: 'Fechar' }),
      ).toBeFocused()
    },
  },
  'the gallery, in the image viewer': {
    path: async () => '/about',
    tap: (page) => gallery(page).nth(1).tap(),
    outcome: async (page) => {
      const viewer = page.getByRole('dialog', { name: `Imagem 2 de ${await gallery(page).count()}` })
      await expect(viewer.getByRole('button', { name: 'Fechar' })).toBeFocused()
    },
  },
  'a button that opens a form': {
    path: async () => '/training',
    tap: (page) => page.getByRole('button', { name: 'Tornar-se Pro' }).tap(),
    outcome: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Quero treinar com o Pelotão' }).getByLabel('Plano')).toHaveValue(
        'Intermédio',
      )
    },
  },
  'the search box, typed into': {
    path: async () => '/',
    tap: async (page) => {
      const box = page.getByRole('searchbox', { name: 'Buscar' })
      await box.tap()
      await box.pressSequentially('zzz')
    },
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/\?q=zzz$/)
      await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()
      const box = page.getByRole('searchbox', { name: 'Buscar' })
      await expect(box).toHaveValue('zzz')
      await expect(box).toBeFocused()
    },
  },
  "the home page's filters": {
    path: async () => '/',
    tap: async (page) => {
      events ??= demoEvents(new URL(page.url()).origin)
      const filter = page.getByRole('combobox', { name: 'Categoria' })
      await filter.tap()
      await filter.selectOption((await events)[0]!.categoria)
    },
    outcome: async (page) => {
      const category = (await events!)[0]!.categoria
      await expect.poll(() => new URL(page.url()).searchParams.get('categoria')).toBe(category)
      await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue(category)
      await expect(page.getByRole('button', { name: 'Limpar filtros' })).toBeVisible()
    },
  },
  "the coach's group page, its link copied (GRP-35)": {
    path: async (baseURL) => `/dashboard/grupos/${(await coachedGroup(baseURL)).id}`,
    signInAs: async (baseURL) => (await coachedGroup(baseURL)).coach,
    drawnByApp: true,
    tap: (page) => page.getByRole('button', { name: 'Copiar link' }).tap(),
    outcome: async (page) => {
      await expect(page.getByText('Link copiado! Agora é só colar onde quiser.')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await coached!).link)
    },
  },
  "'Meus grupos', a group opened (GRP-35)": {
    path: async () => '/dashboard',
    signInAs: async (baseURL) => (await coachedGroup(baseURL)).coach,
    drawnByApp: true,
    tap: async (page) => page.getByRole('link', { name: (await coached!).nome }).tap(),
    outcome: async (page) => {
      const group = await coached!
      await expect(page).toHaveURL(new RegExp(`/dashboard/grupos/${group.id}$`))
      await expect(page.getByRole('heading', { level: 1, name: group.nome })).toBeVisible()
    },
  },
}

/**
 * A fresh browser on a phone (or the viewport given), with the clipboard allowed and no share sheet
 * (as the server draws the page, and so that "Copiar link" stays); signed in when asked. The CPU
 * slowed 4× when slow. Pages record, in sessionStorage, whether the app had taken over at the
 * first touch or key.
 */
async function openBrowser(
  browser: Browser,
  baseURL: string,
  control: Pick<Control, 'viewport' | 'signedIn' | 'signInAs'>,
  slow: boolean,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: control.viewport ?? phone,
    hasTouch: true,
    isMobile: !control.viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // A registration's purchase page is another site's: answered here.
  await context.route(
    (url) => url.origin !== baseURL,
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>Inscrição</title>' }),
  )
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share
    const first = () => {
      if (sessionStorage.getItem('takenOverAtFirstTouch') === null) {
        sessionStorage.setItem('takenOverAtFirstTouch', String(document.documentElement.hasAttribute('data-ready')))
      }
    }
    addEventListener('touchstart', first, true)
    addEventListener('keydown', first, true)
  })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(err.message))
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()))
  if (control.signedIn) await signedInUser(page)
  if (control.signInAs) await signIn(page, await control.signInAs(baseURL))
  if (slow) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return { context, page, problems }
}

const takenOver = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), undefined, { timeout: 60_000 })

/**
 * Holds the app's entry (src/boot.ts) and React's code until release is called: neither the entry
 * nor the app runs before, so that a tap surely comes first, however long the tap takes to be
 * made — only src/early.ts, which runs before the page is painted, is there to hold it.
 */
async function holdTheApp(page: Page) {
  const releases = [await holdRequests(page, '**/assets/index-*.js'), await holdRequests(page, '**/assets/react-*.js')]
  return () => releases.forEach((release) => release())
}

for (const [name, { path, tap, outcome, then, drawnByApp, ...control }] of Object.entries(controls)) {
  test(`${name} answers the first tap, on a slow phone (NAV-16)`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000) // four page loads with the processor slowed, on a shared machine
    const at = await path(baseURL!)

    await test.step('once the app has taken over', async () => {
      const { context, page, problems } = await openBrowser(browser, baseURL!, control, false)
      await page.goto(at)
      await takenOver(page)
      await outcome(page, await tap(page))
      await then?.(page)
      expect(problems).toEqual([])
      await context.close()
    })

    for (let run = 1; run <= runs; run++) {
      await test.step(`the moment it shows, run ${run} of ${runs}`, async () => {
        const { context, page, problems } = await openBrowser(browser, baseURL!, control, true)
        if (drawnByApp) {
          await page.goto(at, { waitUntil: 'commit' })
          await outcome(page, await tap(page))
          await then?.(page)
          expect(problems).toEqual([])
          await context.close()
          return
        }
        const release = await holdTheApp(page)
        await page.goto(at, { waitUntil: 'commit' })
        const tapped = await tap(page)
        // (Read again if a link is still taking the page to its address.)
        const atTap = () => page.evaluate(() => sessionStorage.getItem('takenOverAtFirstTouch')).catch(() => null)
        await expect.poll(atTap, { message: 'the tap came before the app had taken over' }).toBe('false')
        release()
        await outcome(page, tapped)
        await takenOver(page)
        await then?.(page)
        expect(problems).toEqual([])
        await context.close()
      })
    }
  })
}
