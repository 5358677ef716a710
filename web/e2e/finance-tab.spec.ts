import type { APIRequestContext, Page } from '@playwright/test'
import { createUser, mailsTo, signedInUser, uniqueEmail } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'

// The Financeiro tab against the real server and its Pix sandbox (docs/requirements.md REG-130..REG-139):
// an athlete buys and pays through the sandbox, the organizer sees the money and the order on a 375 px
// phone and refunds part of it. The server runs with PELOTAO_PIX_SANDBOX=1 (playwright.config.ts).

test.use({ viewport: phone, hasTouch: true })

const nextYear = (month: number, day: number) =>
  `${new Date().getFullYear() + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** An event of the signed-in organizer sold by Pelotão: 10 km, one lot at R$ 120,00. */
async function eventSoldHere(request: APIRequestContext): Promise<string> {
  const id = await createEvent(request, {
    titulo: `Corrida do Caixa ${marker()}`,
    dataEvento: nextYear(9, 20),
    km: [10],
  })
  const event = await (await request.get(`/api/events/${id}`)).json()
  const saved = await request.put(`/api/events/${id}`, {
    data: {
      ...event,
      inscricoes: {
        ...event.inscricoes,
        ativas: true,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [{ nome: '1º Lote', valor: 120, maxVagas: null, dataLimite: '', valoresPorModalidade: [] }],
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return id
}

/** Buys one registration as `buyer` (POST /api/events/{id}/pedidos) and pays it in the sandbox. */
async function buyAndPay(buyer: APIRequestContext, eventId: string, nome: string) {
  const created = await buyer.post(`/api/events/${eventId}/pedidos`, {
    data: {
      atletas: [
        {
          nome,
          documento: { tipo: 'cpf', numero: cpfDigits(String(100_000_000 + Math.floor(Math.random() * 800_000_000))) },
          nascimento: '1988-03-14',
          sexo: 'F',
          email: 'atleta@exemplo.com.br',
          celular: '(41) 99876-5432',
          percurso: '10 km',
          camiseta: 'M',
          contatoEmergencia: { nome: 'José Araújo', telefone: '(41) 3333-4444' },
          aceiteRegulamento: true,
        },
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const order = (await created.json()) as { id: string; total: number; pix: { txid: string } }
  expect(order.total).toBe(120)
  const paid = await buyer.post(`/_pix-sandbox/simular/${order.pix.txid}`)
  expect(paid.status(), await paid.text()).toBe(200)
  // The sandbox's webhook confirms the order once the server has read the charge back.
  await expect.poll(async () => (await (await buyer.get(`/api/pedidos/${order.id}`)).json()).status).toBe('pago')
  return order.id
}

test('the organizer sees a paid order in Financeiro and refunds part of it (REG-131, REG-133, REG-134, REG-138, REG-139)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await signedInUser(page)
  const eventId = await eventSoldHere(page.request)

  const buyerContext = await browser.newContext()
  try {
    await createUser(buyerContext.request, { displayName: 'Conceição Araújo' })
    await buyAndPay(buyerContext.request, eventId, 'Conceição Araújo')
  } finally {
    await buyerContext.close()
  }

  // The workspace's first tab loads none of the Financeiro tab's code (REG-139).
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto(`/dashboard/eventos/${eventId}`)
  await expect(page.getByRole('heading', { name: 'Lista de inscritos' })).toBeVisible()
  expect(scripts.filter((s) => /FinanceTab/.test(s))).toEqual([])

  await page.getByRole('tab', { name: 'Financeiro' }).click()
  await expect(page).toHaveURL(/aba=financeiro/)
  const received = page.locator('dt', { hasText: 'Recebido (bruto)' }).locator('+ dd')
  await expect(received).toHaveText('R$\u00a0120,00')
  expect(scripts.some((s) => /FinanceTab/.test(s))).toBe(true)
  await expect(page.locator('dt', { hasText: 'Pedidos pagos' }).locator('+ dd')).toHaveText('1')
  await expect(page.getByRole('table', { name: 'Por modalidade' })).toContainText('10 km')
  await expect(page.getByRole('table', { name: 'Por lote' })).toContainText('1º Lote')
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
    'href',
    `/api/events/${eventId}/pedidos.csv`,
  )

  // The paid order, found by its athlete's name, filtered to paid orders.
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('pago')
  await page.getByRole('searchbox', { name: /Buscar por nome/ }).fill('Conceição')
  await expect(page.getByText('1 pedido encontrado')).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
  await page.getByRole('button', { name: 'Conceição Araújo' }).click()
  await expect(page.getByRole('heading', { name: 'Pedido de Conceição Araújo' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Histórico' })).toContainText('Pagamento confirmado')

  // A partial refund: asked once more with its amount, then sent.
  await page.getByRole('radio', { name: 'Valor parcial' }).check()
  await page.getByLabel('Valor a reembolsar (R$)', { exact: true }).fill('200')
  await page.getByRole('button', { name: 'Reembolsar' }).click()
  await expect(page.getByLabel('Valor a reembolsar (R$)', { exact: true })).toHaveAccessibleDescription(
    'O valor não pode passar de R$\u00a0120,00, o que resta deste pedido.',
  )
  await page.getByLabel('Valor a reembolsar (R$)', { exact: true }).fill('40,00')
  await page.getByRole('button', { name: 'Reembolsar' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Confirmar reembolso' })
  await expect(dialog).toContainText('Reembolsar R$\u00a040,00 de Conceição Araújo')
  await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Histórico' })).toContainText('R$\u00a040,00')
  await expect(page.getByText('Pode ser reembolsado: R$\u00a080,00.')).toBeVisible()

  // Part refunded, the order stays paid (its registration too); the money back counts once the
  // PSP says DEVOLVIDO (reconciliation reads it back).
  const order = await (await page.request.get(`/api/events/${eventId}/pedidos?q=Concei%C3%A7%C3%A3o`)).json()
  expect(order.pedidos[0]).toMatchObject({ status: 'pago', reembolsos: [expect.objectContaining({ valor: 40 })] })
  await expect
    .poll(async () => (await (await page.request.get(`/api/events/${eventId}/financeiro`)).json()).reembolsado, {
      timeout: 60_000,
    })
    .toBe(40)
  await page.reload()
  await expect(page.locator('dt', { hasText: /^Reembolsado$/ }).locator('+ dd')).toHaveText('R$\u00a040,00')
  await expect(page.locator('dt', { hasText: 'Líquido' }).locator('+ dd')).toHaveText('R$\u00a080,00')
})

test('a kit desk member sees no Financeiro tab and the server refuses it every money route (REG-130)', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000) // two people, a sign-up (argon2) and an e-mail read from the outbox
  await signedInUser(page)
  const eventId = await eventSoldHere(page.request)
  const email = uniqueEmail('balcao')
  const invited = await page.request.post(`/api/events/${eventId}/staff`, { data: { email, role: 'retirada' } })
  expect(invited.status(), await invited.text()).toBe(201)
  // Signing up with the invitation's token verifies the address, which makes the role take effect.
  let token = ''
  await expect
    .poll(
      () =>
        (token =
          mailsTo(email)
            .at(-1)
            ?.match(/convite=([\w-]+)/)?.[1] ?? ''),
      { message: `an invitation to ${email}` },
    )
    .not.toBe('')

  const deskContext = await browser.newContext({ viewport: phone, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  try {
    const signup = await deskContext.request.post('/api/auth/signup', {
      data: { email, password: 'Balcao-Forte-2026', displayName: 'Beatriz do Balcão', token },
    })
    expect(signup.status(), await signup.text()).toBe(201)
    const desk = await deskContext.newPage()
    await desk.goto(`/dashboard/eventos/${eventId}?aba=financeiro`)
    await expect(desk.getByText('Seu papel: Retirada de kits')).toBeVisible()
    await expect(desk.getByRole('tab')).toHaveText(['Inscritos', 'Retirada de kits'])
    await expect(desk.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
    for (const path of ['financeiro', 'pedidos', 'cupons', 'pedidos.csv']) {
      expect((await deskContext.request.get(`/api/events/${eventId}/${path}`)).status(), path).toBe(403)
    }
  } finally {
    await deskContext.close()
  }
})
