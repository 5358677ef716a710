import { expect, phone, test } from './fixtures'
import { createUser, signedInUser } from './accounts'
import { violations } from './axe'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { athlete, orderRita } from './orders'
import type { APIRequestContext, Page } from '@playwright/test'

// "Minhas inscrições" after the sale, on a 375 px phone against the real server and the Pix sandbox
// (docs/requirements.md REG-117..REG-120, REG-165..REG-167): the buyer changes the shirt size, opens the
// order's receipt, sees there the part the organizer refunded, and cancels with the rest refunded; for
// an event that has happened, the athlete's result shows, with its page and certificate.

test.use({ viewport: phone, hasTouch: true })

const year = new Date().getFullYear()

/** An event sold through Pelotão (one lot of R$ 89,90, 10 km), whose bibs start at 500. */
async function pelotaoEvent(organizer: APIRequestContext, titulo: string) {
  const id = await createEvent(organizer, { titulo, dataEvento: nextYear(9, 7), km: [10] })
  await sellThroughPelotao(organizer, id)
  const bibs = await organizer.put(`/api/events/${id}/participants/settings`, {
    data: { faixasPeito: [{ percurso: '10 km', inicio: 500, fim: 599 }] },
  })
  expect(bibs.status(), await bibs.text()).toBe(200)
  return id
}

