import AxeBuilder from '@axe-core/playwright'
import { request as newRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import { signedInUser } from './accounts'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'

// The public results page of an event ranked by gun time, as a visitor reads it on a phone and on a
// desktop: the time places follow is the one shown (RESULT-10), categories in natural order
// (RESULT-12), a link to each modality's table (RESULT-13) and a search that folds accents
// (RESULT-14). The sets are published through the API, as the organizer's Resultados tab does.

// No place column: the server ranks by gun time. Net times run in another order, as in the file
// that showed '5º 0:37:21' above '6º 0:37:20' when the phone showed only net times.
const fiveKm = [
  'Peito;Nome;Sexo;Categoria;Tempo bruto;Tempo líquido',
  '103;Bruno Lima;M;M 20-24;0:37:24;0:37:10',
  '101;FÁBIO RAMOS;M;M 100+;0:37:22;0:37:21',
  '104;Dora Reis;F;F 5-9;0:37:25;0:37:24',
  '102;Carla Dias;F;F 10-14;0:37:23;0:37:20',
].join('\n')
const gunInRankOrder = ['0:37:22', '0:37:23', '0:37:24', '0:37:25']
const netInRankOrder = ['0:37:21', '0:37:20', '0:37:10', '0:37:24']

const tenKm = [
  'Peito;Nome;Sexo;Categoria;Tempo bruto;Tempo líquido',
  '201;Gil Souza;M;M 30-34;0:50:10;0:50:01',
  '202;Iara Neves;F;F 30-34;0:52:00;0:51:40',
].join('\n')

async function publish(request: APIRequestContext, eventId: string, percurso: string, file: string) {
  const res = await request.post(`/api/events/${eventId}/results`, {
    multipart: {
      percurso,
      status: 'oficial',
      file: { name: `${percurso}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function gunRankedEvent(page: Page): Promise<string> {
  await signedInUser(page, { displayName: 'Organizadora do Tempo Bruto' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida do Tempo Bruto ${marker()}`,
    dataEvento: '2026-03-15',
    status: 'Evento Realizado',
    km: [5, 10],
    tempoClassificacao: 'bruto',
  })
  await publish(page.request, eventId, '5 km', fiveKm)
  await publish(page.request, eventId, '10 km', tenKm)
  return eventId
}

async function visitorPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
    javaScriptEnabled,
  })
  return { context, page: await context.newPage() }
}

const ready = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))

/** What a visitor sees in each body row's cells (hidden columns read as ''). */
function visibleCells(table: Locator) {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((td) => (td.checkVisibility() ? td.innerText.split('\n')[0]!.trim() : '')),
      ),
    )
}

test('a set ranked by gun time shows gun times in rank order, on a phone and on a desktop (RESULT-10)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const eventId = await gunRankedEvent(page)

  // On a 375 px phone: one time per line, the gun time; the net times are not what is shown.
  const mobile = await visitorPage(browser, baseURL, phone)
  await mobile.page.goto(`/resultado/${eventId}`)
  await ready(mobile.page)
  const table = mobile.page.getByRole('table', { name: 'Resultados de 5 km, classificados pelo tempo bruto' })
  await expect(table.getByRole('columnheader', { name: 'Bruto' })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Líquido' })).toBeHidden()
  let rows = await visibleCells(table)
  expect(rows.map((r) => r[0])).toEqual(['1º', '2º', '3º', '4º'])
  expect(rows.map((r) => r[3])).toEqual(gunInRankOrder)
  expect(rows.flat()).not.toContain(netInRankOrder[1])
  expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  await mobile.context.close()

  // On a desktop: the gun time first, the net time in its own column beside it.
  const desktop = await visitorPage(browser, baseURL, { width: 1280, height: 800 })
  await desktop.page.goto(`/resultado/${eventId}`)
  await ready(desktop.page)
  const wide = desktop.page.getByRole('table', { name: 'Resultados de 5 km, classificados pelo tempo bruto' })
  await expect(wide.getByRole('columnheader')).toHaveText([
    'Pos.',
    'Atleta',
    'Categoria',
    'Bruto',
    'Líquido',
    'Pace /km',
  ])
  rows = await visibleCells(wide)
  expect(rows.map((r) => r[3])).toEqual(gunInRankOrder)
  expect(rows.map((r) => r[4])).toEqual(netInRankOrder)

  // The category filter in natural order (RESULT-12), and a search that folds accents (RESULT-14).
  const categorias = desktop.page.getByRole('combobox', { name: 'Categoria' }).first()
  await expect(categorias.getByRole('option')).toHaveText(['Todas', 'F 5-9', 'F 10-14', 'M 20-24', 'M 100+'])
  await desktop.page.getByRole('searchbox', { name: 'Nome, nº de peito ou equipe' }).first().fill('fabio ramos')
  await expect(wide.locator('tbody tr')).toHaveCount(1)
  await expect(wide.getByRole('link', { name: 'FÁBIO RAMOS' })).toBeVisible()

  // The athlete's page shows the gun time large, as the certificate prints it.
  await wide.getByRole('link', { name: 'FÁBIO RAMOS' }).click()
  const times = desktop.page.getByRole('region', { name: 'Tempos' })
  await expect(times.getByRole('term').first()).toHaveText('Tempo bruto')
  await expect(times.getByRole('definition').first()).toHaveText('0:37:22')
  await desktop.context.close()
})

