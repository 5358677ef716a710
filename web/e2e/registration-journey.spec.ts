import { request as newRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import type { Event, EventSummary } from '../src/lib/events/event'
import { createUser, demoOrganizer, signedInUser, signIn } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'
import constants from '../../internal/registration/constants.json' with { type: 'json' }

// Issue 29's whole journey on a 375 px phone, against the real binary with the Pix sandbox (docs/requirements.md
// REG-157..REG-159): a visitor registers two athletes in the demo event sold in Pelotão (REG-155), signing up
// on the form itself, pays with "Simular pagamento" and reads the codes; the demo organizer finds both in
// Inscritos and at the kit desk; a second visitor reads "esgotado" for a modality whose last slot went while
// they typed. Specs run in parallel on one server: the athletes (their CPFs and family name) are this test's
// own, and the sold-out modality is on an event this test creates.

test.use({ viewport: phone, hasTouch: true })

type Offer = { aberta: boolean; modalidades: { nome: string; valor: number | null; vagasRestantes: number | null }[] }

/** The demo organizer's upcoming event sold in Pelotão, with its offer now. */
async function demoSoldEvent(baseURL: string | undefined): Promise<{ event: Event; offer: Offer }> {
  const api = await newRequest.newContext({ baseURL })
  try {
    expect((await api.post('/api/auth/login', { data: demoOrganizer })).status()).toBe(200)
    const listed = (await (await api.get('/api/events?limit=500&owner=me&when=upcoming')).json()) as {
      events: EventSummary[]
    }
    const events = await Promise.all(
      listed.events.map(async (e) => (await (await api.get(`/api/events/${e.id}`)).json()) as Event),
    )
    const event = events.find((e) => e.inscricoes.modo === 'pelotao')
    expect(event, 'an upcoming demo event sold in Pelotão').toBeDefined()
    const offer = (await (await api.get(`/api/events/${event!.id}/inscricao`)).json()) as Offer
    return { event: event!, offer }
  } finally {
    await api.dispose()
  }
}

/** A valid CPF no other test uses: nine random digits and their check digits. */
function randomCpf() {
  return cpfDigits(String(Math.floor(100_000_000 + Math.random() * 899_999_999)))
}

const athlete = (page: Page, n: number) => page.getByRole('group', { name: `Atleta ${n}`, exact: true })
const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v)
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true })

type Athlete = {
  nome: string
  cpf: string
  nascimento: string
  sexo: 'Feminino' | 'Masculino'
  email: string
  percurso: string
  camiseta: string
}

async function fillAthlete(scope: Locator, a: Athlete) {
  await field(scope, 'Nome completo').fill(a.nome)
  await field(scope, 'CPF').fill(a.cpf)
  await field(scope, 'Data de nascimento').fill(a.nascimento)
  await scope.getByRole('radio', { name: a.sexo }).check()
  await field(scope, 'E-mail').fill(a.email)
  await field(scope, 'Celular com DDD').fill('(81) 98765-4321')
  await field(scope, 'Modalidade').selectOption(a.percurso)
  await field(scope, 'Tamanho da camiseta').selectOption(a.camiseta)
  await field(scope, 'Nome do contato').fill('Rosa Moura')
  await field(scope, 'Telefone do contato').fill('(81) 3333-4444')
  await scope.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()
}

/** What the athlete's fields hold now, to compare before and after something that must keep them. */
async function fieldsOf(scope: Locator) {
  const labels = [
    'Nome completo',
    'CPF',
    'Data de nascimento',
    'E-mail',
    'Celular com DDD',
    'Modalidade',
    'Tamanho da camiseta',
    'Nome do contato',
    'Telefone do contato',
  ]
  return Promise.all(labels.map(async (l) => `${l}: ${await field(scope, l).inputValue()}`))
}

