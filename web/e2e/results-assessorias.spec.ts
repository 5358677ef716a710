import { confirmEmail, signedInUser } from './accounts'
import { violations } from './axe'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'

// The ranking by assessoria on the public results page, on a 375 px phone (docs/requirements.md
// GRP-41, GRP-44, GRP-45): a group of the event is found by its results' team column, ranked by
// finishers and by the sum of its best 3 times of women, in a section loaded after the page.

test.use({ viewport: phone, hasTouch: true })

test('the results page ranks the assessorias of a modality, preliminary as its results (GRP-45)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const word = marker()
  const organizer = await signedInUser(page)
  await confirmEmail(page.request, organizer.email)
  const eventId = await createEvent(page.request, {
    titulo: `Corrida das Assessorias ${word}`,
    dataEvento: nextYear(9, 20),
    km: [10],
  })
  await sellThroughPelotao(page.request, eventId)
  const nome = `Assessoria Corre Curitiba Com Um Nome Bem Comprido ${word}`
  const created = await page.request.post(`/api/events/${eventId}/grupos`, { data: { nome } })
  expect(created.status(), await created.text()).toBe(201)
  const file = [
    'Peito;Nome;Sexo;Categoria;Equipe;Tempo líquido',
    `1;Ana Quente;F;F 30-34;${nome};0:40:00`,
    `2;Bia Quente;F;F 30-34;${nome.toUpperCase()};0:41:00`,
    `3;Cris Quente;F;F 30-34;${nome};0:42:30`,
    `4;Duda Quente;M;M 30-34;${nome};0:39:00`,
    '5;Eli Sozinho;M;M 30-34;;0:38:00',
  ].join('\n')
  const published = await page.request.post(`/api/events/${eventId}/results`, {
    multipart: {
      percurso: '10 km',
      status: 'preliminar',
      file: { name: '10km.csv', mimeType: 'text/csv', buffer: Buffer.from(file) },
    },
  })
  expect(published.status(), await published.text()).toBe(201)

  // The server still draws the page: the section is the browser's alone, so no part is left undrawn.
  const drawn = await (await page.request.get(`/resultado/${eventId}`)).text()
  expect(drawn).toContain('<table')
  expect(drawn).not.toContain('<!--$!-->')

  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: phone,
    hasTouch: true,
  })
  const visitor = await context.newPage()
  await visitor.goto(`/resultado/${eventId}`)
  const section = visitor.getByRole('region', { name: /^Assessorias/ })
  await expect(section).toBeVisible()
  await expect(section.getByText('Preliminar', { exact: true })).toBeVisible()
  const byCount = section.getByRole('table', { name: 'Por número de concluintes' })
  await expect(byCount.getByRole('row', { name: new RegExp(`1º ${nome} 4`) })).toBeVisible()
  const women = section.getByRole('table', { name: 'Feminino: soma dos 3 melhores tempos' })
  await expect(women.getByRole('cell', { name: '2:03:30' })).toBeVisible()
  await expect(women.getByText('Ana Quente, Bia Quente, Cris Quente')).toBeVisible()
  await expect(section.getByText(/Masculino: soma dos 3 melhores tempos\. Nenhuma assessoria/)).toBeVisible()
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(visitor)).toEqual([])
  await context.close()
})