test('the modality links reach each table, by keyboard, on a phone and on a desktop (RESULT-13)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const eventId = await gunRankedEvent(page)
  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    const { context, page: visitor } = await visitorPage(browser, baseURL, viewport)
    await visitor.goto(`/resultado/${eventId}`)
    await ready(visitor)
    const links = visitor.getByRole('navigation', { name: 'Ir para a modalidade' }).getByRole('link')
    await expect(links).toHaveText(['5 km', '10 km'])
    const five = visitor.getByRole('table', { name: /^Resultados de 5 km/ })
    const ten = visitor.getByRole('table', { name: /^Resultados de 10 km/ })
    await expect(five).toBeVisible()
    await expect(ten).toBeHidden()

    // The second modality's table, without scrolling past the first: its link, by keyboard.
    await links.nth(1).focus()
    await visitor.keyboard.press('Enter')
    await expect(ten).toBeVisible()
    await expect(ten).toBeInViewport()
    await expect(visitor.getByRole('heading', { level: 2, name: /^10 km/ })).toBeInViewport()
    await expect(five).toBeHidden()
    await expect(ten.locator('tbody tr')).toHaveCount(2)

    // And back to the first.
    await visitor.evaluate(() => window.scrollTo(0, 0))
    await links.nth(0).click()
    await expect(five).toBeInViewport()
    await expect(ten).toBeHidden()
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    const violations = (await new AxeBuilder({ page: visitor }).analyze()).violations
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await context.close()
  }

  // A link to one modality, shared or bookmarked, opens on its table and stays there once the app
  // has taken the page over.
  const shared = await visitorPage(browser, baseURL, phone)
  await shared.page.goto(`/resultado/${eventId}#modalidade-2`)
  await ready(shared.page)
  await expect(shared.page.getByRole('table', { name: /^Resultados de 10 km/ })).toBeInViewport()
  await expect(shared.page.getByRole('table', { name: /^Resultados de 5 km/ })).toBeHidden()
  await shared.context.close()

  // Before the app takes over (here: never, without JavaScript) the drawn page's links work too.
  const api = await newRequest.newContext({ baseURL })
  expect(await (await api.get(`/resultado/${eventId}`)).text()).toContain('href="#modalidade-2"')
  await api.dispose()
  const { context, page: drawn } = await visitorPage(browser, baseURL, phone, false)
  await drawn.goto(`/resultado/${eventId}`)
  await drawn.getByRole('navigation', { name: 'Ir para a modalidade' }).getByRole('link', { name: '10 km' }).click()
  await expect(drawn.getByRole('table', { name: /^Resultados de 10 km/ })).toBeInViewport()
  await context.close()
})

// RESULT-17: a file without bibs keys its athletes by its id column; each is reached from the
// public table, on the page drawn by the server and in the app, and their certificate is served.
test('an athlete of a file without bibs is reached from the table by the line’s key', async ({
  page,
  browser,
  baseURL,
}) => {
  await signedInUser(page, { displayName: 'Organizadora Sem Peito' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida Sem Peito ${marker()}`,
    dataEvento: '2026-03-15',
    status: 'Evento Realizado',
    km: [5],
  })
  await publish(
    page.request,
    eventId,
    '5 km',
    ['ContactId;Nome;Sexo;Tempo líquido', 'a-1;Ana Lima;F;0:25:00', 'b-2;Bia Souza;F;0:26:00'].join('\n'),
  )
  const { context, page: visitor } = await visitorPage(browser, baseURL, phone)
  await visitor.goto(`/resultado/${eventId}`)
  await ready(visitor)
  const table = visitor.getByRole('table', { name: /^Resultados de 5 km/ })
  await expect(table.getByText(/Nº/)).toHaveCount(0)
  await table.getByRole('link', { name: 'Bia Souza' }).click()
  await expect(visitor).toHaveURL(new RegExp(`/resultado/${eventId}/atleta/[^/]+/b-2$`))
  await expect(visitor.getByRole('heading', { level: 1, name: 'Bia Souza' })).toBeVisible()
  await expect(visitor.getByText(/^Nº/)).toHaveCount(0)
  const certificate = await visitor.getByRole('link', { name: /Baixar certificado/ }).getAttribute('href')
  expect(certificate).toMatch(/\/athletes\/b-2\/certificado\.pdf$/)
  const pdf = await visitor.request.get(certificate!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  // The same page drawn by the server, opened from a shared link.
  await visitor.goto(visitor.url())
  await ready(visitor)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Bia Souza' })).toBeVisible()
  await context.close()
})
