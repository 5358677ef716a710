import type { Page } from '@playwright/test'
import { signIn } from './accounts'
import { violations } from './axe'
import { marker } from './events'
import { expect, phone, test } from './fixtures'
import { eventWithCoach } from './groups'

// Assessorias and groups on a 375 px phone (docs/requirements.md GRP-1, GRP-5, GRP-12 … GRP-16):
// a coach creates a group for an event from the athlete's panel and finds its link on the group's
// page; the event's organizer renames it in the workspace's "Grupos" tab.

test.use({ viewport: phone, hasTouch: true })

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('a coach creates a group and sees its link; the organizer renames it (GRP-1, GRP-5, GRP-14, GRP-15, GRP-16)', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const word = marker()
  const { organizer, eventId } = await eventWithCoach(page, `Corrida das Assessorias ${word}`)

  // The coach, with a confirmed e-mail, creates the group on the athlete's panel.
  await page.goto('/dashboard?painel=atleta')
  await page.getByRole('button', { name: 'Criar grupo' }).click()
  const form = page.getByRole('form', { name: 'Novo grupo' })
  const evento = form.getByRole('combobox', { name: 'Evento' })
  await evento.selectOption(await evento.locator('option', { hasText: word }).getAttribute('value'))
  await form.getByRole('textbox', { name: 'Nome do grupo' }).fill(`Assessoria Corre ${word}`)
  await form.getByRole('button', { name: 'Criar grupo' }).click()
  await expect(
    page.getByRole('list', { name: 'Meus grupos' }).getByRole('link', { name: `Assessoria Corre ${word}` }),
  ).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
  await form.getByRole('link', { name: 'Abrir o grupo e copiar o link' }).click()

  // The group's page: its link with the code, to copy or to share on WhatsApp.
  await expect(page.getByRole('heading', { level: 1, name: `Assessoria Corre ${word}` })).toBeVisible()
  const link = page.getByRole('textbox', { name: 'Link' })
  await expect(link).toHaveValue(new RegExp(`/inscricao/${eventId}\\?grupo=[A-Z2-9]{8}$`))
  const url = await link.inputValue()
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(url).replace(/[?]/g, '\\?')),
  )
  await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible()
  await expect(page.getByText('Ninguém se inscreveu pelo link do grupo ainda.')).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])
  const groupPage = new URL(page.url()).pathname

  // The organizer renames it in the workspace's "Grupos" tab, by keyboard.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204)
  await signIn(page, organizer)
  await page.goto(`/dashboard/eventos/${eventId}?aba=grupos`)
  const list = page.getByRole('list', { name: 'Grupos e assessorias' })
  await expect(list.getByRole('link', { name: `Assessoria Corre ${word}` })).toBeVisible()
  await list.getByRole('button', { name: `Renomear Assessoria Corre ${word}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Renomear grupo' })
  const nome = dialog.getByRole('textbox', { name: 'Nome do grupo' })
  await expect(nome).toBeFocused()
  await nome.fill(`Corre Junto ${word}`)
  await nome.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `Grupo renomeado para Corre Junto ${word}.` })).toBeVisible()
  await expect(list.getByRole('link', { name: `Corre Junto ${word}` })).toHaveAttribute('href', groupPage)
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width)
  expect(await violations(page)).toEqual([])

  // The link stays the same under the new name.
  await page.goto(groupPage)
  await expect(page.getByRole('heading', { level: 1, name: `Corre Junto ${word}` })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Link' })).toHaveValue(url)
})
