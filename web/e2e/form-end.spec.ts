import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { signedInUser } from './accounts'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'

// The end of the event form (issue 28, item 2): saving takes the organizer to what they made, at a
// readable address that a rename does not change, and the events made before such addresses still
// open everywhere. Each journey runs on a 375 px phone and a 1280 px screen.

const widths = [
  { name: '375 px', viewport: phone },
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
]

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )

const savedHeading = (page: Page, titulo: string) =>
  page.getByRole('heading', { level: 2, name: `Evento "${titulo}" salvo com sucesso!` })

/**
 * An event at an id of the shape events had before readable addresses: the server still gives one
 * when the first addresses of a title and year are all taken (store.SlugTries), so the journey takes
 * them, then gives them back.
 */
async function eventAtARandomID(request: APIRequestContext, titulo: string): Promise<string> {
  const taken: string[] = []
  for (let n = 1; n <= 50; n++) taken.push(await createEvent(request, { titulo, dataEvento: nextYear(6, 1) }))
  const id = await createEvent(request, { titulo, dataEvento: nextYear(6, 1), km: [10] })
  for (const t of taken) expect((await request.delete(`/api/events/${t}`)).status()).toBe(204)
  return id
}

for (const { name, viewport } of widths) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport })

    test('saving a new event lands on its workspace, at a readable address a rename keeps (FORM-38, FORM-40..43)', async ({
      page,
    }) => {
      test.slow() // a form filled twice, two axe runs
      await signedInUser(page)
      const word = marker()
      const titulo = `Corrida São João ${word}`
      const dataEvento = nextYear(6, 24)
      const id = `corrida-sao-joao-${word.toLowerCase()}-${dataEvento.slice(0, 4)}`

      await page.goto('/cadastro')
      await page.getByLabel('Título do evento', { exact: true }).fill(titulo)
      await page.getByLabel('Data do evento', { exact: true }).fill(dataEvento)
      await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
      await page.getByLabel('Estado (UF)', { exact: true }).selectOption('SP')
      await page.getByRole('button', { name: 'Salvar Evento' }).click()

      // The workspace of what was made, the message's heading holding the focus, then its two links.
      await expect(page).toHaveURL(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await expect(savedHeading(page, titulo)).toBeFocused()
      await expect(page.getByTestId('sucesso')).toBeVisible()
      await page.keyboard.press('Tab')
      await expect(page.getByRole('link', { name: 'Ver página do evento' })).toBeFocused()
      await expect(page.getByRole('link', { name: 'Ver página do evento' })).toHaveAttribute('href', `/event/${id}`)
      await expect(page.getByRole('link', { name: 'Editar este evento' })).toHaveAttribute('href', `/cadastro/${id}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      expect(await axe(page)).toEqual([])
      // Nothing is left to restore: the next new event starts blank.
      expect(await page.evaluate(() => localStorage.getItem('pelotao:rascunho-evento:novo'))).toBeNull()

      // The public page at the readable address, drawn by the server too.
      await page.getByRole('link', { name: 'Ver página do evento' }).click()
      await expect(page).toHaveURL(`/event/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      const drawn = await page.request.get(`/event/${id}`)
      expect(drawn.status()).toBe(200)
      expect(await drawn.text()).toContain(`<title>${titulo} — Pelotão</title>`)

      // An edit stays in its form, as saved, with the same message, the way to the workspace; the address stays.
      await page.goBack()
      await page.getByRole('link', { name: 'Editar este evento' }).click()
      await expect(page).toHaveURL(`/cadastro/${id}`)
      const renamed = `Meia do Ibirapuera ${word}`
      await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue(titulo)
      await page.getByLabel('Título do evento', { exact: true }).fill(renamed)
      await page.getByRole('button', { name: 'Salvar Evento' }).click()
      await expect(savedHeading(page, renamed)).toBeFocused()
      await expect(page).toHaveURL(`/cadastro/${id}`)
      await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue(renamed)
      await expect(page.getByRole('link', { name: 'Ver página do evento' })).toHaveAttribute('href', `/event/${id}`)
      expect(await axe(page)).toEqual([])
      await page.getByRole('link', { name: 'Gerenciar evento' }).click()
      await expect(page).toHaveURL(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
      await page.goto(`/event/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()

      // The old title's address is still the renamed event's: the next event of that title comes after it.
      expect(await createEvent(page.request, { titulo, dataEvento })).toBe(`${id}-2`)
    })

    test('an event made before readable addresses opens at its old id everywhere (FORM-43)', async ({ page }) => {
      test.slow() // fifty events made and deleted to get a random id
      await signedInUser(page)
      const titulo = `Pedal Antigo ${marker()}`
      const id = await eventAtARandomID(page.request, titulo)
      expect(id).toMatch(/^[0-9a-f]{24}$/)
      await sellThroughPelotao(page.request, id)

      const api = await page.request.get(`/api/events/${id}`)
      expect(api.status()).toBe(200)
      expect(((await api.json()) as { titulo: string }).titulo).toBe(titulo)
      await page.goto(`/event/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await page.goto(`/resultado/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await page.goto(`/inscricao/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: `Inscrição: ${titulo}` })).toBeVisible()
      await page.goto(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await expect(page.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
      // Saved from its form, it keeps its id and says so with the same message.
      await page.goto(`/cadastro/${id}`)
      await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue(titulo)
      await page.getByRole('button', { name: 'Salvar Evento' }).click()
      await expect(savedHeading(page, titulo)).toBeFocused()
      await expect(page.getByRole('link', { name: 'Gerenciar evento' })).toHaveAttribute(
        'href',
        `/dashboard/eventos/${id}`,
      )
    })
  })
}