test('a visitor registers two athletes in the demo event, signs up on the form, pays in the sandbox; the organizer sees both in Inscritos and the kit desk finds one by its code (REG-75, REG-78, REG-81, REG-141, REG-144, REG-156, REG-157, REG-158)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000) // a whole purchase, then two of the organizer's pages, on a shared machine
  const { event, offer } = await demoSoldEvent(baseURL)
  expect(offer.aberta, 'the demo event sells today').toBe(true)
  const price = (nome: string) => offer.modalidades.find((m) => m.nome === nome)!.valor!
  const familia = marker()
  const ana: Athlete = {
    nome: `Ana Beatriz ${familia}`,
    cpf: randomCpf(),
    nascimento: '14/02/1991',
    sexo: 'Feminino',
    email: `ana.${familia.toLowerCase()}@exemplo.com.br`,
    percurso: '10 km',
    camiseta: 'P',
  }
  // 60 or more on the day of registering: half price (REG-19), whatever year the test runs in.
  const severino: Athlete = {
    nome: `Severino ${familia}`,
    cpf: randomCpf(),
    nascimento: `03/07/${new Date().getFullYear() - 66}`,
    sexo: 'Masculino',
    email: `severino.${familia.toLowerCase()}@exemplo.com.br`,
    percurso: 'Caminhada 3 km',
    camiseta: 'GG',
  }

  // The event page sells through the form, in the same tab.
  await page.goto(`/event/${event.id}`)
  await page.getByRole('button', { name: 'Inscreva-se Agora' }).tap()
  await expect(page).toHaveURL(`/inscricao/${event.id}`)

  const first = athlete(page, 1)
  await fillAthlete(first, ana)
  await page.getByRole('button', { name: 'Adicionar atleta' }).click()
  const second = athlete(page, 2)
  await fillAthlete(second, severino)
  // The event's own shirt sizes are offered.
  await expect(field(second, 'Tamanho da camiseta').getByRole('option')).toHaveText([
    'Selecione',
    ...event.inscricoes.tamanhosCamiseta,
  ])
  const typed = [await fieldsOf(first), await fieldsOf(second)]
  const total = price(ana.percurso) + price(severino.percurso) / 2
  // A visitor sees the total estimated from the offer (REG-294); the quote is the server's, once signed in.
  const summary = page.getByRole('region', { name: 'Resumo do pedido' })
  await expect(summary).toContainText(`Total estimado (confirmado após entrar)${money(total)}`)

  // Signing up on the page itself keeps every field as typed.
  const account = page.getByRole('region', { name: 'Entre ou crie sua conta para concluir' })
  await account.getByRole('tab', { name: 'Cadastrar' }).click()
  await field(account, 'Nome').fill(`Ana ${familia}`)
  await field(account, 'Email').fill(`compradora.${familia.toLowerCase()}@exemplo.com.br`)
  await field(account, 'Senha').fill('Pedal-Forte-2026')
  await field(account, 'Confirmar Senha').fill('Pedal-Forte-2026')
  await account.getByRole('button', { name: 'Cadastrar e continuar' }).click()
  const submit = page.getByRole('button', { name: 'Continuar para o pagamento' })
  await expect(submit).toBeVisible()
  expect([await fieldsOf(first), await fieldsOf(second)]).toEqual(typed)
  await expect(summary).toContainText(`Total${money(total)}`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

  // The order, paid in the sandbox: the confirmation and one code per athlete.
  await submit.click()
  await expect(page).toHaveURL(new RegExp(`/inscricao/${event.id}/pedido/[^/]+$`))
  await expect(page.getByText(money(total)).first()).toBeVisible()
  await page.getByRole('button', { name: 'Simular pagamento' }).click()
  await expect(page.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Inscrições do pedido' }).getByRole('listitem')
  await expect(cards).toHaveCount(2)
  const codes: Record<string, string> = {}
  for (const a of [ana, severino]) {
    const card = cards.filter({ hasText: a.nome })
    codes[a.nome] = (await card.locator('.font-mono').textContent())!.trim()
    expect(codes[a.nome]).toMatch(/^[2-9A-HJ-NP-Z]{10}$/)
    await expect(card.getByRole('img', { name: `QR code da inscrição ${codes[a.nome]}` })).toBeVisible()
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

  // The demo organizer finds both among the event's Inscritos, sold here, beside the imported ones.
  const organizer = await browser.newContext({ viewport: phone, hasTouch: true })
  const desk = await organizer.newPage()
  await signIn(desk, demoOrganizer)
  await desk.goto(`/dashboard/eventos/${event.id}`)
  await expect(desk.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')
  await desk.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito, e-mail ou código' }).fill(familia)
  await expect(desk.getByText('2 inscritos encontrados')).toBeVisible()
  const list = desk.getByRole('region', { name: 'Inscritos', exact: true })
  for (const a of [ana, severino]) await expect(list.getByRole('button', { name: a.nome })).toBeVisible()

  // The kit desk finds Severino by his code, with the 60+ check.
  await desk.goto(`/retirada/${event.id}`)
  await desk.getByLabel('Nome do balcão').fill('Balcão 1')
  await desk.getByRole('button', { name: 'Começar' }).click()
  await desk.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' }).fill(codes[severino.nome]!)
  const card = desk.getByRole('button', { name: new RegExp(severino.nome) })
  await expect(card).toContainText(`Código ${codes[severino.nome]}`)
  await expect(card).toContainText('60+: conferir documento')
  await expect(desk.getByRole('button', { name: new RegExp(ana.nome) })).toHaveCount(0)
  await organizer.close()
})

/** An event sold in Pelotão whose 5 km has one slot (the 10 km has no limit), owned by a new organizer. */
async function oneSlotEvent(browser: Browser): Promise<string> {
  const organizer = await browser.newContext()
  await createUser(organizer.request, { displayName: 'Organizadora da Vaga Única' })
  const id = await createEvent(organizer.request, {
    titulo: `Corrida da Última Vaga ${marker()}`,
    dataEvento: `${new Date().getFullYear() + 1}-08-16`,
    km: [5, 10],
  })
  const doc = (await (await organizer.request.get(`/api/events/${id}`)).json()) as Event
  const res = await organizer.request.put(`/api/events/${id}`, {
    data: {
      ...doc,
      modalidades: doc.modalidades.map((m) => ({ ...m, vagas: m.nome === '5 km' ? 1 : null })),
      inscricoes: {
        ...doc.inscricoes,
        ativas: true,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [{ nome: 'Lote Único', valor: 70, maxVagas: null, dataLimite: '', valoresPorModalidade: [] }],
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  await organizer.close()
  return id
}

/** Another buyer takes the event's 5 km slot through the API. */
async function takeTheSlot(request: APIRequestContext, eventId: string) {
  await createUser(request, { displayName: 'Comprador Mais Rápido' })
  const res = await request.post(`/api/events/${eventId}/pedidos`, {
    data: {
      atletas: [
        {
          nome: 'Comprador Mais Rápido',
          documento: { tipo: 'cpf', numero: randomCpf() },
          nascimento: '1988-10-10',
          sexo: 'M',
          email: 'rapido@exemplo.com.br',
          celular: '(81) 99999-0000',
          percurso: '5 km',
          camiseta: 'M',
          contatoEmergencia: { nome: 'Contato Rápido', telefone: '(81) 3333-0000' },
          aceiteRegulamento: true,
        },
      ],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test.describe(() => {
  // The refusal under test is a 409, which the browser logs as it loads it.
  test.use({ allowConsoleErrors: [/status of 409/] })

  test("a second visitor whose modality's last slot went while they typed reads that it is sold out, keeps what was typed, and then sees it marked esgotada (REG-74, REG-159)", async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = await oneSlotEvent(browser)
    await signedInUser(page, { displayName: 'Bruna Segunda' })
    await page.goto(`/inscricao/${id}`)
    const first = athlete(page, 1)
    const bruna: Athlete = {
      nome: 'Bruna Segunda Lima',
      cpf: randomCpf(),
      nascimento: '21/09/1995',
      sexo: 'Feminino',
      email: 'bruna.segunda@exemplo.com.br',
      percurso: '5 km',
      camiseta: 'M',
    }
    await fillAthlete(first, bruna)
    const typed = await fieldsOf(first)
    // The server quoted the order while the slot was there; then another buyer takes it.
    await expect(page.getByRole('region', { name: 'Resumo do pedido' })).toContainText(`Total${money(70)}`)

    const rival = await newRequest.newContext({ baseURL })
    await takeTheSlot(rival, id)
    await rival.dispose()

    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
    await expect(page.getByText(constants.motivos.modalidadeEsgotada)).toBeVisible()
    await expect(page).toHaveURL(`/inscricao/${id}`)
    expect(await fieldsOf(first)).toEqual(typed)

    // Read again, the offer marks the 5 km sold out and lets the 10 km be chosen.
    await page.reload()
    const modalidade = field(first, 'Modalidade')
    await expect(modalidade.getByRole('option', { name: /^5 km .*\(esgotada\)$/ })).toBeDisabled()
    await expect(modalidade.getByRole('option', { name: /^10 km/ })).toBeEnabled()
    const offer = (await (await page.request.get(`/api/events/${id}/inscricao`)).json()) as Offer
    expect(offer.modalidades.map((m) => [m.nome, m.vagasRestantes])).toEqual([
      ['5 km', 0],
      ['10 km', null],
    ])
  })
})
