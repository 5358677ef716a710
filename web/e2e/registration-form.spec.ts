import { expect, phone, test } from './fixtures'
import { createUser, signedInUser } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, marker } from './events'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import documento from '../../internal/participant/documento.json' with { type: 'json' }
import constants from '../../internal/registration/constants.json' with { type: 'json' }

// The registration form /inscricao/{eventId} (docs/requirements.md REG-70..REG-79) on a 375 px
// phone, against the real binary with the PSP sandbox: an event sold by Pelotão is made for each
// test through the API, with two modalities priced apart.

test.use({ viewport: phone, hasTouch: true })

function nextYear(month: number, day: number) {
  return `${new Date().getFullYear() + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** An event Pelotão sells: 10 km at R$ 120 and 5 km at R$ 80 in its first lot. */
async function soldEvent(request: APIRequestContext) {
  const id = await createEvent(request, {
    titulo: `Corrida da Inscrição ${marker()}`,
    dataEvento: nextYear(9, 20),
    km: [10, 5],
  })
  const event = await (await request.get(`/api/events/${id}`)).json()
  const res = await request.put(`/api/events/${id}`, {
    data: {
      ...event,
      regulamentoUrl: 'https://exemplo.com.br/regulamento.pdf',
      inscricoes: {
        ...event.inscricoes,
        ativas: true,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [
          {
            nome: '1º Lote',
            valor: 80,
            maxVagas: null,
            dataLimite: nextYear(8, 31),
            valoresPorModalidade: [{ modalidadeNome: '10 km', valor: 120 }],
          },
        ],
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  return id
}

/** The order's page (built apart: this spec only checks that the form goes there). */
const orderPage = (eventId: string) => new RegExp(`/inscricao/${eventId}/pedido/[^/]+$`)

/** Every path the page shows from now on, in order: the form's last step is where it went. */
function paths(page: Page) {
  const seen: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname)
  })
  return seen
}
const athlete = (page: Page, n: number) => page.getByRole('group', { name: `Atleta ${n}`, exact: true })
const summary = (page: Page) => page.getByRole('region', { name: 'Resumo do pedido' })
const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v)

type Athlete = {
  nome?: string
  cpf: string
  nascimento: string
  sexo: 'Feminino' | 'Masculino'
  celular: string
  percurso: string
  camiseta: string
}

async function fillAthlete(scope: Locator, a: Athlete) {
  if (a.nome) await scope.getByLabel('Nome completo', { exact: true }).fill(a.nome)
  await scope.getByLabel('CPF', { exact: true }).fill(a.cpf)
  await scope.getByLabel('Data de nascimento', { exact: true }).fill(a.nascimento)
  await scope.getByRole('radio', { name: a.sexo }).check()
  await scope.getByLabel('Celular com DDD', { exact: true }).fill(a.celular)
  await scope.getByLabel('Modalidade', { exact: true }).selectOption(a.percurso)
  await scope.getByLabel('Tamanho da camiseta', { exact: true }).selectOption(a.camiseta)
  await scope.getByLabel('Nome do contato', { exact: true }).fill('Carlos Lima')
  await scope.getByLabel('Telefone do contato', { exact: true }).fill('(11) 3333-4444')
  await scope.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()
}

test.describe(() => {
  // The coupon's 422 is the answer under test: the browser logs every 4xx it loads.
  test.use({ allowConsoleErrors: [/status of 422/] })

  test('a signed-in runner registers two athletes: pre-filled, quoted by the server, a bad CPF beside its field, then the order (REG-71, REG-72, REG-73, REG-74, REG-78)', async ({
    page,
  }) => {
    const runner = await signedInUser(page, { displayName: 'Maria Corredora' })
    const id = await soldEvent(page.request)

    // The event page sells through the form, in the same tab, with the lot the server counts.
    await page.goto(`/event/${id}`)
    const sidebar = page.getByRole('complementary', { name: 'Inscrições e informações práticas' })
    await expect(sidebar.getByText('1º Lote')).toBeVisible()
    await expect(sidebar.getByText(money(120))).toBeVisible()
    await page.getByRole('button', { name: 'Inscreva-se Agora' }).tap()
    await expect(page).toHaveURL(`/inscricao/${id}`)

    const first = athlete(page, 1)
    await expect(first.getByLabel('Nome completo', { exact: true })).toHaveValue('Maria Corredora')
    await expect(first.getByLabel('E-mail', { exact: true })).toHaveValue(runner.email)
    await first.getByLabel('Nome completo', { exact: true }).fill('Maria Corredora Silva')
    await fillAthlete(first, {
      cpf: cpfDigits('529982247'),
      nascimento: '12/05/1990',
      sexo: 'Feminino',
      celular: '(11) 98765-4321',
      percurso: '10 km',
      camiseta: 'M',
    })
    await expect(summary(page)).toContainText(money(120))

    await page.getByRole('button', { name: 'Adicionar atleta' }).click()
    const second = athlete(page, 2)
    await expect(second.getByLabel('Nome completo', { exact: true })).toBeFocused()
    const badCpf = `${cpfDigits('111444777').slice(0, 10)}${(Number(cpfDigits('111444777')[10]) + 1) % 10}`
    await fillAthlete(second, {
      nome: 'João Pedro Silva',
      cpf: badCpf,
      nascimento: '02/03/2012',
      sexo: 'Masculino',
      celular: '11 91234-5678',
      percurso: '10 km',
      camiseta: 'P',
    })
    // Under 18 on the race day: the guardian's fields appear, for João only (REG-252).
    await expect(first.getByRole('group', { name: 'Responsável legal' })).toHaveCount(0)
    await second.getByLabel('Nome completo do responsável', { exact: true }).fill('Ana Paula Silva')
    await second.getByLabel('CPF do responsável', { exact: true }).fill(cpfDigits('390533447'))

    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
    const cpf = second.getByLabel('CPF', { exact: true })
    await expect(cpf).toBeFocused()
    await expect(cpf).toHaveAccessibleDescription(documento.messages.cpfDigitos)
    await expect(page).toHaveURL(`/inscricao/${id}`)

    await cpf.fill(cpfDigits('111444777'))
    await expect(cpf).not.toHaveAttribute('aria-invalid')
    await expect(summary(page)).toContainText(`Total${money(240)}`)
    // The quote follows the choices: the 5 km costs less.
    await second.getByLabel('Modalidade', { exact: true }).selectOption('5 km')
    await expect(summary(page)).toContainText(`Total${money(200)}`)

    // A refusal only the server knows (the coupon) is shown beside its field too.
    await page.getByLabel('Cupom de desconto (opcional)').fill('NAOEXISTE')
    await expect(page.getByLabel('Cupom de desconto (opcional)')).toHaveAccessibleDescription(
      constants.messages.cupomInvalido,
    )
    await page.getByLabel('Cupom de desconto (opcional)').fill('')
    await expect(summary(page)).toContainText(`Total${money(200)}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

    const created = page.waitForResponse(
      (r) => r.url().endsWith(`/api/events/${id}/pedidos`) && r.request().method() === 'POST',
    )
    const idempotent = created.then((r) => r.request().headers()['idempotency-key'])
    const landed = page.waitForURL(orderPage(id), { waitUntil: 'commit' })
    const seen = paths(page)
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
    expect((await created).status()).toBe(201)
    const orderId = ((await (await created).json()) as { id: string }).id
    await landed
    expect(seen).toContain(`/inscricao/${id}/pedido/${orderId}`)
    expect(await idempotent).toBeTruthy()
    const order = await (await page.request.get(`/api/pedidos/${orderId}`)).json()
    expect(order.total).toBe(200)
    expect(order.inscricoes.map((i: { nome: string; percurso: string }) => [i.nome, i.percurso])).toEqual([
      ['Maria Corredora Silva', '10 km'],
      ['João Pedro Silva', '5 km'],
    ])
  })
})

