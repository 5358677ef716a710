import type { Page } from '@playwright/test'
import { confirmEmail, signIn, signedInUser } from './accounts'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'

// The group's kits on a 375 px phone (docs/requirements.md GRP-59, GRP-60), against the real binary:
// the coach's page shows the group's QR code; the event's team opening its link lands at the kit desk
// with the group's code searched, and the coach opening it reads that there is nothing for them.
// The desk's group view and its offline queue are proved by GroupPickup.test.tsx and sync.test.ts:
// no route joins a registration to a group yet (orders take the group's code next), so no member
// reaches a roster here.

test.use({ viewport: phone, hasTouch: true })
// The coach's 404 on the code's link is expected.
test.use({ allowConsoleErrors: [[/status of 404/, /Inscrição não encontrada/], { scope: 'test' }] })

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test("the coach's QR code opens the kit desk on the group for the team only (GRP-59, GRP-60)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const word = marker()
  const organizer = await signedInUser(page)
  const eventId = await createEvent(page.request, {
    titulo: `Corrida dos Kits ${word}`,
    dataEvento: nextYear(9, 20),
    km: [10],
  })
  await sellThroughPelotao(page.request, eventId)
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204)

  const coach = await signedInUser(page, { displayName: 'Carla Treinadora' })
  await confirmEmail(page.request, coach.email)
  const made = await page.request.post(`/api/events/${eventId}/grupos`, { data: { nome: `Assessoria Kit ${word}` } })
  expect(made.status(), await made.text()).toBe(201)
  const group = (await made.json()) as { id: string; codigo: string }

  await page.goto(`/dashboard/grupos/${group.id}`)
  const section = page.getByRole('region', { name: 'Retirar kits do grupo' })
  const qr = section.getByRole('img', { name: `QR code do grupo ${group.codigo}` })
  await expect(qr).toBeVisible()
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await expect(section).toContainText(`Informe o código ${group.codigo}.`)
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)

  // The coach is not the event's team: the code's link tells them nothing.
  await page.goto(`/i/${group.codigo}`)
  await expect(page.getByText('Inscrição não encontrada')).toBeVisible()

  // The organizer opening the code's link (as the camera of a phone would) goes to the desk with it.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204)
  await signIn(page, organizer)
  const api = await page.request.get(`/api/i/${group.codigo.toLowerCase()}`)
  expect(await api.json()).toEqual({
    role: 'equipe',
    eventId,
    codigo: group.codigo,
    grupo: { id: group.id, nome: `Assessoria Kit ${word}`, coaches: [{ nome: 'Carla Treinadora' }], membros: [] },
  })
  await page.goto(`${baseURL}/i/${group.codigo}`)
  await expect(page).toHaveURL(new RegExp(`/retirada/${eventId}\\?codigo=${group.codigo}$`))
  await page.getByLabel('Nome do balcão').fill('Balcão 1')
  await page.getByRole('button', { name: 'Começar' }).click()
  await expect(page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' })).toHaveValue(
    group.codigo,
  )
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
})
