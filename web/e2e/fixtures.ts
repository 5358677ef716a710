import { test as base, expect, type Page } from '@playwright/test'

type Fixtures = {
  /** Console messages that a test expects to see as errors (for example a deliberate 404). */
  allowConsoleErrors: RegExp[]
  /** Fails the test if the page logged an error, threw, or violated the Content-Security-Policy. */
  consoleGuard: void
}

export const test = base.extend<Fixtures>({
  // The server draws the public pages, and the app then takes them over (web/src/app/takeover.tsx
  // marks <html data-ready>): a click before that waits for the app (web/src/lib/platform/earlyInput.ts), so
  // page loads wait for the mark, and a test's time goes to what it tries.
  page: async ({ page }, use) => {
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await load(...args)
          if (response?.headers()['content-type']?.startsWith('text/html')) {
            await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))
          }
          return response
        },
      })
    }
    await use(page)
  },
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = []
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return
        const text = msg.text()
        if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(text)
      })
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
      await use()
      expect(problems, 'console errors or CSP violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export const phone = { width: 375, height: 812 }

/** The two screens a journey of issue 28 runs on: a 375 px phone and a 1280 px screen. */
export const phoneAndDesktop = [
  { name: '375 px', viewport: phone },
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
]

/** Opens the mobile menu at phone width. */
export async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  return page.getByRole('dialog', { name: 'Menu' })
}

/**
 * Holds the page's requests for url (a glob, or a test of the address) until release is called, so
 * that what the test does meanwhile surely comes before the code they fetch runs.
 */
export async function holdRequests(page: Page, url: string | ((url: URL) => boolean)) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * The app's code: every script of the build but src/early.ts, the classic script a drawn page runs
 * before it is painted (held, the page would never show).
 */
export const appCode = (url: URL) =>
  /^\/assets\/.+\.js$/.test(url.pathname) && !url.pathname.startsWith('/assets/early-')
