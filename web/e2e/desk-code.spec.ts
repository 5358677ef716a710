import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test'
import { createUser, signIn, type Credentials } from './accounts'
import { cpfDigits } from './cpf'
import { expect, phone, test } from './fixtures'

// A registration sold in Pelotão at the kit desk (docs/requirements.md REG-141..REG-149), against the
// real binary with the Pix sandbox: an order paid through the API and the sandbox's "Simular
// pagamento", then the desk finds the athletes by their registration codes, typed however, or read by
// the camera (a fake one, and a fake BarcodeDetector, injected before the page's scripts).

test.use({ viewport: phone })

/** The calendar date `days` from today in São Paulo. */
function inDays(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

type Sold = { eventId: string; owner: APIRequestContext; ownerCreds: Credentials; codes: Record<string, string> }

const athlete = (nome: string, cpf: string, nascimento: string, sexo: 'F' | 'M') => ({
  nome,
  documento: { tipo: 'cpf', numero: cpf },
  nascimento,
  sexo,
  email: `${nome.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
  celular: '(81) 99876-5432',
  percurso: '5 km',
  camiseta: 'M',
  contatoEmergencia: { nome: 'Contato de Emergência', telefone: '(81) 3333-4444' },
  aceiteRegulamento: true,
})

/**
 * An event two days ahead sold by Pelotão, and an order of two athletes (one of 60 or more, at half
 * price) paid in the sandbox: the codes of its registrations, by name.
 */
async function sellTwo(baseURL: string | undefined): Promise<Sold> {
  const owner = await newRequest.newContext({ baseURL })
  const ownerCreds = await createUser(owner, { displayName: 'Organizadora' })
  const created = await owner.post('/api/events', {
    data: {
      titulo: `Corrida do Código ${Date.now().toString(36)}`,
      dataEvento: inDays(2),
      status: 'Inscrições Abertas',
      local: { local: 'Ginásio', endereco: '', cidade: 'Recife', estado: 'PE' },
      largadas: [{ id: 'geral', nome: 'Largada Geral', horario: '07:00' }],
      modalidades: [{ nome: '5 km', km: 5, largadaId: 'geral' }],
      inscricoes: { ativas: true, modo: 'pelotao', tipoPreco: 'lotes', lotes: [{ nome: '1º lote', valor: '80,00' }] },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const eventId = ((await created.json()) as { id: string }).id

  const buyer = await newRequest.newContext({ baseURL })
  await createUser(buyer, { displayName: 'Compradora' })
  const ordered = await buyer.post(`/api/events/${eventId}/pedidos`, {
    data: {
      atletas: [
        athlete('Bianca Código', cpfDigits('529982247'), '1994-03-02', 'F'),
        athlete('Severino Sessentão', cpfDigits('111444777'), '1950-07-15', 'M'),
      ],
    },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = (await ordered.json()) as { id: string; total: number; pix: { txid: string } }
  expect(order.total).toBe(120) // 80 + half of 80 for the athlete of 60 or more
  const paid = await buyer.post(`/_pix-sandbox/simular/${order.pix.txid}`)
  expect(paid.status(), await paid.text()).toBe(200)

  type Order = { status: string; inscricoes: { nome: string; codigo?: string }[] }
  let confirmed: Order | undefined
  await expect
    .poll(
      async () => {
        confirmed = (await (await buyer.get(`/api/pedidos/${order.id}`)).json()) as Order
        return confirmed.status
      },
      { message: 'the order confirmed by the sandbox webhook' },
    )
    .toBe('pago')
  await buyer.dispose()
  const codes = Object.fromEntries(confirmed!.inscricoes.map((i) => [i.nome, i.codigo!]))
  expect(
    Object.values(codes).every((c) => /^[2-9A-HJ-NP-Z]{10}$/.test(c)),
    JSON.stringify(codes),
  ).toBe(true)
  return { eventId, owner, ownerCreds, codes }
}

/** The Pix QR code (PNG, base64) of a new order of the event, awaiting payment: a real QR code of something else than a registration. */
async function pixQrCode(baseURL: string | undefined, eventId: string): Promise<string> {
  const buyer = await newRequest.newContext({ baseURL })
  await createUser(buyer, { displayName: 'Outro Comprador' })
  const ordered = await buyer.post(`/api/events/${eventId}/pedidos`, {
    data: { atletas: [athlete('Caio Aguardando', cpfDigits('390533447'), '1990-01-10', 'M')] },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const png = await buyer.get(((await ordered.json()) as { pix: { qrCode: string } }).pix.qrCode)
  expect(png.headers()['content-type']).toBe('image/png')
  const body = (await png.body()).toString('base64')
  await buyer.dispose()
  return body
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' })

/** Signs the page in as the event's owner and opens its desk. */
async function openDesk(page: Page, s: Sold) {
  await signIn(page, s.ownerCreds)
  await page.goto(`/retirada/${s.eventId}`)
  await page.getByLabel('Nome do balcão').fill('Balcão 1')
  await page.getByRole('button', { name: 'Começar' }).click()
  await expect(page.getByText('0 de 2 kits retirados')).toBeVisible()
}

test('the desk finds a paid registration by its code typed in any case with hyphens, shows its code and the 60+ check (REG-141, REG-144, REG-145)', async ({
  page,
  baseURL,
}) => {
  const s = await sellTwo(baseURL)
  const participants = await (
    await s.owner.get(
      `/api/events/${s.eventId}/participants?q=${encodeURIComponent(s.codes['Severino Sessentão']!.toLowerCase())}`,
    )
  ).json()
  expect(
    participants.participants.map((p: { nome: string; origem: string; meiaEntrada?: boolean }) => [
      p.nome,
      p.origem,
      p.meiaEntrada,
    ]),
  ).toEqual([['Severino Sessentão', 'pelotao', true]])

  await openDesk(page, s)
  const code = s.codes['Bianca Código']!
  await search(page).fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8).toLowerCase()}`)
  const card = page.getByRole('button', { name: /Bianca Código/ })
  await expect(card).toBeVisible()
  await expect(card).toContainText(`Código ${code}`)
  await expect(card).not.toContainText('60+: conferir documento')
  await expect(page.getByRole('button', { name: /Severino Sessentão/ })).toHaveCount(0)

  await search(page).fill(s.codes['Severino Sessentão']!)
  await expect(page.getByRole('button', { name: /Severino Sessentão/ })).toContainText('60+: conferir documento')

  // A code no registration of this event has.
  await search(page).fill('2345-6789-AB')
  await expect(page.getByText('Nenhuma inscrição com o código 23456789AB na lista deste evento.')).toBeVisible()
})