test('a visitor fills the form with the keyboard, signs up inline and keeps what was typed, even across a reload (REG-75, REG-76, REG-79)', async ({
  page,
  browser,
}) => {
  const organizer = await browser.newContext()
  const organizerPage = await organizer.newPage()
  await createUser(organizerPage.request)
  const id = await soldEvent(organizerPage.request)
  await organizer.close()
  // The visitor signs up with the form below, as a new person would.
  const email = `visita.${marker().toLowerCase()}@exemplo.com.br`

  await page.goto(`/inscricao/${id}`)
  const first = athlete(page, 1)
  await first.getByLabel('Nome completo', { exact: true }).focus()
  await page.keyboard.type('Rita de Cássia Alves')
  await page.keyboard.press('Tab') // the document's type: CPF
  await page.keyboard.press('Tab')
  await page.keyboard.type(cpfDigits('390533447'))
  await page.keyboard.press('Tab')
  await page.keyboard.type('07/08/1985')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space') // Feminino
  await page.keyboard.press('Tab')
  await page.keyboard.type('rita@exemplo.com.br')
  await page.keyboard.press('Tab')
  await page.keyboard.type('21987654321')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown') // 10 km
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown') // the first size
  await page.keyboard.press('Tab')
  await page.keyboard.type('Assessoria Maré')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Paulo Alves')
  await page.keyboard.press('Tab')
  await page.keyboard.type('21 3333-2222')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  const typed = {
    'Nome completo': 'Rita de Cássia Alves',
    // As the masks show what was typed (REG-292).
    CPF: cpfDigits('390533447').replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
    'Data de nascimento': '07/08/1985',
    'E-mail': 'rita@exemplo.com.br',
    'Celular com DDD': '(21) 98765-4321',
    Modalidade: '10 km',
    'Tamanho da camiseta': 'PP',
    'Equipe ou assessoria (opcional)': 'Assessoria Maré',
    'Nome do contato': 'Paulo Alves',
    'Telefone do contato': '(21) 3333-2222',
  }
  for (const [label, value] of Object.entries(typed))
    await expect(first.getByLabel(label, { exact: true })).toHaveValue(value)
  await expect(first.getByRole('radio', { name: 'Feminino' })).toBeChecked()
  await expect(first.getByRole('checkbox', { name: 'Li e aceito o regulamento' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toHaveCount(0)
  // A reload keeps the draft (REG-79).
  await page.reload()
  for (const [label, value] of Object.entries(typed))
    await expect(first.getByLabel(label, { exact: true })).toHaveValue(value)

  const account = page.getByRole('region', { name: 'Entre ou crie sua conta para concluir' })
  await account.getByRole('tab', { name: 'Cadastrar' }).focus()
  await page.keyboard.press('Enter')
  await account.getByLabel('Nome', { exact: true }).focus()
  await page.keyboard.type('Rita Alves')
  await page.keyboard.press('Tab')
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Pedal-Forte-2026')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Pedal-Forte-2026')
  await page.keyboard.press('Enter')

  // Signed in on the same page: nothing typed was lost, not even the name the account has another of.
  const submit = page.getByRole('button', { name: 'Continuar para o pagamento' })
  await expect(submit).toBeFocused()
  for (const [label, value] of Object.entries(typed))
    await expect(first.getByLabel(label, { exact: true })).toHaveValue(value)
  await expect(summary(page)).toContainText(`Total${money(120)}`)
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${id}/pedidos`) && r.request().method() === 'POST',
  )
  const landed = page.waitForURL(orderPage(id), { waitUntil: 'commit' })
  const seen = paths(page)
  await page.keyboard.press('Enter')
  const orderId = ((await (await created).json()) as { id: string }).id
  await landed
  expect(seen).toContain(`/inscricao/${id}/pedido/${orderId}`)
  // The order exists: the draft is forgotten.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), `pelotao:inscricao:${id}`)).toBeNull()
})

test('a closed offer shows why and no form (REG-77)', async ({ page }) => {
  await signedInUser(page)
  const id = await createEvent(page.request, {
    titulo: `Corrida Fechada ${marker()}`,
    dataEvento: nextYear(10, 4),
    km: [5],
  })
  const event = await (await page.request.get(`/api/events/${id}`)).json()
  const res = await page.request.put(`/api/events/${id}`, {
    data: {
      ...event,
      inscricoes: {
        ...event.inscricoes,
        ativas: false,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [{ nome: 'Lote', valor: 50, maxVagas: null, dataLimite: '', valoresPorModalidade: [] }],
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  await page.goto(`/inscricao/${id}`)
  await expect(page.getByRole('status')).toHaveText(constants.motivos.fechadas)
  await expect(page.getByRole('form', { name: 'Inscrição' })).toHaveCount(0)
})
