import { expect, phone, test } from './fixtures'
import { confirmEmail, createUser, mailsTo, signedInUser } from './accounts'
import { violations } from './axe'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { orderRita } from './orders'
import type { APIRequestContext } from '@playwright/test'

// A runner pays a registration sold by Pelotão in the Pix sandbox, on a 375 px phone (docs/requirements.md
// REG-80..REG-85): the order page, "Simular pagamento", the confirmation within the page's polling, the
// e-mail in the outbox, "Minhas inscrições", and where the registration's code leads each person.

test.use({ viewport: phone, hasTouch: true })

/** An event the signed-in user of `request` sells through Pelotão, one lot of R$ 89,90, with a kit pickup. */
async function pelotaoEvent(request: APIRequestContext, titulo: string) {
  const id = await createEvent(request, { titulo, dataEvento: nextYear(9, 7), km: [10] })
  await sellThroughPelotao(request, id, {
    retiradaKits: [{ local: 'Loja do Parque', data: nextYear(9, 6), horarioInicio: '09:00', horarioFim: '18:00' }],
  })
  return id
}

test('a runner pays in the sandbox and gets the confirmation, the e-mail and the registration code (REG-80..REG-85)', async ({
  page,
  browser,
}) => {
  test.slow() // two accounts, an event and an order are made through the real server
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Olga Organizadora' })
  const titulo = `Corrida do Pix ${marker()}`
  const eventId = await pelotaoEvent(organizer.request, titulo)

  const runner = await signedInUser(page, { displayName: 'Rita Corredora' })
  const order = await orderRita(page.request, eventId, '529982247', runner.email)

  // REG-80: the order awaiting payment, with its Pix.
  await page.goto(`/inscricao/${eventId}/pedido/${order.id}`)
  await expect(page.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeVisible()
  await expect(page.getByText('R$ 89,90').first()).toBeVisible()
  await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:\d\d)$/)
  const qr = page.getByRole('img', { name: 'QR code do Pix do pedido' })
  await expect(qr).toBeVisible()
  // The PNG has arrived and decoded (visible comes with the element, before its picture).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(/^000201.*br\.gov\.bcb\.pix/)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copiar código Pix' }).click()
  await expect(page.getByText('Código copiado!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // REG-81: paid in the sandbox, the page reads the order again and shows the confirmation, with no
  // reload (how often it reads is orderPolling.test.ts's, with fake timers: this asserts no duration).
  await page.getByRole('button', { name: 'Simular pagamento' }).click()
  await expect(page.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible()
  const card = page.getByRole('list', { name: 'Inscrições do pedido' }).getByRole('listitem')
  await expect(card).toHaveCount(1)
  const codigo = (await card.locator('.font-mono').textContent())!.trim()
  expect(codigo).toMatch(/^[A-Z0-9]{10}$/)
  await expect(card.getByRole('img', { name: `QR code da inscrição ${codigo}` })).toBeVisible()
  await expect(page.getByText(/Loja do Parque/)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // REG-82: the confirmation e-mail, with the QR code inline and the race's .ics.
  await expect
    .poll(() => mailsTo(runner.email).filter((m) => m.includes(`Código da inscrição: ${codigo}`)).length, {
      timeout: 10_000,
    })
    .toBe(1)
  const mail = mailsTo(runner.email).find((m) => m.includes(`Código da inscrição: ${codigo}`))!
  expect(mail).toMatch(/Content-Type: multipart\/related/)
  expect(mail).toContain(`Content-Id: <qr-${codigo.toLowerCase()}@pelotao>`)
  expect(mail).toMatch(/filename=evento\.ics/)
  expect(mail).toContain('Loja do Parque')

  // REG-83: "Minhas inscrições" lists it.
  await page.getByRole('link', { name: 'Minhas inscrições' }).click()
  const mine = page.getByRole('region', { name: 'Minhas inscrições' })
  await expect(mine.getByRole('heading', { name: titulo })).toBeVisible()
  await expect(mine.getByText(codigo)).toBeVisible()
  await expect(mine.getByText('Confirmada')).toBeVisible()

  // REG-85: the code leads the buyer to the order…
  await page.goto(`/i/${codigo}`)
  await expect(page).toHaveURL(new RegExp(`/inscricao/${eventId}/pedido/${order.id}$`))
  await expect(page.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible()

  // …the event's team to the kit desk with the code searched…
  const team = await organizer.newPage()
  await team.setViewportSize(phone)
  await team.goto(`/i/${codigo}`)
  await expect(team).toHaveURL(new RegExp(`/retirada/${eventId}\\?codigo=${codigo}$`))
  await team.getByLabel('Nome do balcão').fill('Balcão 1')
  await team.getByRole('button', { name: 'Começar' }).click()
  await expect(team.getByRole('searchbox')).toHaveValue(codigo)

  // …anyone else signed in to nothing personal…
  const stranger = await browser.newContext({ viewport: phone })
  const strangerPage = await stranger.newPage()
  const strangerCreds = await signedInUser(strangerPage, { displayName: 'Sem Relação' })
  await confirmEmail(strangerPage.request, strangerCreds.email) // unverified, the page asks to confirm first (REG-262)
  await strangerPage.goto(`/i/${codigo}`)
  await expect(strangerPage.getByRole('heading', { name: 'Inscrição não encontrada' })).toBeVisible()
  await expect(strangerPage.getByText('Rita Corredora')).toHaveCount(0)

  // …and a visitor to the sign-in page, which returns there after.
  const visitor = await browser.newContext({ viewport: phone })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`/i/${codigo}`)
  await expect(visitorPage).toHaveURL(/\/login/)
  await visitorPage.getByLabel('Email').fill(runner.email)
  await visitorPage.getByLabel('Senha', { exact: true }).fill(runner.password)
  await visitorPage.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(visitorPage).toHaveURL(new RegExp(`/inscricao/${eventId}/pedido/${order.id}$`))

  await Promise.all([organizer.close(), stranger.close(), visitor.close()])
})