test('"Ler QR code" reads a registration QR code with the camera and shows its card; camera denied, the field still works (REG-146, REG-147, REG-149)', async ({
  page,
  baseURL,
}) => {
  const s = await sellTwo(baseURL)
  const code = s.codes['Severino Sessentão']!
  // A camera whose frames hold, in turn, nothing, a QR code of something else, the registration's
  // link, and then nothing more.
  await page.addInitScript((link) => {
    const frames = [null, 'https://outro.exemplo.com.br/qualquer', link]
    const w = window as unknown as Record<string, unknown>
    w.__camera = 'ok'
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          if (w.__camera === 'negada') throw new DOMException('Permission denied', 'NotAllowedError')
          const canvas = document.createElement('canvas')
          canvas.width = 320
          canvas.height = 240
          canvas.getContext('2d')!.fillRect(0, 0, 320, 240)
          return canvas.captureStream(5)
        },
      },
    })
    w.BarcodeDetector = class {
      static getSupportedFormats = async () => ['qr_code']
      detect = async () => {
        const text = frames.shift()
        return text ? [{ rawValue: text }] : []
      }
    }
  }, `${baseURL}/i/${code}`)
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })

  await openDesk(page, s)
  expect(
    scripts.filter((p) => /QrScanner|jsQR/.test(p)),
    'no camera code on arrival',
  ).toEqual([])

  const button = page.getByRole('button', { name: 'Ler QR code' })
  await button.click()
  const panel = page.getByRole('dialog', { name: 'Ler QR code' })
  await expect(panel).toBeVisible()
  await expect(panel).toBeHidden({ timeout: 10_000 })
  await expect(search(page)).toHaveValue(code)
  await expect(page.getByRole('button', { name: /Severino Sessentão/ })).toContainText('60+: conferir documento')
  await expect(page.getByText(`QR code lido: ${code}.`)).toBeVisible()
  await expect(button).toBeFocused()
  // The browser reads QR codes itself: the decoder was never fetched.
  expect(scripts.some((p) => /QrScanner/.test(p))).toBe(true)
  expect(scripts.filter((p) => /jsQR/i.test(p))).toEqual([])

  // Escape closes the panel, and the focus comes back.
  await button.click()
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()

  // Camera denied: said in the panel; the code typed still finds the athlete.
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__camera = 'negada'))
  await button.click()
  await expect(panel.getByRole('alert')).toHaveText(
    'Acesso à câmera negado. Para ler QR codes, permita a câmera nas configurações do navegador. Enquanto isso, digite o código da inscrição no campo de busca.',
  )
  await panel.getByRole('button', { name: 'Fechar' }).click()
  await search(page).fill(s.codes['Bianca Código']!.toLowerCase())
  await expect(page.getByRole('button', { name: /Bianca Código/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
})

test('without a QR detector in the browser, jsqr is fetched and reads a real QR code from the camera (REG-146, REG-149)', async ({
  page,
  baseURL,
}) => {
  const s = await sellTwo(baseURL)
  const png = await pixQrCode(baseURL, s.eventId)
  // A camera filming the order's Pix QR code, in a browser without BarcodeDetector.
  await page.addInitScript((base64) => {
    Reflect.deleteProperty(window, 'BarcodeDetector')
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          const canvas = document.createElement('canvas')
          canvas.width = 640
          canvas.height = 480
          const context = canvas.getContext('2d')!
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
          const paint = () => {
            context.fillStyle = '#fff'
            context.fillRect(0, 0, 640, 480)
            const side = Math.min(440, image.width)
            context.drawImage(image, (640 - side) / 2, (480 - side) / 2, side, side)
          }
          paint()
          setInterval(paint, 100)
          return canvas.captureStream(10)
        },
      },
    })
  }, png)
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await openDesk(page, s)
  await page.getByRole('button', { name: 'Ler QR code' }).click()
  const panel = page.getByRole('dialog', { name: 'Ler QR code' })
  await expect(panel.getByRole('status')).toHaveText(
    'Este QR code não é de uma inscrição do Pelotão. Aponte para o QR code da inscrição.',
    {
      timeout: 15_000,
    },
  )
  expect(
    scripts.some((p) => /jsQR/.test(p)),
    'the decoder fetched',
  ).toBe(true)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
})
