import AxeBuilder from '@axe-core/playwright'
import {
  request as newRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import { confirmEmail, createUser, signIn, uniqueEmail, type Credentials } from './accounts'
import { cpfDigits } from './cpf'
import { expect, phone, phoneAndDesktop, test } from './fixtures'

// The kit desk (/retirada/{eventId}) against the real binary: it keeps working with the network
// off after one visit, sends what it recorded when the network returns, two desks that hand out
// the same kit offline learn who won, and a retirada member never receives a full CPF.

test.use({
  viewport: phone,
  // Offline, the browser logs every request that could not leave (the desk retries them).
  allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|Failed to load resource/],
})

/** The calendar date `days` from today in São Paulo. */
function inDays(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const athletes = [
  { nome: 'João da Silva', cpf: cpfDigits('529982247'), peito: 101, camiseta: 'M' },
  { nome: 'Maria Conceição Peçanha', cpf: cpfDigits('111444777'), peito: 102, camiseta: 'P' },
  { nome: 'José Antônio Araújo', cpf: cpfDigits('390533447'), peito: 103, camiseta: 'G' },
  { nome: 'Ana Luíza Ferreira', cpf: cpfDigits('746971314'), peito: 104, camiseta: 'PP' },
  { nome: 'Carlos Eduardo Lima', cpf: cpfDigits('123456789'), peito: 105, camiseta: 'GG' },
]

type Seeded = { eventId: string; owner: APIRequestContext; staff: Credentials }

/** An event two days ahead, its participants imported, and a retirada member signed up. */
async function seed(baseURL: string | undefined): Promise<Seeded> {
  const owner = await newRequest.newContext({ baseURL })
  await createUser(owner, { displayName: 'Organizadora' })
  const created = await owner.post('/api/events', {
    data: {
      titulo: `Corrida do Balcão ${Date.now().toString(36)}`,
      dataEvento: inDays(2),
      status: 'Inscrições Abertas',
      local: { local: 'Ginásio', endereco: '', cidade: 'São Paulo', estado: 'SP' },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const eventId = ((await created.json()) as { id: string }).id

  const csv = [
    'Nome;CPF;Modalidade;Camiseta;Peito;Pago',
    ...athletes.map((a) => `${a.nome};${a.cpf};10 km;${a.camiseta};${a.peito};Sim`),
  ].join('\r\n')
  const imported = await owner.post(`/api/events/${eventId}/participants`, {
    multipart: { file: { name: 'inscritos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  })
  expect(imported.status(), await imported.text()).toBe(200)

  const email = uniqueEmail('balcao')
  const invited = await owner.post(`/api/events/${eventId}/staff`, { data: { email, role: 'retirada' } })
  expect(invited.status(), await invited.text()).toBeLessThan(300)
  const staffClient = await newRequest.newContext({ baseURL })
  const staff = await createUser(staffClient, { email, displayName: 'Voluntária do Balcão' })
  await confirmEmail(staffClient, email) // an invitation gives its role to a verified address only (TEAM-6)
  await staffClient.dispose()
  return { eventId, owner, staff }
}

/** Opens the desk in `page` as `staff`, names the desk and waits for the roster and the service worker. */
async function openDesk(page: Page, s: Seeded, balcao: string) {
  await signIn(page, s.staff)
  await page.goto(`/retirada/${s.eventId}`)
  await page.getByLabel('Nome do balcão').fill(balcao)
  await page.getByRole('button', { name: 'Começar' }).click()
  await expect(page.getByText(`0 de ${athletes.length} kits retirados`)).toBeVisible()
  // The page and its files are kept for the next visit once the worker has stored them.
  await expect
    .poll(
      () => page.evaluate(async () => (await caches.open('pelotao-retirada')).match(location.pathname).then(Boolean)),
      {
        message: 'the desk page kept by the service worker',
      },
    )
    .toBe(true)
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' })

async function pickUp(page: Page, query: string, nome: string) {
  await search(page).fill(query)
  await page.getByRole('button', { name: new RegExp(nome) }).click()
  await page.getByRole('button', { name: 'Confirmar retirada' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
}

type RosterAnswer = {
  participants: { nome: string; documento: { numero: string } | null; kitRetirado: { balcao: string } | null }[]
}

async function roster(client: APIRequestContext, eventId: string) {
  const res = await client.get(`/api/events/${eventId}/checkin/roster`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as RosterAnswer).participants
}

async function deskContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: phone,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
  })
}

test('a desk keeps working offline, even after a reload, and sends its pickups when the network returns', async ({
  page,
  context,
  baseURL,
}) => {
  const s = await seed(baseURL)
  await openDesk(page, s, 'Balcão 1')
  await expect(search(page)).toBeFocused()

  await context.setOffline(true)
  const reloaded = await page.reload()
  expect(reloaded?.fromServiceWorker(), 'the page comes from the service worker').toBe(true)
  await expect(page.getByText('Balcão 1', { exact: true })).toBeVisible()
  // Accent- and case-insensitive, any word order, partial words; CPF with punctuation; bib.
  await pickUp(page, 'joao silv', 'João da Silva')
  await pickUp(page, athletes[1]!.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'), 'Maria Conceição Peçanha')
  await pickUp(page, '103', 'José Antônio Araújo')
  await expect(page.getByText('3 retiradas aguardando envio')).toBeVisible()
  await expect(page.getByText('Sem conexão')).toBeVisible()

  // A picked-up card cannot be picked up again.
  await search(page).fill('araujo jose')
  await expect(page.getByRole('button', { name: /José Antônio Araújo/ })).toHaveCount(0)
  await expect(page.getByText(/neste balcão — aguardando envio/)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText(/aguardando envio/)).toHaveCount(0, { timeout: 15_000 })
  const picked = (await roster(s.owner, s.eventId)).filter((p) => p.kitRetirado)
  expect(picked.map((p) => p.nome).sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual([
    'João da Silva',
    'José Antônio Araújo',
    'Maria Conceição Peçanha',
  ])
  expect(picked.every((p) => p.kitRetirado!.balcao === 'Balcão 1')).toBe(true)
})

// KIT-13: a search draws the cards of a screen at once, and the others as the list is scrolled.
for (const { name, viewport } of phoneAndDesktop) {
  test(`a search shows its first cards at once and the others once scrolled to the end (${name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport)
    const s = await seed(baseURL)
    await openDesk(page, s, 'Balcão 1')
    const found = page.getByRole('list', { name: 'Inscritos encontrados' }).getByRole('listitem')
    await search(page).fill('a') // every name of the roster has an "a"
    // Names where a word starts with "a" first (Ana, José Antônio Araújo), then the others by name.
    if (viewport === phone) {
      await expect(found).toHaveCount(4)
      await expect(found.filter({ hasText: 'Maria Conceição Peçanha' })).toHaveCount(0)
    }
    await page.mouse.wheel(0, 5000)
    await expect(found).toHaveCount(athletes.length)
    await expect(found.last()).toContainText('Maria Conceição Peçanha')
  })
}

test('two desks hand out the same kit offline: the second to sync is told it lost', async ({ browser, baseURL }) => {
  const s = await seed(baseURL)
  const [one, two] = [await deskContext(browser, baseURL), await deskContext(browser, baseURL)]
  const [p1, p2] = [await one.newPage(), await two.newPage()]
  await openDesk(p1, s, 'Balcão 1')
  await openDesk(p2, s, 'Balcão 2')
  await one.setOffline(true)
  await two.setOffline(true)
  await pickUp(p1, 'ana luiza', 'Ana Luíza Ferreira')
  await pickUp(p2, 'ana luiza', 'Ana Luíza Ferreira')

  await one.setOffline(false)
  await expect(p1.getByText(/aguardando envio/)).toHaveCount(0, { timeout: 15_000 })
  await two.setOffline(false)
  // The lost pickup shows without searching, above the search results, until acknowledged.
  await expect(p2.getByRole('alert').filter({ hasText: /Kit já retirado às \d{2}:\d{2} no balcão 1/ })).toBeVisible({
    timeout: 15_000,
  })
  await expect(p2.getByText('1 de 5 kits retirados')).toBeVisible()
  await p2.getByRole('button', { name: 'Entendi' }).click()
  await expect(p2.getByRole('alert')).toHaveCount(0)

  // Desk 1 sees nothing wrong; the server counted one pickup.
  await p1.getByRole('searchbox').fill('ana luiza')
  await expect(p1.getByText('Kit retirado às', { exact: false })).toBeVisible()
  expect((await roster(s.owner, s.eventId)).filter((p) => p.kitRetirado)).toHaveLength(1)

  // Online, each desk sees the other's pickups within 10 seconds.
  await pickUp(p1, 'carlos', 'Carlos Eduardo Lima')
  await expect(p2.getByText('2 de 5 kits retirados')).toBeVisible({ timeout: 10_000 })
  await p2.getByRole('searchbox').fill('carlos eduardo')
  await expect(p2.getByText(/Kit retirado às \d{2}:\d{2}/)).toBeVisible()
  await expect(p2.getByRole('button', { name: /Carlos Eduardo Lima/ })).toHaveCount(0)
  await one.close()
  await two.close()
})

test('a retirada member never receives a full CPF, in the page or in any answer', async ({ page, baseURL }) => {
  const s = await seed(baseURL)
  const bodies: string[] = []
  page.on('response', async (res) => {
    if (!res.url().startsWith(baseURL!)) return
    const type = res.headers()['content-type'] ?? ''
    if (type.includes('json') || type.includes('html')) bodies.push(await res.text().catch(() => ''))
  })
  await openDesk(page, s, 'Balcão 3')
  await search(page).fill(athletes[0]!.cpf)
  await expect(page.getByText('CPF ***.982.247-**')).toBeVisible()
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  expect(await violations(), 'accessibility of the desk at 375 px').toEqual([])
  await page.getByRole('button', { name: /João da Silva/ }).click()
  expect(await violations(), 'accessibility of the pickup dialog').toEqual([])
  await page.getByRole('button', { name: 'Confirmar retirada' }).click()
  await expect(page.getByText('Kit de João da Silva registrado.')).toBeVisible()
  await search(page).fill('joao')
  await expect(page.getByText(/Kit retirado às/)).toBeVisible()
  await page.reload()

  const seen = bodies.join('\n') + (await page.content())
  expect(bodies.length).toBeGreaterThan(2)
  for (const a of athletes) {
    const formatted = a.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')
    expect(seen, `CPF of ${a.nome}`).not.toContain(a.cpf)
    expect(seen, `CPF of ${a.nome}`).not.toContain(formatted)
  }
  // The owner, a manager, sees it whole.
  const full = await roster(s.owner, s.eventId)
  expect(full.map((p) => p.documento?.numero)).toContain(athletes[0]!.cpf)
})

test('Sair warns about unsent pickups, then wipes the device', async ({ page, baseURL }) => {
  const s = await seed(baseURL)
  await openDesk(page, s, 'Balcão 4')
  // The server cannot be reached for pickups: the one recorded stays queued.
  await page.route('**/checkin', (route) => route.abort('internetdisconnected'))
  await pickUp(page, 'maria', 'Maria Conceição Peçanha')
  await expect(page.getByText('1 retirada aguardando envio')).toBeVisible()

  await page.getByRole('button', { name: 'Sair' }).click()
  const warning = page.getByRole('alertdialog', { name: 'Sair e apagar os dados deste aparelho?' })
  await expect(warning).toContainText('ela ainda não foi enviada e será perdida')
  await warning.getByRole('button', { name: 'Sair e apagar' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)

  const left = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('pelotao-retirada')
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const req = db.transaction(store).objectStore(store).count()
        req.onsuccess = () => resolve(req.result)
      })
    const counts = {
      participantes: await count('participantes'),
      fila: await count('fila'),
      eventos: await count('eventos'),
    }
    db.close()
    const workers = (await navigator.serviceWorker.getRegistrations()).length
    return { ...counts, kept: await caches.has('pelotao-retirada'), workers }
  })
  expect(left).toEqual({ participantes: 0, fila: 0, eventos: 0, kept: false, workers: 0 })
  // Signed out on the server too.
  expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull()
})
