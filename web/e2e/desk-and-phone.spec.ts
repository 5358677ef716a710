import type { Page } from '@playwright/test'
import { createUser } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, inDays, marker } from './events'
import { expect, phone, test } from './fixtures'

// What a newcomer tripped on (issue 28 item 4), at a phone's width and a desktop's: the kit desk
// with unpaid registrations and the organizer's setting (KIT-11, KIT-12). Items 5 and 6 are
// phone-workspace.spec.ts and find-events.spec.ts.

const desktop = { width: 1280, height: 800 }

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
  })
}
