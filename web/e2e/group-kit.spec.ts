import { request as newRequest, type Page } from '@playwright/test'
import { confirmEmail, createUser, signIn, signedInUser } from './accounts'
import { createEvent, inDays, marker, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'
import { eventWithCoach } from './groups'
import { athlete } from './orders'

// The group's kits on a 375 px phone (docs/requirements.md GRP-59, GRP-60), against the real binary:
// the coach's page shows the group's QR code; the event's team opening its link lands at the kit desk
// with the group's code searched, and the coach opening it reads that there is nothing for them.
// Then the coach's whole pickup (GRP-36): the coach's orders with the group's code, three paid and
// one awaiting payment; the desk opens the group by its code, lists the unpaid one refused, goes
// offline, hands the three paid kits at once to the coach, comes back online and syncs; the
// organizer reads each athlete's pickup by the coach.

test.use({ viewport: phone, hasTouch: true })
// The coach's 404 on the code's link is expected; offline, the browser logs every request that could
// not leave (the desk retries them).
test.use({
  allowConsoleErrors: [
    [
      /status of 404/,
      /Inscrição não encontrada/,
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|Failed to load resource/,
    ],
    { scope: 'test' },
  ],
})

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test("the coach's QR code opens the kit desk on the group for the team only (GRP-59, GRP-60)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const word = marker()
  const { organizer, eventId } = await eventWithCoach(page, `Corrida dos Kits ${word}`)
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

test("the coach takes the group's paid kits at once at a desk gone offline; the organizer sees them (GRP-36)", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const word = marker()
  const organizer = await signedInUser(page, { displayName: 'Olga Organizadora' })
  const eventId = await createEvent(page.request, {
    titulo: `Corrida do Grupo no Balcão ${word}`,
    dataEvento: inDays(3),
    km: [10],
  })
  await sellThroughPelotao(page.request, eventId)

  // The coach's group and orders: three athletes paid, one awaiting payment.
  const coach = await newRequest.newContext({ baseURL })
  const coachCreds = await createUser(coach, { displayName: 'Carla Treinadora' })
  await confirmEmail(coach, coachCreds.email)
  const nome = `Assessoria Balcão ${word}`
  const made = await coach.post(`/api/events/${eventId}/grupos`, { data: { nome } })
  expect(made.status(), await made.text()).toBe(201)
  const group = (await made.json()) as { id: string; codigo: string }
  const paidOrder = await coach.post(`/api/events/${eventId}/pedidos`, {
    data: {
      grupo: group.codigo,
      atletas: [
        athlete('Ana Grupo', '529982247', 'ana.grupo@exemplo.com.br'),
        athlete('Bia Grupo', '111444777', 'bia.grupo@exemplo.com.br'),
        athlete('Caio Grupo', '390533447', 'caio.grupo@exemplo.com.br', 'M'),
      ],
    },
  })
  expect(paidOrder.status(), await paidOrder.text()).toBe(201)
  const order = (await paidOrder.json()) as { id: string; pix: { txid: string } }
  expect((await coach.post(`/_pix-sandbox/simular/${order.pix.txid}`)).status()).toBe(200)
  await expect
    .poll(async () => ((await (await coach.get(`/api/pedidos/${order.id}`)).json()) as { status: string }).status, {
      message: 'the order confirmed by the sandbox webhook',
    })
    .toBe('pago')
  const unpaid = await coach.post(`/api/events/${eventId}/pedidos`, {
    data: {
      grupo: group.codigo,
      atletas: [athlete('Davi Devendo', '123456789', 'davi.grupo@exemplo.com.br', 'M')],
    },
  })
  expect(unpaid.status(), await unpaid.text()).toBe(201)
  await coach.dispose()

  // The organizer's desk, its roster on the phone: the group's code opens the group.
  await page.goto(`/retirada/${eventId}`)
  await page.getByLabel('Nome do balcão').fill('Balcão 1')
  await page.getByRole('button', { name: 'Começar' }).click()
  await expect(page.getByText('0 de 3 kits retirados')).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' })
  const groupView = page.getByRole('region', { name: `Kits do grupo ${nome}` })
  const listed = groupView.getByRole('list', { name: 'Inscritos do grupo' })
  await search.fill(group.codigo.toLowerCase())
  await expect(listed.getByRole('checkbox')).toHaveCount(3)
  for (const box of await listed.getByRole('checkbox').all()) await expect(box).toBeChecked()
  // Online, the registration awaiting payment is listed, with nothing to hand; the coach is named.
  await expect(
    listed
      .getByRole('listitem')
      .filter({ hasText: 'Davi Devendo' })
      .getByText('Inscrição aguardando pagamento: não há kit para entregar.'),
  ).toBeVisible()
  await expect(groupView.getByLabel('Nome do responsável')).toHaveValue('Carla Treinadora')
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
  await groupView.getByRole('button', { name: 'Voltar à busca' }).click()

  // Offline, as in a hall without signal: the code again, the three paid kits handed at once.
  await context.setOffline(true)
  await search.fill(group.codigo)
  await expect(listed.getByRole('checkbox')).toHaveCount(3)
  await groupView.getByLabel('Nome do responsável').fill('Carla Treinadora')
  await groupView.getByLabel('Documento do responsável').fill('529.982.247-25')
  await groupView.getByRole('button', { name: 'Entregar 3 kits ao responsável' }).click()
  await expect(page.getByText('3 kits entregues a Carla Treinadora.')).toBeVisible()
  await expect(page.getByText('3 retiradas aguardando envio')).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)

  // Back online, the queue is sent.
  await context.setOffline(false)
  await expect(page.getByText('3 de 3 kits retirados')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/aguardando envio/)).toHaveCount(0)

  // The organizer reads each athlete's pickup: by the coach, at the desk.
  const office = await newRequest.newContext({ baseURL })
  const signedIn = await office.post('/api/auth/login', {
    data: { email: organizer.email, password: organizer.password },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  type Listed = {
    nome: string
    grupo: string
    kitRetirado: { balcao: string; retiradoPor: { nome: string; documento: string } | null } | null
  }
  const list = (await (await office.get(`/api/events/${eventId}/participants?limit=50`)).json()) as {
    participants: Listed[]
  }
  expect(
    list.participants.map((p) => [p.nome, p.grupo, p.kitRetirado?.balcao, p.kitRetirado?.retiradoPor?.nome]).sort(),
  ).toEqual([
    ['Ana Grupo', nome, 'Balcão 1', 'Carla Treinadora'],
    ['Bia Grupo', nome, 'Balcão 1', 'Carla Treinadora'],
    ['Caio Grupo', nome, 'Balcão 1', 'Carla Treinadora'],
  ])
  await office.dispose()
})
