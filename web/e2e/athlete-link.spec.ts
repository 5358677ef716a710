import { expect, openMobileMenu, phone, test } from './fixtures'
import { createUser, mailsTo, readVerificationLink, uniqueEmail } from './accounts'
import { violations } from './axe'
import { athlete } from './orders'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'

// A buyer registers herself and a friend; the friend follows his own confirmation e-mail on a 375 px
// phone (docs/requirements.md REG-260..REG-263, AUTH-36, NAV-17): signs up from its link, is asked to
// confirm his address, confirms it from the outbox and lands on his registration.

test.use({ viewport: phone, hasTouch: true })
// Before the address is confirmed the code answers 404, which the browser and the page log.
test.use({ allowConsoleErrors: [[/status of 40[14]/, /Inscrição não encontrada|not-found/], { scope: 'test' }] })

test("the friend's e-mail leads to his own registration, once he confirms his address (REG-260..REG-263)", async ({
  page,
  browser,
}) => {
  test.slow() // three accounts (argon2), an event, a paid order and e-mails read from the outbox
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Olga Organizadora' })
  const titulo = `Corrida dos Amigos ${marker()}`
  const eventId = await createEvent(organizer.request, { titulo, dataEvento: nextYear(9, 7), km: [10] })
  await sellThroughPelotao(organizer.request, eventId)

  const buyer = await browser.newContext()
  const rita = await createUser(buyer.request, { displayName: 'Rita Corredora' })
  const friendEmail = uniqueEmail('amigo')
  const created = await buyer.request.post(`/api/events/${eventId}/pedidos`, {
    data: {
      atletas: [
        athlete('Rita Corredora', '529982247', rita.email),
        athlete('Caio Amigo', '111444777', friendEmail, 'M'),
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const order = (await created.json()) as { id: string; pix: { txid: string } }
  expect((await buyer.request.post(`/_pix-sandbox/simular/${order.pix.txid}`)).status()).toBe(200)

  // REG-260: his e-mail links to /i/{his code}, never to the buyer's order or her code.
  const confirmation = () => mailsTo(friendEmail).find((m) => m.includes('Inscrição confirmada'))
  await expect.poll(() => confirmation() !== undefined, { timeout: 10_000 }).toBe(true)
  const mail = confirmation()!
  const link = mail.match(/https?:\/\/\S+\/i\/([A-Z0-9]{10})/)
  expect(link, mail).not.toBeNull()
  const [url, codigo] = [link![0], link![1]!]
  expect(mail).not.toContain('/pedido/')
  // The buyer's e-mail holds both codes: hers is the other one.
  await expect
    .poll(() => mailsTo(rita.email).some((m) => m.includes(`Código da inscrição: ${codigo}`)), { timeout: 10_000 })
    .toBe(true)
  const codes = [
    ...mailsTo(rita.email)
      .find((m) => m.includes(`Código da inscrição: ${codigo}`))!
      .matchAll(/Código da inscrição: ([A-Z0-9]{10})/g),
  ]
  const ritaCode = codes.map((m) => m[1]!).find((c) => c !== codigo)
  expect(ritaCode).toBeDefined()
  expect(mail).not.toContain(ritaCode!)

  // A visitor: the link leads to sign in; he signs up there and comes back.
  await page.goto(url)
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole('tab', { name: 'Cadastrar' }).click()
  await page.getByLabel('Nome').fill('Caio Amigo')
  await page.getByLabel('Email').fill(friendEmail)
  await page.getByLabel('Senha', { exact: true }).fill('Serra-Verde-42')
  await page.getByLabel('Confirmar Senha').fill('Serra-Verde-42')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()

  // REG-262: not yet confirmed, the page says so, with the button that sends the link again.
  await expect(page).toHaveURL(new RegExp(`/i/${codigo}$`))
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail para ver esta inscrição' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'Reenviar e-mail' })).toBeVisible()
  await expect(page.getByText('Rita Corredora')).toHaveCount(0)

  // AUTH-36: the banner is at most two lines on the phone, and no wider than it.
  const banner = page.getByRole('complementary', { name: 'Confirmação de e-mail' })
  await expect(banner).toBeVisible()
  expect((await banner.boundingBox())!.height).toBeLessThan(70)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // He confirms from the e-mail, and his link now shows his registration.
  await page.goto(await readVerificationLink(friendEmail))
  await expect(page.getByRole('status')).toContainText('E-mail confirmado!')
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Caio Amigo' })).toBeVisible()
  await expect(page.getByText(codigo)).toBeVisible()
  const qr = page.getByRole('img', { name: `QR code da inscrição ${codigo}` })
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText('Rita Corredora')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // NAV-17: the phone menu leads to "Minhas inscrições", which lists it.
  const menu = await openMobileMenu(page)
  await menu.getByRole('link', { name: 'Minhas inscrições' }).click()
  await expect(page.getByRole('region', { name: 'Minhas inscrições' }).getByText(codigo)).toBeVisible()

  await Promise.all([organizer.close(), buyer.close()])
})
