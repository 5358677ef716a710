import type { Page } from '@playwright/test'
import { createUser } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'

// What a newcomer tripped on (issue 28 items 4–6), at a phone's width and a desktop's: the kit desk
// with unpaid registrations and the organizer's setting (KIT-11, KIT-12), the event workspace's tabs
// and lists on a phone (TEAM-8), and places found by name on the home page (HOME-18).

const desktop = { width: 1280, height: 800 }

/** The calendar date `days` from today in São Paulo. */
function inDays(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** An organizer signed in on `page`, owning an event two days ahead with these participants. */
async function organizerEvent(page: Page, people: { nome: string; pago: boolean }[]) {
  await createUser(page.request, { displayName: 'Organizadora' })
  const eventId = await createEvent(page.request, { titulo: `Corrida do Balcão ${marker()}`, dataEvento: inDays(2), km: [10] })
  const rows = people.map((p, i) => `${p.nome};${cpfDigits(String(529982247 + i * 1117))};10 km;M;${101 + i};${p.pago ? 'Sim' : 'Não'}`)
  const imported = await page.request.post(`/api/events/${eventId}/participants`, {
    multipart: { file: { name: 'inscritos.csv', mimeType: 'text/csv', buffer: Buffer.from(['Nome;CPF;Modalidade;Camiseta;Peito;Pago', ...rows].join('\r\n')) } },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  return eventId
}

for (const [size, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
  test.describe(`at ${viewport.width} px (${size})`, () => {
    test.use({ viewport })

    // KIT-11, KIT-12
    test.describe('the kit desk and unpaid registrations', () => {
      // Offline, the browser logs every request that could not leave (the desk retries them).
      test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|Failed to load resource/] })

      test('asks for a deliberate confirmation, and once the organizer blocks unpaid kits the server refuses them, queued offline too', async ({ page, context }) => {
        const eventId = await organizerEvent(page, [
          { nome: 'Paula Pagante', pago: true },
          { nome: 'Nilo Devedor', pago: false },
          { nome: 'Otto Semrede', pago: false },
        ])
        await page.goto(`/retirada/${eventId}`)
        await page.getByLabel('Nome do balcão').fill('Balcão 1')
        await page.getByRole('button', { name: 'Começar' }).click()
        await expect(page.getByText('0 de 3 kits retirados')).toBeVisible()
        const search = page.getByRole('searchbox', { name: 'Buscar por nome, CPF ou nº de peito' })
        const found = page.getByRole('list', { name: 'Inscritos encontrados' })

        await search.fill('paula')
        await expect(found.getByRole('button', { name: /Paula Pagante.*Entregar kit$/ })).toBeVisible()

        await search.fill('nilo')
        await found.getByRole('button', { name: /Nilo Devedor.*Não pago.*Entregar kit sem pagamento/ }).click()
        const dialog = page.getByRole('dialog', { name: 'Retirada do kit' })
        await expect(dialog.getByText('Inscrição não paga', { exact: true })).toBeVisible()
        await expect(dialog.getByRole('button', { name: 'Confirmar retirada' })).toHaveCount(0)
        await dialog.getByRole('button', { name: 'Entregar sem pagamento' }).click()
        await expect(dialog.getByRole('alert')).toHaveText('Marque a confirmação para entregar o kit sem pagamento.')
        await dialog.getByLabel('Confirmo a entrega do kit sem pagamento').check()
        await dialog.getByRole('button', { name: 'Entregar sem pagamento' }).click()
        await expect(page.getByText('Kit de Nilo Devedor registrado.')).toBeVisible()
        await expect(page.getByText('1 de 3 kits retirados')).toBeVisible()
        await expect(page.getByText(/aguardando envio/)).toHaveCount(0)

        // A pickup made offline, while the organizer blocks unpaid kits meanwhile.
        await context.setOffline(true)
        await search.fill('otto')
        await found.getByRole('button', { name: /Otto Semrede/ }).click()
        await dialog.getByLabel('Confirmo a entrega do kit sem pagamento').check()
        await dialog.getByRole('button', { name: 'Entregar sem pagamento' }).click()
        await expect(page.getByText('1 retirada aguardando envio')).toBeVisible()
        const blocked = await page.request.put(`/api/events/${eventId}/participants/settings`, { data: { bloquearKitSemPagamento: true } })
        expect(blocked.status(), await blocked.text()).toBe(200)
        await context.setOffline(false)

        const refused = page.getByRole('region', { name: 'Retiradas que não valeram' })
        await expect(refused.getByText('Retirada recusada')).toBeVisible({ timeout: 15_000 })
        await expect(refused.getByText(/Inscrição não paga: o organizador não permite entregar o kit sem pagamento neste evento/)).toBeVisible()
        await expect(page.getByText(/aguardando envio/)).toHaveCount(0)
        await refused.getByRole('button', { name: 'Entendi' }).click()
        await expect(page.getByText('1 de 3 kits retirados')).toBeVisible()

        // The desk has learnt the setting: no pickup is offered for an unpaid kit.
        await search.fill('otto')
        await expect(found.getByText('Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.')).toBeVisible()
        await expect(found.getByRole('button')).toHaveCount(0)

        // The organizer allows them again in the workspace's Configurações tab.
        await page.goto(`/dashboard/eventos/${eventId}?aba=configuracoes`)
        const allow = page.getByRole('checkbox', { name: 'Permitir entregar o kit de inscrições não pagas' })
        await expect(allow).not.toBeChecked()
        await allow.check()
        await page.getByRole('button', { name: 'Salvar configurações' }).click()
        await expect(page.getByText(/Configuração salva/)).toBeVisible()
        const settings = await (await page.request.get(`/api/events/${eventId}/participants/settings`)).json()
        expect(settings).toMatchObject({ bloquearKitSemPagamento: false })
      })
    })

    // TEAM-8
    test('the event workspace: every tab reachable with the selected one in view, lists readable without scrolling sideways', async ({ page }) => {
      const eventId = await organizerEvent(page, [{ nome: 'Renata Cardoso de Albuquerque', pago: true }])
      await page.goto(`/dashboard/eventos/${eventId}`)
      const tabs = page.getByRole('tablist', { name: 'Gestão do evento' }).getByRole('tab')
      await expect(tabs).toHaveText(['Inscritos', 'Retirada de kits', 'Resultados', 'Financeiro', 'Equipe', 'Configurações'])
      const inView = async (name: string) => {
        const box = (await page.getByRole('tab', { name }).boundingBox())!
        return box.x >= 0 && box.x + box.width <= viewport.width
      }
      // Every tab is on screen without scrolling sideways, before and after each is selected.
      for (const name of ['Inscritos', 'Retirada de kits', 'Resultados', 'Financeiro', 'Equipe', 'Configurações']) expect(await inView(name), name).toBe(true)
      for (const name of ['Configurações', 'Equipe', 'Financeiro', 'Resultados', 'Retirada de kits', 'Inscritos']) {
        await page.getByRole('tab', { name }).click()
        await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
        expect(await inView(name), name).toBe(true)
      }

      // The participants list: every value of a row on screen (a card on a phone).
      const row = page.getByRole('region', { name: 'Inscritos' }).getByRole('row', { name: /Renata Cardoso/ })
      for (const value of ['Renata Cardoso de Albuquerque', '101', 'Não retirado']) {
        const box = (await row.getByText(value, { exact: true }).boundingBox())!
        expect(box.x + box.width, value).toBeLessThanOrEqual(viewport.width)
      }

      // Before the first pickup the tab says so once (the chart draws nothing, the history says it).
      await page.getByRole('tab', { name: 'Retirada de kits' }).click()
      await expect(page.getByText('0 de 1 kits retirados (0%)')).toBeVisible()
      await expect(page.getByText('Nenhuma retirada registrada ainda.')).toHaveCount(1)
    })

    // HOME-18
    test('the home search finds a state by its name and a city by the name runners use', async ({ page, request }) => {
      await createUser(request, { displayName: 'Organizador do Sul' })
      const word = marker()
      await createEvent(request, { titulo: `Corrida ${word}`, dataEvento: inDays(1), cidade: 'Curitiba', estado: 'PR' })
      await createEvent(request, { titulo: `Pedal ${word}`, dataEvento: inDays(1), cidade: 'Florianópolis', estado: 'SC' })
      await page.goto('/')
      const search = page.getByRole('searchbox', { name: 'Buscar' })
      const card = (titulo: string) => page.getByRole('heading', { name: `${titulo} ${word}` })

      await search.fill('paraná')
      await expect(card('Corrida')).toBeVisible()
      await expect(card('Pedal')).toHaveCount(0)
      await search.fill(`floripa ${word}`)
      await expect(card('Pedal')).toBeVisible()
      await expect(card('Corrida')).toHaveCount(0)
      await search.fill(`${word} parana`)
      await expect(card('Corrida')).toBeVisible()
      await expect(card('Pedal')).toHaveCount(0)

      // The API answers alike, for a visitor before the app or another client.
      const answer = await (await request.get(`/api/events?q=${encodeURIComponent(`floripa ${word}`)}`)).json()
      expect(answer.events.map((e: { titulo: string }) => e.titulo)).toEqual([`Pedal ${word}`])
    })
  })
}
