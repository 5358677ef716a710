import AxeBuilder from '@axe-core/playwright'
import { request as newRequest, type Page } from '@playwright/test'
import { signedInUser } from './accounts'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'

// Results as data (docs/product.md §10 "Results"): an organizer imports a timing company's file, fixes a
// column the preview guessed wrong and publishes it; a visitor finds an athlete by an unaccented
// name, opens the athlete's page, downloads the certificate and sees the share card as og:image.

// A timing company's export as Excel in Brazil writes it (semicolons). "Marca" is the net time
// under a name no timing company uses, so the preview leaves it out until the organizer maps it.
const timingFile = [
  'Pos;Peito;Atleta;Sexo;Categoria;Equipe;Tempo bruto;Marca',
  '1;101;JOÃO PEDRO ÁVILA;M;M30-34;Assessoria Serra;0:38:20;0:38:12.4',
  '2;205;Maria Conceição;F;F25-29;;0:41:05;0:40:58',
  '3;150;Antônio Guimarães;M;M40-44;Corre Junto;0:45:40;0:45:31',
  ';310;Paula Fernandes;F;F30-34;;DNF;DNF',
].join('\n')

async function publishAsOrganizer(page: Page): Promise<string> {
  await signedInUser(page, { displayName: 'Organizadora de Testes' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida dos Resultados ${marker()}`,
    dataEvento: '2026-03-15',
    status: 'Inscrições Encerradas',
    km: [10],
  })
  await page.goto(`/dashboard/eventos/${eventId}?aba=resultados`)
  await page.getByRole('combobox', { name: 'Modalidade' }).selectOption('10 km')
  await page
    .getByLabel('Arquivo de resultados')
    .setInputFiles({ name: 'resultado-10km.csv', mimeType: 'text/csv', buffer: Buffer.from(timingFile) })
  const marca = page.getByRole('combobox', { name: 'Marca' })
  await expect(marca).toHaveValue('ignorar')
  await expect(page.getByRole('combobox', { name: 'Atleta' })).toHaveValue('nome')
  await marca.selectOption('tempoLiquido')
  const preview = page.getByRole('region', { name: 'Primeiras linhas como serão publicadas' })
  await expect(preview.getByText('0:38:12.4')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Marca' })).toHaveValue('tempoLiquido')
  const violations = (await new AxeBuilder({ page }).analyze()).violations
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await page.getByRole('button', { name: 'Publicar resultados' }).click()
  await expect(page.getByText(/Resultados de 10 km publicados \(Preliminar\): 3 concluintes de 4/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Excluir 10 km' })).toBeVisible()
  return eventId
}

/** The width of the widest thing on the page: the page must not scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('an organizer publishes a timing file; a visitor finds an athlete, the certificate and the share card', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const eventId = await publishAsOrganizer(page)

  // The visitor: no session.
  const visitorContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const visitor = await visitorContext.newPage()
  const visitorAPI = await newRequest.newContext({ baseURL })

  // The first page of results is in the HTML the server draws.
  const html = await (await visitorAPI.get(`/resultado/${eventId}`)).text()
  expect(html).toContain('Maria Conceição')

  await visitor.goto(`/resultado/${eventId}`)
  await visitor.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))
  // The modality's accordion item: a <details> opened by its <summary>.
  const item = visitor.getByRole('main').locator('summary', { hasText: /^10 km/ })
  await expect(item).toContainText('Preliminar')
  const table = visitor.getByRole('table', { name: 'Resultados de 10 km' })
  await expect(table.getByRole('row')).toHaveCount(5)
  await visitor.getByRole('searchbox', { name: 'Nome, nº de peito ou equipe' }).fill('joao pedro avila')
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(visitor.getByText('1 atleta', { exact: true })).toBeVisible()
  const violations = (await new AxeBuilder({ page: visitor }).analyze()).violations
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await table.getByRole('link', { name: 'JOÃO PEDRO ÁVILA' }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: 'JOÃO PEDRO ÁVILA' })).toBeVisible()
  const athleteURL = new URL(visitor.url())
  const times = visitor.getByRole('region', { name: 'Tempos' })
  await expect(times).toContainText('0:38:12.4')
  await expect(times).toContainText('0:38:20')
  await expect(times).toContainText('/km')
  await expect(times).toContainText('Mais rápido que 66% dos concluintes.')
  await expect(visitor.getByRole('region', { name: 'Classificação' })).toContainText('1º de 3')
  await expect(visitor.getByText('Preliminar', { exact: true })).toBeVisible()
  expect(
    (await new AxeBuilder({ page: visitor }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])

  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('link', { name: /Baixar certificado/ }).click(),
  ])
  const chunks: Buffer[] = []
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 4).toString('latin1')).toBe('%PDF')

  // A link pasted in WhatsApp: the page's og:image is the share card, a PNG of 1200×630.
  const athleteHTML = await (await visitorAPI.get(athleteURL.pathname)).text()
  const og = /<meta property="og:image" content="([^"]+)"/.exec(athleteHTML)?.[1]
  expect(og, 'og:image').toBeTruthy()
  const card = await visitorAPI.get(og!.replaceAll('&amp;', '&'))
  expect(card.status()).toBe(200)
  const png = await card.body()
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])

  // At phone width neither page scrolls sideways.
  await visitor.setViewportSize(phone)
  await visitor.reload()
  // Measured once the app has taken over each page, as on the first visit above.
  const ready = () => visitor.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))
  await expect(visitor.getByRole('heading', { level: 1, name: 'JOÃO PEDRO ÁVILA' })).toBeVisible()
  await ready()
  expect(await pageWidth(visitor)).toBeLessThanOrEqual(phone.width)
  await visitor.goto(`/resultado/${eventId}`)
  await expect(visitor.getByRole('table', { name: 'Resultados de 10 km' }).getByRole('row')).toHaveCount(5)
  await ready()
  expect(await pageWidth(visitor)).toBeLessThanOrEqual(phone.width)
  expect(
    (await new AxeBuilder({ page: visitor }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])

  await visitorAPI.dispose()
  await visitorContext.close()
})

test('deleting a published set asks first, and the public page falls back to the files', async ({ page }) => {
  test.setTimeout(60_000)
  const eventId = await publishAsOrganizer(page)
  await page.getByRole('button', { name: 'Excluir 10 km' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Excluir os resultados de 10 km?' })
  await dialog.getByRole('button', { name: 'Excluir resultados' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/Nenhum resultado publicado ainda/)).toBeVisible()
  await page.goto(`/resultado/${eventId}`)
  await expect(page.getByText('Resultados para esta modalidade ainda não disponíveis.')).toBeVisible()
})
