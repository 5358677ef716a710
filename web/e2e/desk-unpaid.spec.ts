import type { Page } from '@playwright/test'
import { createUser } from './accounts'
import { violations } from './axe'
import { marker } from './events'
import { expect, phone, test } from './fixtures'
import { eventWithParticipants, importParticipants } from './roster'

// The kit desk and unpaid registrations (issue 28 item 4), at a phone's width and a desktop's: an
// unpaid registration looks different and its kit goes only on a deliberate confirmation, by keyboard
// alone too (KIT-11, UNPAID-2); then the organizer forbids unpaid kits in the workspace's
// Configurações tab, and the desk cannot hand one while the server refuses one queued offline before
// the desk knew, and any other (KIT-12); allowed again, the desk offers it again. A desk whose roster
// still said paid is refused too, and then hands the kit with the confirmation (UNPAID-1).

const desktop = { width: 1280, height: 800 }

/** Opens the event's desk as "Balcão 1" once its roster of `total` is on the device, and its controls. */
async function openDesk(page: Page, eventId: string, total: number) {
  await page.goto(`/retirada/${eventId}`)
  await page.getByLabel('Nome do balcão').fill('Balcão 1')
  await page.getByRole('button', { name: 'Começar' }).click()
  await expect(page.getByText(`0 de ${total} kits retirados`)).toBeVisible()
  return {
    search: page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito ou código' }),
    found: page.getByRole('list', { name: 'Inscritos encontrados' }),
    dialog: page.getByRole('dialog', { name: 'Retirada do kit' }),
  }
}