/** Buys one registration as the page's user and pays it in the sandbox; answers the order's id. */
async function buyAndPay(page: Page, eventId: string, cpfBase: string, email: string) {
  const order = await orderRita(page.request, eventId, cpfBase, email)
  const paid = await page.request.post(`/_pix-sandbox/simular/${order.pix.txid}`)
  expect(paid.status(), await paid.text()).toBe(200)
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/pedidos/${order.id}`)).json()) as { status: string }).status,
    )
    .toBe('pago')
  return order.id
}

test('the buyer edits a registration, reads its receipt, cancels it after a partial refund, and sees the result of a race run (REG-117..REG-120, REG-165..REG-167)', async ({
  page,
  browser,
}) => {
  test.slow() // two accounts, two events, two paid orders and a results import through the real server
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Olga Organizadora' })
  const upcoming = `Corrida do Cancelamento ${marker()}`
  const past = `Corrida do Resultado ${marker()}`
  const upcomingId = await pelotaoEvent(organizer.request, upcoming)
  const pastId = await pelotaoEvent(organizer.request, past)

  const runner = await signedInUser(page, { displayName: 'Rita Corredora' })
  const upcomingOrder = await buyAndPay(page, upcomingId, '529982247', runner.email)
  await buyAndPay(page, pastId, '111444777', runner.email)

  // The second race happened last year: the organizer dates it so and publishes its results, Rita 2nd.
  const doc = (await (await organizer.request.get(`/api/events/${pastId}`)).json()) as Record<string, unknown>
  const redated = await organizer.request.put(`/api/events/${pastId}`, {
    data: { ...doc, dataEvento: `${year - 1}-03-15`, status: 'Evento Realizado' },
  })
  expect(redated.status(), await redated.text()).toBe(200)
  const sheet = [
    'Peito;Nome;Sexo;Categoria;Tempo bruto;Tempo líquido',
    '501;Vera Veloz;F;Geral;0:45:10;0:45:02',
    '500;Rita Corredora;F;Geral;0:50:10;0:49:55',
  ].join('\n')
  const imported = await organizer.request.post(`/api/events/${pastId}/results`, {
    multipart: {
      percurso: '10 km',
      status: 'oficial',
      file: { name: '10km.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) },
    },
  })
  expect(imported.status(), await imported.text()).toBe(201)

  await page.goto('/dashboard?painel=atleta#minhas-inscricoes')
  const mine = page.getByRole('region', { name: 'Minhas inscrições' })
  const item = (titulo: string) =>
    mine.getByRole('listitem').filter({ has: page.getByRole('heading', { name: titulo }) })
  const soon = item(upcoming)
  const done = item(past)
  await expect(soon.getByText('Situação: Confirmada')).toBeVisible()

  // REG-120: the race run shows the time, the places and the links; its edits are closed.
  const result = done.getByRole('region', { name: `Resultado em ${past}` })
  await expect(result.getByText('0:49:55')).toBeVisible()
  await expect(result.getByText('2º de 2')).toHaveCount(3) // overall, among women, in the category
  await expect(done.getByText(/As alterações terminaram em .* fale com a organização do evento/)).toBeVisible()
  const certificate = result.getByRole('link', { name: 'Baixar certificado (PDF)' })
  const pdf = await page.request.get((await certificate.getAttribute('href'))!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // REG-119: the shirt changes until edicaoAte, which is shown.
  await expect(soon.getByText(/podem ser alterados até \d\d\/\d\d\/\d{4}/)).toBeVisible()
  await soon.getByRole('button', { name: 'Alterar dados' }).click()
  await soon.getByRole('combobox', { name: 'Tamanho da camiseta' }).selectOption('G')
  await soon.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(soon.getByText('Camiseta: G')).toBeVisible()

  // REG-166, REG-165: the card's receipt link opens the order page at its receipt.
  await expect(
    soon.getByText(`Cancelamento com reembolso integral (R$\u00a089,90) até`, { exact: false }),
  ).toBeVisible()
  await soon.getByRole('link', { name: `Recibo da inscrição de Rita Corredora em ${upcoming}` }).click()
  await expect(page).toHaveURL(new RegExp(`/pedido/${upcomingOrder}#recibo$`))
  const receipt = page.getByRole('region', { name: 'Recibo' })
  const value = (label: string) => receipt.locator('dt', { hasText: label }).locator('+ dd')
  await expect(value('Pedido')).toHaveText(upcomingOrder)
  await expect(value('Pago em')).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/)
  await expect(receipt.getByRole('list', { name: 'Inscrições pagas' })).toContainText('Rita Corredora10 km')
  await expect(value('Total pago')).toHaveText('R$\u00a089,90')

  // The organizer refunds R$ 10,50 of it: the receipt shows the refund, returned, and what stays paid.
  const refund = await organizer.request.post(`/api/events/${upcomingId}/pedidos/${upcomingOrder}/reembolso`, {
    data: { valor: 10.5 },
  })
  expect(refund.status(), await refund.text()).toBe(200)
  // The sandbox returns the money at once or at the next reconciliation (every 5 s here).
  await expect(async () => {
    await page.reload()
    await expect(receipt.getByRole('list', { name: 'Reembolsos' })).toContainText('DevolvidoR$\u00a010,50', {
      timeout: 2_000,
    })
  }).toPass({ timeout: 20_000 })
  await expect(value('Pago, descontados os reembolsos')).toHaveText('R$\u00a079,40')
  // Printed, the receipt is the page: no site header or footer, no buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('main').getByRole('link', { name: 'Minhas inscrições' })).toBeHidden()
  await expect(receipt).toBeVisible()
  if (process.env.RECEIPT_SHOT) await page.screenshot({ path: process.env.RECEIPT_SHOT, fullPage: true })
  await page.emulateMedia({ media: null })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // REG-167, REG-117: back in the list, the cancellation promises the rest, and is refunded it.
  await page.goto('/dashboard?painel=atleta#minhas-inscricoes')
  await expect(soon.getByText('Cancelamento com reembolso de R$\u00a079,40 até', { exact: false })).toBeVisible()
  await soon.getByRole('button', { name: 'Cancelar a inscrição de Rita Corredora' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar a inscrição de Rita Corredora?' })
  await expect(dialog).toContainText(
    'Do valor desta inscrição, R$\u00a089,90, a organização já reembolsou parte do pedido: R$\u00a079,40 serão devolvidos pelo Pix',
  )
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeFocused()
  expect(await violations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancelar e reembolsar' }).click()
  await expect(dialog).toBeHidden()
  // The sandbox returns the money at once or at the next reconciliation (every 5 s here).
  await expect(async () => {
    await page.reload()
    await expect(soon.getByText('Situação: Reembolsada')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(soon.getByRole('button', { name: /^Cancelar a inscrição/ })).toHaveCount(0)
  // What the dialog promised is what the server refunded.
  const refunded = (await (await page.request.get(`/api/pedidos/${upcomingOrder}`)).json()) as {
    reembolsos: { valor: number }[]
  }
  expect(refunded.reembolsos.map((f) => f.valor).sort((a, b) => a - b)).toEqual([10.5, 79.4])

  // The result page the link leads to.
  await result.getByRole('link', { name: 'Ver meu resultado' }).click()
  await expect(page).toHaveURL(new RegExp(`/resultado/${pastId}/atleta/[^/]+/500$`))
  await expect(page.getByRole('heading', { name: 'Rita Corredora' })).toBeVisible()
})

// REG-240, REG-244: a buyer who registered two athletes cancels one of them, alone, on a 375 px phone:
// the card of each says its own amount, the dialog names the athlete and the amount coming back; the
// other athlete stays registered and the order stays paid with that one devolução.
test('the buyer cancels one athlete of a two-athlete order, the other stays (REG-240, REG-244)', async ({
  page,
  browser,
}) => {
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Olga Organizadora' })
  const titulo = `Corrida em Dupla ${marker()}`
  const eventId = await pelotaoEvent(organizer.request, titulo)
  const runner = await signedInUser(page, { displayName: 'Rita Corredora' })
  const created = await page.request.post(`/api/events/${eventId}/pedidos`, {
    data: {
      atletas: [
        athlete('Rita Corredora', '390533447', runner.email),
        athlete('Tina Parceira', '987654321', `tina-${marker()}@exemplo.com.br`),
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const order = (await created.json()) as { id: string; pix: { txid: string } }
  const paid = await page.request.post(`/_pix-sandbox/simular/${order.pix.txid}`)
  expect(paid.status(), await paid.text()).toBe(200)
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/pedidos/${order.id}`)).json()) as { status: string }).status,
    )
    .toBe('pago')

  await page.goto('/dashboard?painel=atleta#minhas-inscricoes')
  const mine = page.getByRole('region', { name: 'Minhas inscrições' })
  const card = (nome: string) => mine.getByRole('listitem').filter({ hasText: `${nome} — 10 km` })
  const rita = card('Rita Corredora')
  const tina = card('Tina Parceira')
  await expect(
    tina.getByText('Cancelamento com reembolso integral (R$\u00a089,90) até', { exact: false }),
  ).toBeVisible()
  await expect(
    rita.getByText('Cancelamento com reembolso integral (R$\u00a089,90) até', { exact: false }),
  ).toBeVisible()
  await tina.getByRole('button', { name: 'Cancelar a inscrição de Tina Parceira' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar a inscrição de Tina Parceira?' })
  await expect(dialog).toContainText('R$\u00a089,90 serão devolvidos pelo Pix')
  await expect(dialog).toContainText('As outras inscrições do pedido continuam valendo.')
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Cancelar e reembolsar' }).click()
  await expect(dialog).toBeHidden()
  await expect(tina.getByText('Situação: Cancelada')).toBeVisible()
  await expect(rita.getByText('Situação: Confirmada')).toBeVisible()
  await expect(rita.getByRole('button', { name: 'Cancelar a inscrição de Rita Corredora' })).toBeVisible()

  const after = (await (await page.request.get(`/api/pedidos/${order.id}`)).json()) as {
    status: string
    inscricoes: { nome: string; status: string }[]
    reembolsos: { valor: number }[]
  }
  expect(after.status).toBe('pago')
  expect(after.inscricoes.map((r) => `${r.nome}: ${r.status}`)).toEqual([
    'Rita Corredora: confirmada',
    'Tina Parceira: cancelada',
  ])
  expect(after.reembolsos.map((f) => f.valor)).toEqual([89.9])
  const participants = (await (await organizer.request.get(`/api/events/${eventId}/participants`)).json()) as {
    participants: { nome: string }[]
  }
  expect(participants.participants.map((p) => p.nome)).toEqual(['Rita Corredora'])
})
