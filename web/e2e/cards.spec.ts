import type { APIRequestContext, Page } from '@playwright/test'
import { createUser, signIn, signedInUser } from './accounts'
import { violations } from './axe'
import { cpfDigits } from './cpf'
import { createEvent, marker, sellThroughPelotao } from './events'
import { expect, phone, test } from './fixtures'

// Paying by card on a 375 px phone against the real binary with the Mercado Pago sandbox
// (PELOTAO_MP_SANDBOX=1 in playwright.config.ts's server; docs/requirements.md CARD-28, CARD-40,
// CARD-42, CARD-43): a buyer chooses "Cartão de crédito em até 6x", is sent to the sandbox's checkout,
// declines, reads why back on the order page, tries again in 3x and approves, and sees the order
// confirmed; the organizer finds the card and its installments in Financeiro, refunds part of it to
// the card and reads the card's fees and net apart from Pix (CARD-26, CARD-27). Another buyer's card
// is declined and she pays by Pix instead.

test.use({ viewport: phone, hasTouch: true })

const nextYear = (month: number, day: number) =>
  `${new Date().getFullYear() + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** An event of the organizer signed in on `request` sold by Pelotão (10 km, R$ 89,90), taking cards in up to 6x. */
async function eventTakingCards(request: APIRequestContext): Promise<string> {
  const id = await createEvent(request, {
    titulo: `Corrida do Cartão ${marker()}`,
    dataEvento: nextYear(10, 4),
    km: [10],
  })
  await sellThroughPelotao(request, id)
  const event = await (await request.get(`/api/events/${id}`)).json()
  const saved = await request.put(`/api/events/${id}`, {
    data: { ...event, inscricoes: { ...event.inscricoes, cartao: { ativo: true, parcelasMax: 6 } } },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return id
}

/** Fills the form's one athlete (name and e-mail come from the signed-in buyer). */
async function fillAthlete(page: Page) {
  const athlete = page.getByRole('group', { name: 'Atleta 1', exact: true })
  await athlete
    .getByLabel('CPF', { exact: true })
    .fill(cpfDigits(String(100_000_000 + Math.floor(Math.random() * 899_999_999))))
  await athlete.getByLabel('Data de nascimento', { exact: true }).fill('20/05/1990')
  await athlete.getByRole('radio', { name: 'Feminino' }).check()
  await athlete.getByLabel('Celular com DDD', { exact: true }).fill('(81) 98765-4321')
  await athlete.getByLabel('Modalidade', { exact: true }).selectOption('10 km')
  await athlete.getByLabel('Tamanho da camiseta', { exact: true }).selectOption('M')
  await athlete.getByLabel('Nome do contato', { exact: true }).fill('Rosa Moura')
  await athlete.getByLabel('Telefone do contato', { exact: true }).fill('(81) 3333-4444')
  await athlete.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()
}

test('a buyer pays by card in installments after a declined card, and Financeiro shows it (CARD-28, CARD-40, CARD-42, CARD-43)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const organizer = await browser.newContext({ viewport: phone })
  const ownerCreds = await createUser(organizer.request, { displayName: 'Organizadora do Cartão' })
  const eventId = await eventTakingCards(organizer.request)

  await signedInUser(page, { displayName: 'Lúcia Cartão Souza' })
  await page.goto(`/inscricao/${eventId}`)
  await fillAthlete(page)
  const methods = page.getByRole('radiogroup', { name: 'Forma de pagamento' })
  await expect(methods.getByRole('radio', { name: 'Pix' })).toBeChecked()
  await methods.getByRole('radio', { name: 'Cartão de crédito em até 6x' }).check()
  expect(await pageWidth(page)).toBeLessThanOrEqual(375)
  expect(await violations(page)).toEqual([])
  await expect(page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('89,90')
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()

  // The sandbox's checkout (Mercado Pago's page in production): decline first.
  await expect(page).toHaveURL(/\/_mp-sandbox\/checkout\//)
  await page.getByRole('button', { name: 'Recusar' }).click()
  await expect(page).toHaveURL(new RegExp(`/inscricao/${eventId}/pedido/`))
  await expect(page.getByRole('alert')).toContainText('Pagamento recusado pelo cartão: nada foi cobrado.')
  await expect(page.getByRole('button', { name: 'Pagar com Pix' })).toBeVisible()

  // Try again, in 3x, and approve: the page shows the confirmation once the notification came.
  await page.getByRole('link', { name: 'Tentar de novo com cartão' }).click()
  await expect(page).toHaveURL(/\/_mp-sandbox\/checkout\//)
  await page.getByLabel('Parcelas').selectOption('3')
  await page.getByRole('button', { name: 'Aprovar' }).click()
  await expect(page).toHaveURL(new RegExp(`/inscricao/${eventId}/pedido/`))
  await expect(page.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByRole('region', { name: 'Recibo' })).toContainText('Cartão de crédito')

  // The organizer's Financeiro: the card's money apart, and the order's installments.
  const workspace = await organizer.newPage()
  await signIn(workspace, ownerCreds)
  await workspace.goto(`/dashboard/eventos/${eventId}?aba=financeiro`)
  const byMethod = workspace.getByRole('table', { name: 'Por forma de pagamento' })
  await expect(byMethod.getByRole('row', { name: /^Cartão/ })).toContainText('R$\u00a089,90')
  await expect(workspace.getByRole('table', { name: 'Lista de pedidos' })).toContainText('Cartão 3x')
  expect(await pageWidth(workspace)).toBeLessThanOrEqual(375)

  // The organizer refunds part of it to the card (CARD-26): Financeiro then shows the card's gross,
  // refund, Mercado Pago's fee (4,99 % of R$ 89,90 in the sandbox) and what is left (CARD-27).
  await workspace
    .getByRole('table', { name: 'Lista de pedidos' })
    .getByRole('button', { name: /Lúcia Cartão Souza/ })
    .click()
  const detail = workspace.getByRole('region', { name: 'Pedido de Lúcia Cartão Souza' })
  await expect(detail.getByText('Taxas do Mercado Pago')).toBeVisible()
  await detail.getByRole('radio', { name: 'Valor parcial' }).check()
  await detail.getByLabel('Valor a reembolsar (R$)').fill('20,00')
  await detail.getByRole('button', { name: 'Reembolsar' }).click()
  const confirm = workspace.getByRole('alertdialog', { name: 'Confirmar reembolso' })
  await expect(confirm).toContainText('no cartão de origem')
  await confirm.getByRole('button', { name: 'Confirmar reembolso' }).click()
  await expect(confirm).toBeHidden()
  await workspace.reload()
  const card = workspace.getByRole('table', { name: 'Por forma de pagamento' }).getByRole('row', { name: /^Cartão/ })
  for (const figure of ['R$\u00a089,90', 'R$\u00a020,00', 'R$\u00a04,49', 'R$\u00a065,41']) {
    await expect(card).toContainText(figure)
  }
  expect(await pageWidth(workspace)).toBeLessThanOrEqual(375)
  await organizer.close()
})

test('a declined card, then Pix (CARD-21, CARD-28)', async ({ page, browser }) => {
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Organizadora do Cartão' })
  const eventId = await eventTakingCards(organizer.request)
  await organizer.close()

  await signedInUser(page, { displayName: 'Vera Recusa Dias' })
  await page.goto(`/inscricao/${eventId}`)
  await fillAthlete(page)
  await page
    .getByRole('radiogroup', { name: 'Forma de pagamento' })
    .getByRole('radio', { name: /^Cartão de crédito/ })
    .check()
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
  await expect(page).toHaveURL(/\/_mp-sandbox\/checkout\//)
  await page.getByRole('button', { name: 'Recusar' }).click()
  await expect(page.getByRole('alert')).toContainText('Pagamento recusado pelo cartão: nada foi cobrado.')
  await page.getByRole('button', { name: 'Pagar com Pix' }).click()
  await expect(page.getByRole('img', { name: 'QR code do Pix do pedido' })).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(375)
})

test('a Pix order switches to the card and back to Pix (CARD-21, CARD-28)', async ({ page, browser }) => {
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Organizadora do Cartão' })
  const eventId = await eventTakingCards(organizer.request)
  await organizer.close()

  await signedInUser(page, { displayName: 'Rita Troca Lima' })
  await page.goto(`/inscricao/${eventId}`)
  await fillAthlete(page)
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
  await expect(page.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeVisible()

  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await expect(page).toHaveURL(/\/_mp-sandbox\/checkout\//)
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Pague com cartão para confirmar' })).toBeVisible()
  await page.getByRole('button', { name: 'Pagar com Pix' }).click()
  await expect(page.getByRole('img', { name: 'QR code do Pix do pedido' })).toBeVisible()
})