for (const [size, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
] as const) {
  test.describe(`at ${viewport.width} px (${size})`, () => {
    test.use({ viewport })
    // Offline, the browser logs every request that could not leave (the desk retries them).
    test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|Failed to load resource/] })

    test('an unpaid kit is said plainly and confirmed deliberately; forbidden by the organizer, no desk hands it', async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.slow() // two browsers, a desk going offline and back, and the roster's 5 s refresh
      const organizer = await createUser(page.request, { displayName: 'Organizadora' })
      const eventId = await eventWithParticipants(page.request, `Corrida do Balcão ${marker()}`, [
        { nome: 'Paula Pagante', pago: true },
        { nome: 'Nilo Devedor', pago: false },
        { nome: 'Otto Semrede', pago: false },
        { nome: 'Rui Pendente', pago: false },
      ])
      const { search, found, dialog } = await openDesk(page, eventId, 4)
      const background = (el: Element) => getComputedStyle(el).backgroundColor

      // A paid kit and an unpaid one: another word and another colour.
      await search.fill('paula')
      const paid = found.getByRole('button', { name: /Paula Pagante.*Pago.*Entregar kit$/ })
      const paidColour = await paid.getByText('Entregar kit', { exact: true }).evaluate(background)
      await search.fill('nilo')
      const unpaid = found.getByRole('button', { name: /Nilo Devedor.*Não pago.*Entregar kit sem pagamento$/ })
      expect(await unpaid.getByText('Entregar kit sem pagamento', { exact: true }).evaluate(background)).not.toBe(
        paidColour,
      )

      // By keyboard alone: from the search box to the card, and through the dialog.
      await page.keyboard.press('Tab') // Ler QR code
      await page.keyboard.press('Tab')
      await expect(unpaid).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(dialog).toHaveAccessibleDescription(
        /^Inscrição não paga A inscrição de Nilo Devedor consta como não paga\./,
      )
      const confirmation = dialog.getByRole('checkbox', { name: 'Confirmo a entrega do kit sem pagamento' })
      await expect(confirmation).toBeFocused()
      const handOver = dialog.getByRole('button', { name: 'Entregar sem pagamento' })
      await expect(dialog.getByRole('button', { name: 'Confirmar retirada' })).toHaveCount(0)
      expect(await handOver.evaluate(background)).not.toBe(paidColour)
      expect(await violations(page)).toEqual([])
      const toHandOver = async () => {
        for (let i = 0; i < 3; i++) await page.keyboard.press('Tab') // who takes it, the shirt, the button
        await expect(handOver).toBeFocused()
      }
      await toHandOver()
      await page.keyboard.press('Enter')
      await expect(dialog.getByRole('alert')).toHaveText('Marque a confirmação para entregar o kit sem pagamento.')
      await expect(confirmation).toBeFocused()
      await page.keyboard.press('Space')
      await expect(confirmation).toBeChecked()
      await toHandOver()
      await page.keyboard.press('Enter')
      await expect(page.getByText('Kit de Nilo Devedor registrado.')).toBeVisible()
      await expect(page.getByText('1 de 4 kits retirados')).toBeVisible()
      await expect(page.getByText(/aguardando envio/)).toHaveCount(0)

      // Offline, Otto's kit is handed, confirmed; meanwhile the organizer forbids unpaid kits.
      await context.setOffline(true)
      await search.fill('otto')
      await found.getByRole('button', { name: /Otto Semrede/ }).click()
      await confirmation.check()
      await handOver.click()
      await expect(page.getByText('1 retirada aguardando envio')).toBeVisible()

      const office = await browser.newContext({ baseURL, viewport })
      const signedIn = await office.request.post('/api/auth/login', {
        data: { email: organizer.email, password: organizer.password },
      })
      expect(signedIn.status(), await signedIn.text()).toBe(200)
      const workspace = await office.newPage()
      await workspace.goto(`/dashboard/eventos/${eventId}?aba=configuracoes`)
      const allow = workspace.getByRole('checkbox', { name: 'Permitir entregar o kit de inscrições não pagas' })
      await expect(allow).toBeChecked() // what an event starts with
      await allow.uncheck()
      await workspace.getByRole('button', { name: 'Salvar configurações' }).click()
      await expect(workspace.getByText(/Configuração salva/)).toBeVisible()

      // Back online, the server refuses the queued pickup, and the desk says so until acknowledged.
      await context.setOffline(false)
      const refused = page.getByRole('region', { name: 'Retiradas que não valeram' })
      await expect(refused.getByText('Retirada recusada')).toBeVisible({ timeout: 15_000 })
      await expect(
        refused.getByText(/Inscrição não paga: o organizador não permite entregar o kit sem pagamento neste evento/),
      ).toBeVisible()
      await expect(page.getByText(/aguardando envio/)).toHaveCount(0)
      await refused.getByRole('button', { name: 'Entendi' }).click()
      await expect(page.getByText('1 de 4 kits retirados')).toBeVisible()

      // The desk has learnt it: an unpaid card says why, with nothing to press; paid kits go on.
      await search.fill('rui')
      const rui = found.getByRole('listitem').filter({ hasText: 'Rui Pendente' })
      await expect(rui.getByText('Não pago', { exact: true })).toBeVisible()
      await expect(
        rui.getByText(
          'Inscrição não paga: o organizador não permite entregar este kit. Encaminhe o atleta à organização.',
        ),
      ).toBeVisible()
      await expect(rui.getByRole('button')).toHaveCount(0)
      await search.fill('paula')
      await expect(paid).toBeVisible()

      // Nor does the server take one sent some other way, confirmed or not.
      const roster = (await (await page.request.get(`/api/events/${eventId}/checkin/roster`)).json()) as {
        participants: { id: string; nome: string }[]
      }
      const ruiId = roster.participants.find((p) => p.nome === 'Rui Pendente')!.id
      const sent = await page.request.post(`/api/events/${eventId}/checkin`, {
        data: {
          checkins: [
            {
              id: `direto-${marker()}`,
              participantId: ruiId,
              at: new Date().toISOString(),
              retiradoPor: null,
              camisetaEntregue: 'M',
              balcao: 'Balcão 9',
              semPagamento: true,
            },
          ],
        },
      })
      expect(await sent.json()).toMatchObject({ checkins: [{ status: 'refused' }] })

      // Allowed again, the desk offers the confirmed pickup at its next refresh.
      await allow.check()
      await workspace.getByRole('button', { name: 'Salvar configurações' }).click()
      await expect(workspace.getByText(/Configuração salva/)).toBeVisible()
      await office.close()
      await search.fill('rui')
      await expect(found.getByRole('button', { name: /Rui Pendente.*Entregar kit sem pagamento$/ })).toBeVisible({
        timeout: 15_000,
      })
    })

    test('a kit handed offline as paid, whose registration the organizer marked unpaid meanwhile, is refused until confirmed', async ({
      page,
      context,
    }) => {
      await createUser(page.request, { displayName: 'Organizadora' })
      const eventId = await eventWithParticipants(page.request, `Corrida do Estorno ${marker()}`, [
        { nome: 'Lia Quitada', pago: true },
      ])
      const { search, found, dialog } = await openDesk(page, eventId, 1)

      await context.setOffline(true)
      await importParticipants(page.request, eventId, [{ nome: 'Lia Quitada', pago: false }]) // a payment reversed
      await search.fill('lia')
      await found.getByRole('button', { name: /Lia Quitada.*Pago.*Entregar kit$/ }).click()
      await dialog.getByRole('button', { name: 'Confirmar retirada' }).click()
      await expect(page.getByText('1 retirada aguardando envio')).toBeVisible()

      await context.setOffline(false)
      const refused = page.getByRole('region', { name: 'Retiradas que não valeram' })
      await expect(refused.getByText('Retirada recusada')).toBeVisible({ timeout: 15_000 })
      await expect(
        refused.getByText(/Inscrição não paga: a entrega sem pagamento não foi confirmada neste balcão/),
      ).toBeVisible()
      await expect(page.getByText('0 de 1 kits retirados')).toBeVisible()
      await refused.getByRole('button', { name: 'Entendi' }).click()

      await search.fill('lia')
      await found.getByRole('button', { name: /Lia Quitada.*Não pago.*Entregar kit sem pagamento$/ }).click()
      await dialog.getByLabel('Confirmo a entrega do kit sem pagamento').check()
      await dialog.getByRole('button', { name: 'Entregar sem pagamento' }).click()
      await expect(page.getByText('Kit de Lia Quitada registrado.')).toBeVisible()
      await expect(page.getByText('1 de 1 kits retirados')).toBeVisible()
      await expect(page.getByText(/aguardando envio/)).toHaveCount(0)
    })
  })
}
