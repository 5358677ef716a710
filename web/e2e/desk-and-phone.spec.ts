import type { Page } from '@playwright/test'
import { createUser } from './accounts'
import { createEvent, inDays, marker } from './events'
import { expect, phone, test } from './fixtures'
import { eventWithParticipants, type Person } from './roster'

// What a newcomer tripped on (issue 28 items 5–6), at a phone's width and a desktop's: the event
// workspace's tabs and lists on a phone (TEAM-8), and places found by name on the home page (HOME-18).
// The kit desk's unpaid registrations (item 4) are desk-unpaid.spec.ts.

const desktop = { width: 1280, height: 800 }

/** An organizer signed in on `page`, owning an event two days ahead with these participants. */
async function organizerEvent(page: Page, people: Person[]) {
  await createUser(page.request, { displayName: 'Organizadora' })
  return eventWithParticipants(page.request, `Corrida do Balcão ${marker()}`, people)
}

for (const [size, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
  test.describe(`at ${viewport.width} px (${size})`, () => {
    test.use({ viewport })

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
