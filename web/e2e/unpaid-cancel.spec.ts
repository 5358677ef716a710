import { expect, phone, test } from './fixtures'
import { createUser, signedInUser } from './accounts'
import { violations } from './axe'
import { cpfDigits } from './cpf'
import { createEvent, marker, nextYear, sellThroughPelotao } from './events'
import { orderRita } from './orders'
import type { APIRequestContext, Browser, Page } from '@playwright/test'

// A buyer cancels an order not paid, on a 375 px phone against the real server and the Pix sandbox
// (docs/requirements.md REG-170..REG-173): from the order page, which frees the slot it held, and from
// "Minhas inscrições" when three unpaid orders keep the form from taking a fourth.

test.use({ viewport: phone, hasTouch: true })

/** An event sold through Pelotão by a new organizer (one lot of R$ 89,90, 10 km with 20 slots). */
async function eventWithSlots(browser: Browser) {
  const organizer = (await browser.newContext()).request
  await createUser(organizer, { displayName: 'Olga Organizadora' })
  const id = await createEvent(organizer, {
    titulo: `Corrida do Pedido Cancelado ${marker()}`,
    dataEvento: nextYear(9, 7),
    km: [10],
  })
  await sellThroughPelotao(organizer, id)
  const doc = (await (await organizer.get(`/api/events/${id}`)).json()) as { modalidades: Record<string, unknown>[] }
  const res = await organizer.put(`/api/events/${id}`, {
    data: { ...doc, modalidades: doc.modalidades.map((m) => ({ ...m, vagas: 20 })) },
  })
  expect(res.status(), await res.text()).toBe(200)
  return id
}

/** The 10 km's vagasRestantes as GET /api/events/{id}/inscricao counts it now. */
async function slotsLeft(request: APIRequestContext, eventId: string) {
  const offer = (await (await request.get(`/api/events/${eventId}/inscricao`)).json()) as {
    modalidades: { vagasRestantes: number | null }[]
  }
  return offer.modalidades[0]!.vagasRestantes
}

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Cancelar pedido?' })

test('the buyer cancels an unpaid order from its page and its slot is offered again (REG-170, REG-173)', async ({
  page,
  browser,
}) => {
  test.slow() // two accounts, an event and two orders are made through the real server
  const eventId = await eventWithSlots(browser)
  const runner = await signedInUser(page, { displayName: 'Rita Corredora' })
  expect(await slotsLeft(page.request, eventId)).toBe(20)
  const order = await orderRita(page.request, eventId, '529982247', runner.email)
  expect(await slotsLeft(page.request, eventId)).toBe(19)

  await page.goto(`/inscricao/${eventId}/pedido/${order.id}`)
  await expect(page.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar pedido' }).tap()
  await expect(dialog(page)).toHaveAccessibleDescription(
    /A vaga reservada para este pedido será liberada .* Nada foi cobrado\./,
  )
  await expect(dialog(page).getByRole('button', { name: 'Manter pedido' })).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])
  await dialog(page).getByRole('button', { name: 'Cancelar pedido' }).tap()

  await expect(page.getByRole('heading', { name: 'Pedido cancelado' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Fazer uma nova inscrição' })).toHaveAttribute(
    'href',
    `/inscricao/${eventId}`,
  )
  await expect(page.getByRole('button', { name: 'Simular pagamento' })).toHaveCount(0)
  expect(await slotsLeft(page.request, eventId)).toBe(20)
  expect(await violations(page)).toEqual([])

  // REG-170: cancelled from another tab (the same account's request), the open page shows it at its next read.
  const other = await orderRita(page.request, eventId, '111444777', runner.email)
  await page.goto(`/inscricao/${eventId}/pedido/${other.id}`)
  await expect(page.getByRole('button', { name: 'Simular pagamento' })).toBeVisible()
  const cancelled = await page.request.post(`/api/pedidos/${other.id}/cancelar`)
  expect(cancelled.status(), await cancelled.text()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Pedido cancelado' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Simular pagamento' })).toHaveCount(0)
  expect(await slotsLeft(page.request, eventId)).toBe(20)
})

test.describe(() => {
  // The fourth order's 409 is the answer under test: the browser logs every 4xx it loads.
  test.use({ allowConsoleErrors: [/status of 409/] })

  test('three unpaid orders: the fourth is refused with a link to Minhas inscrições, where one is cancelled, and then made (REG-171, REG-172, REG-173)', async ({
    page,
    browser,
  }) => {
    test.slow() // two accounts, an event and four orders are made through the real server
    const eventId = await eventWithSlots(browser)
    const runner = await signedInUser(page, { displayName: 'Rita Corredora' })
    for (const cpf of ['529982247', '111444777', '123456789']) await orderRita(page.request, eventId, cpf, runner.email)

    await page.goto(`/inscricao/${eventId}`)
    const athlete = page.getByRole('group', { name: 'Atleta 1', exact: true })
    await expect(athlete.getByLabel('Nome completo', { exact: true })).toHaveValue('Rita Corredora')
    const cpf = cpfDigits('987654321')
    await athlete.getByLabel('CPF', { exact: true }).fill(cpf)
    await athlete.getByLabel('Data de nascimento', { exact: true }).fill('20/05/1990')
    await athlete.getByRole('radio', { name: 'Feminino' }).check()
    await athlete.getByLabel('Celular com DDD', { exact: true }).fill('(85) 99876-5432')
    await athlete.getByLabel('Modalidade', { exact: true }).selectOption('10 km')
    await athlete.getByLabel('Tamanho da camiseta', { exact: true }).selectOption('M')
    await athlete.getByLabel('Nome do contato', { exact: true }).fill('José Corredor')
    await athlete.getByLabel('Telefone do contato', { exact: true }).fill('(85) 3333-4444')
    await athlete.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).tap()

    // REG-172: the server's text, and the way to the orders that hold the limit.
    const banner = page.getByRole('alert').filter({ hasText: 'Você já tem 3 pedidos aguardando pagamento.' })
    await expect(banner).toBeFocused()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await banner.getByRole('link', { name: 'Ver meus pedidos em Minhas inscrições' }).tap()

    // REG-171: one of them cancelled in "Minhas inscrições".
    const mine = page.getByRole('region', { name: 'Minhas inscrições' })
    await expect(mine.getByText('Situação: Aguardando pagamento')).toHaveCount(3)
    const first = mine.getByRole('listitem').filter({ hasText: 'Situação: Aguardando pagamento' }).first()
    await first.getByRole('button', { name: 'Cancelar pedido' }).tap()
    await expect(dialog(page)).toHaveAccessibleDescription(/Nada foi cobrado\./)
    await dialog(page).getByRole('button', { name: 'Cancelar pedido' }).tap()
    await expect(mine.getByText('Situação: Cancelada')).toHaveCount(1)
    await expect(mine.getByText('Situação: Aguardando pagamento')).toHaveCount(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    expect(await violations(page)).toEqual([])

    // Back on the form, everything typed is there, and the fourth order is made.
    await page.goBack()
    await expect(athlete.getByLabel('CPF', { exact: true })).toHaveValue(/987\.?654\.?321-?\d\d/)
    await expect(athlete.getByLabel('Nome do contato', { exact: true })).toHaveValue('José Corredor')
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).tap()
    await expect(page.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeVisible()
    expect(await slotsLeft(page.request, eventId)).toBe(17)
  })
})
