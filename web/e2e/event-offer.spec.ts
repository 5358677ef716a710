import { expect, phone, test } from './fixtures'
import { signedInUser } from './accounts'
import { createEvent, marker } from './events'
import type { Locator, Page } from '@playwright/test'
import constants from '../../internal/event/constants.json' with { type: 'json' }

// The registration offer in the organizer's form (docs/requirements.md REG-30, REG-31, REG-32), on a
// 375 px phone: what is set there is what the event sells (GET /api/events/{id}/inscricao).

test.use({ viewport: phone, hasTouch: true })

const group = (scope: Page | Locator, name: string) => scope.getByRole('group', { name, exact: true })

function nextYear(month: number, day: number) {
  return `${new Date().getFullYear() + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Saves the form and waits for the server's answer to the PUT (what the page does next is not this spec's). */
async function save(page: Page, id: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/events/${id}`) && r.request().method() === 'PUT')
  await page.getByRole('button', { name: 'Salvar Evento' }).click()
  return answer
}

test('an organizer sells through Pelotão with a price per modality and slots, and the offer follows (REG-31)', async ({
  page,
}) => {
  await signedInUser(page)
  const id = await createEvent(page.request, {
    titulo: `Corrida da Oferta ${marker()}`,
    dataEvento: nextYear(9, 7),
    km: [10, 5],
  })

  await page.goto(`/cadastro/${id}`)
  await expect(page.getByRole('radio', { name: 'Link externo' })).toBeChecked()
  await page.getByLabel('Inscrições ativas', { exact: true }).check()
  await page.getByRole('radio', { name: 'Vender pelo Pelotão' }).check()
  await page.getByLabel('Vagas do evento', { exact: true }).fill('300')
  await page.getByLabel('Edição da inscrição até', { exact: true }).fill(nextYear(8, 31))
  await page.getByLabel('Meia-entrada para 60+', { exact: true }).uncheck()
  await page.getByLabel('Tamanho 1', { exact: true }).fill('Infantil')
  await page.getByRole('button', { name: 'Adicionar lote' }).click()
  const lote = group(page, 'Lote 1')
  await lote.getByLabel('Valor (R$)', { exact: true }).fill('80,00')
  await lote.getByRole('button', { name: 'Adicionar preço por modalidade ao lote 1' }).click()
  await lote.getByLabel('Modalidade do preço 1', { exact: true }).selectOption('10 km')
  await lote.getByLabel('Valor do preço 1 (R$)', { exact: true }).fill('99,90')
  await group(page, 'Modalidade 1').getByLabel('Vagas da modalidade', { exact: true }).fill('150')
  // The lot's price follows its modality when the modality is renamed.
  await group(page, 'Modalidade 1').getByLabel('Nome da modalidade', { exact: true }).fill('10K')
  await expect(lote.getByLabel('Modalidade do preço 1', { exact: true })).toHaveValue('10K')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

  expect((await save(page, id)).status()).toBe(200)

  await page.goto(`/cadastro/${id}`)
  await expect(page.getByRole('radio', { name: 'Vender pelo Pelotão' })).toBeChecked()
  await expect(page.getByLabel('Vagas do evento', { exact: true })).toHaveValue('300')
  await expect(page.getByLabel('Edição da inscrição até', { exact: true })).toHaveValue(nextYear(8, 31))
  await expect(page.getByLabel('Meia-entrada para 60+', { exact: true })).not.toBeChecked()
  await expect(page.getByLabel('Tamanho 1', { exact: true })).toHaveValue('Infantil')
  await expect(group(page, 'Lote 1').getByLabel('Modalidade do preço 1', { exact: true })).toHaveValue('10K')
  await expect(group(page, 'Lote 1').getByLabel('Valor do preço 1 (R$)', { exact: true })).toHaveValue('99,90')
  await expect(group(page, 'Modalidade 1').getByLabel('Vagas da modalidade', { exact: true })).toHaveValue('150')

  const offer = await (await page.request.get(`/api/events/${id}/inscricao`)).json()
  expect(offer.aberta, JSON.stringify(offer)).toBe(true)
  expect(offer.meiaEntradaIdoso).toBe(false)
  expect(offer.tamanhosCamiseta).toEqual(['Infantil', 'P', 'M', 'G', 'GG', 'XG'])
  expect(offer.modalidades).toEqual([
    expect.objectContaining({ nome: '10K', valor: 99.9, vagasRestantes: 150 }),
    expect.objectContaining({ nome: '5 km', valor: 80, vagasRestantes: 300 }),
  ])
})

test('a price in free text cannot be sold by Pelotão: the shared message beside the price format (REG-32)', async ({
  page,
}) => {
  await signedInUser(page)
  const id = await createEvent(page.request, {
    titulo: `Corrida do Texto ${marker()}`,
    dataEvento: nextYear(10, 4),
    km: [5],
  })
  const message = constants.messages.textoComPelotao

  await page.goto(`/cadastro/${id}`)
  await group(page, 'Formato de preço').getByRole('radio', { name: 'Texto livre' }).check()
  await page.getByLabel('Preços (texto)', { exact: true }).fill('R$ 90 até agosto')
  await page.getByRole('radio', { name: 'Vender pelo Pelotão' }).check()
  await page.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(group(page, 'Formato de preço')).toHaveAccessibleDescription(message)
  await expect(page.getByLabel('Preços (texto)', { exact: true })).toHaveValue('R$ 90 até agosto')

  // The server refuses the same document at the same field with the same words.
  const event = await (await page.request.get(`/api/events/${id}`)).json()
  const refused = await page.request.put(`/api/events/${id}`, {
    data: {
      ...event,
      inscricoes: { ...event.inscricoes, modo: 'pelotao', tipoPreco: 'texto', lotes: [], textoPreco: 'R$ 90' },
    },
  })
  expect(refused.status()).toBe(422)
  expect((await refused.json()).error.fields).toMatchObject({ 'inscricoes.tipoPreco': message })
})
