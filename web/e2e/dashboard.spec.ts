import AxeBuilder from '@axe-core/playwright'
import { request as newRequest, type Page } from '@playwright/test'
import { createUser, signedInUser } from './accounts'
import { createEvent, marker } from './events'
import { expect, phone, test } from './fixtures'

// The journeys of /dashboard: the athlete panel on real events, 'Meus eventos' per user, and the
// organizer prototype on sample data that never touches the server.

/** The calendar date `days` from today in São Paulo. */
function inDays(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** A separate API client for a second user, so its session never mixes with the page's. */
async function otherClient(baseURL: string | undefined) {
  return newRequest.newContext({ baseURL })
}

async function openOrganizerPanel(page: Page) {
  await page.goto('/dashboard')
  await page.getByRole('tab', { name: 'Painel do Organizador' }).click()
  await expect(page.getByRole('tab', { name: 'Painel do Organizador' })).toHaveAttribute('aria-selected', 'true')
}

const sampleEventCards = (page: Page) =>
  page.getByRole('list', { name: 'Eventos de exemplo' }).getByRole('heading', { level: 4 })

test.describe('athlete panel', () => {
  test('lists the open upcoming events soonest first and filters them as the athlete types', async ({ page }) => {
    const word = marker()
    await signedInUser(page)
    const soon = await createEvent(page.request, {
      titulo: `Corrida da Conceição ${word}`,
      dataEvento: inDays(2),
      cidade: 'São Paulo',
      km: [5, 10],
    })
    await createEvent(page.request, {
      titulo: `Pedal do Guaíba ${word}`,
      dataEvento: inDays(20),
      cidade: 'Porto Alegre',
      estado: 'RS',
    })
    await createEvent(page.request, {
      titulo: `Meia Encerrada ${word}`,
      dataEvento: inDays(5),
      status: 'Inscrições Encerradas',
    })
    await createEvent(page.request, { titulo: `Corrida de Ontem ${word}`, dataEvento: inDays(-1) })

    // The user now has events, so the dashboard opens on the organizer's panel (NAV-15); the athlete's is asked for.
    await page.goto('/dashboard?painel=atleta')
    await expect(page.getByRole('tab', { name: 'Painel do Atleta' })).toHaveAttribute('aria-selected', 'true')
    const search = page.getByRole('searchbox', { name: 'Buscar por nome ou local' })
    const cards = page.getByRole('tabpanel', { name: 'Painel do Atleta' }).getByRole('listitem')

    // The list is fetched once; from then on filtering is the browser's job (images aside).
    await expect(cards.first()).toBeVisible()
    const requests: string[] = []
    page.on('request', (r) => {
      if (['fetch', 'xhr'].includes(r.resourceType())) requests.push(r.url())
    })

    await search.fill(word.toLowerCase())
    await expect(cards.getByRole('heading')).toHaveText([`Corrida da Conceição ${word}`, `Pedal do Guaíba ${word}`])
    const first = cards.first()
    await expect(first.getByRole('link')).toHaveAttribute('href', `/event/${soon}`)
    await expect(first).toContainText('Parque da Cidade, São Paulo - SP')
    await expect(first).toContainText('5 km · 10 km')
    await expect(first).toContainText(inDays(2).split('-').reverse().join('/'))

    // Accents and case do not matter, and the list follows each keystroke.
    await search.fill('')
    await search.pressSequentially(`conceicao ${word.toUpperCase()}`)
    await expect(cards.getByRole('heading')).toHaveText([`Corrida da Conceição ${word}`])
    await search.fill(`guaiba ${word}`)
    await expect(cards.getByRole('heading')).toHaveText([`Pedal do Guaíba ${word}`])

    await search.fill(`${word} recife`)
    await expect(page.getByText('Nenhum evento futuro encontrado.')).toBeVisible()
    await expect(cards).toHaveCount(0)
    expect(requests).toEqual([])

    await search.fill(word)
    await cards.first().getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/event/${soon}$`))
  })
})

test.describe('organizer panel', () => {
  test("'Meus eventos' shows only the signed-in user's events, and deletes after confirmation", async ({
    page,
    baseURL,
  }) => {
    const word = marker()
    const other = await otherClient(baseURL)
    await createUser(other, { displayName: 'Bruno Organizador' })
    await createEvent(other, { titulo: `Evento do Bruno ${word}`, dataEvento: inDays(30) })
    await other.dispose()

    await signedInUser(page, { displayName: 'Ana Organizadora' })
    const mine = await createEvent(page.request, { titulo: `Evento da Ana ${word}`, dataEvento: inDays(40) })

    await openOrganizerPanel(page)
    const list = page.getByRole('list', { name: 'Meus eventos' })
    await expect(list.getByRole('heading')).toHaveText([`Evento da Ana ${word}`])
    await expect(page.getByText(`Evento do Bruno ${word}`)).toHaveCount(0)
    await expect(list.getByRole('link', { name: `Editar Evento da Ana ${word}` })).toHaveAttribute(
      'href',
      `/cadastro/${mine}`,
    )
    await expect(list.getByRole('link', { name: `Ver Evento da Ana ${word}` })).toHaveAttribute(
      'href',
      `/event/${mine}`,
    )
    await expect(page.getByRole('link', { name: 'Novo evento' })).toHaveAttribute('href', '/cadastro')

    await list.getByRole('button', { name: `Excluir Evento da Ana ${word}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Excluir evento' })
    await confirm.getByRole('button', { name: 'Cancelar' }).click()
    await expect(confirm).toBeHidden()
    await expect(list.getByRole('heading')).toHaveText([`Evento da Ana ${word}`])

    await list.getByRole('button', { name: `Excluir Evento da Ana ${word}` }).click()
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await expect(page.getByText(`Evento "Evento da Ana ${word}" excluído.`)).toBeVisible()
    await expect(page.getByText('Você ainda não cadastrou eventos.')).toBeVisible()
    expect((await page.request.get(`/api/events/${mine}`)).status()).toBe(404)
  })

  test('the sample dialog adds a third event in memory only: a reload brings back two', async ({ page }) => {
    await signedInUser(page)
    await openOrganizerPanel(page)
    await expect(page.getByText(/^Dados de exemplo/)).toBeVisible()
    await expect(sampleEventCards(page)).toHaveCount(2)

    await page.getByRole('button', { name: 'Criar Evento' }).click()
    const dialog = page.getByRole('dialog', { name: 'Criar Evento' })
    await dialog.getByRole('button', { name: 'Salvar evento' }).click()
    await expect(dialog.getByText('Informe o nome do evento.')).toBeVisible()
    await expect(sampleEventCards(page)).toHaveCount(2)

    await dialog.getByLabel('Nome do evento').fill('Trail da Mantiqueira')
    await dialog.getByLabel('Data').fill('2027-08-22')
    await dialog.getByLabel('Cidade').fill('Campos do Jordão')
    await dialog.getByLabel('Percurso').fill('21 km')
    await dialog.getByLabel('Preço (R$)').fill('180.50')
    await dialog.getByRole('button', { name: 'Salvar evento' }).click()
    await expect(dialog).toBeHidden()
    await expect(sampleEventCards(page)).toHaveText([
      'Corrida Noturna do Ibirapuera',
      'Pedal Serra Gaúcha',
      'Trail da Mantiqueira',
    ])
    await expect(page.getByRole('listitem').filter({ hasText: 'Trail da Mantiqueira' })).toContainText('Rascunho')

    await page.reload()
    await expect(sampleEventCards(page)).toHaveText(['Corrida Noturna do Ibirapuera', 'Pedal Serra Gaúcha'])
    // Nor did it reach the real events.
    const listed = (await (await page.request.get('/api/events?q=Mantiqueira')).json()) as { events: unknown[] }
    expect(listed.events).toEqual([])
  })

  test('the organizer prototype makes no network request while in use', async ({ page }) => {
    await signedInUser(page)
    await openOrganizerPanel(page)
    // 'Meus eventos' is real data and loads first; from then on, only the prototype is used.
    await expect(page.getByText('Você ainda não cadastrou eventos.')).toBeVisible()
    // The prototype's own code arrives when the panel opens (OrganizerPanel loads it lazily).
    const tabs = page.getByRole('tablist', { name: 'Seções do protótipo' })
    await expect(tabs).toBeVisible()
    const requests: string[] = []
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`))

    for (const name of ['Inscrições', 'Check-in', 'Resultados', 'Financeiro', 'Configurações', 'Visão Geral']) {
      await tabs.getByRole('tab', { name }).click()
      await expect(page.getByRole('tabpanel', { name })).toBeVisible()
    }
    await tabs.getByRole('tab', { name: 'Inscrições' }).click()
    await page.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou documento' }).fill('joao')
    await expect(page.getByRole('table', { name: 'Inscrições' }).getByRole('rowheader')).toHaveText(['João Conceição'])
    await tabs.getByRole('tab', { name: 'Check-in' }).click()
    await page.getByRole('checkbox', { name: 'Kit retirado: Mariana Araújo, nº 102' }).check()
    await page.getByRole('button', { name: 'Criar Evento' }).click()
    const dialog = page.getByRole('dialog', { name: 'Criar Evento' })
    await dialog.getByLabel('Nome do evento').fill('Desafio Local')
    await dialog.getByLabel('Data').fill('2027-10-10')
    await dialog.getByLabel('Cidade').fill('Curitiba')
    await dialog.getByLabel('Percurso').fill('10 km')
    await dialog.getByLabel('Preço (R$)').fill('0')
    await dialog.getByRole('button', { name: 'Salvar evento' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Criar Evento' }).click()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    expect(requests).toEqual([])
  })

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: phone, hasTouch: true })

    test('both panels fit the screen; wide tables become cards, with nothing to scroll sideways', async ({ page }) => {
      await signedInUser(page)
      await page.goto('/dashboard')
      await expect(page.getByRole('tab', { name: 'Painel do Atleta' })).toBeVisible()
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
      expect(await pageWidth()).toBe(phone.width)

      await page.getByRole('tab', { name: 'Painel do Organizador' }).click()
      await page.getByRole('tab', { name: 'Inscrições' }).click()
      const table = page.getByRole('region', { name: 'Inscrições' })
      await expect(table).toBeVisible()
      expect(await pageWidth()).toBe(phone.width)
      const box = await table.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }))
      expect(box.scroll).toBeLessThanOrEqual(box.client)
    })

    test('every panel, section and the dialog pass the axe accessibility checks', async ({ page, baseURL }) => {
      test.slow() // eight axe runs over whole panels: past 30 s on a busy machine
      const violations = async () =>
        (await new AxeBuilder({ page }).analyze()).violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        )
      await signedInUser(page)
      // A card without a banner shows the 'Sem imagem' box, which must be legible too. Another user
      // owns it: this one, with no events, still sees the prototype and its dialog (ORG-13).
      const other = await otherClient(baseURL)
      await createUser(other)
      await createEvent(other, { titulo: `Sem Banner ${marker()}`, dataEvento: inDays(1), km: [21.1] })
      await other.dispose()
      await page.goto('/dashboard')
      await expect(
        page.getByRole('tabpanel', { name: 'Painel do Atleta' }).getByText('Sem imagem').first(),
      ).toBeVisible()
      expect(await violations()).toEqual([])

      await page.getByRole('tab', { name: 'Painel do Organizador' }).click()
      await expect(page.getByText('Você ainda não cadastrou eventos.')).toBeVisible()
      for (const name of ['Visão Geral', 'Inscrições', 'Check-in', 'Resultados', 'Financeiro', 'Configurações']) {
        await page.getByRole('tab', { name }).click()
        await expect(page.getByRole('tabpanel', { name })).toBeVisible()
        expect(await violations(), name).toEqual([])
      }
      await page.getByRole('button', { name: 'Criar Evento' }).click()
      await page.getByRole('dialog', { name: 'Criar Evento' }).getByRole('button', { name: 'Salvar evento' }).click()
      await expect(page.getByText('Informe o preço.')).toBeVisible()
      expect(await violations()).toEqual([])
    })
  })
})
