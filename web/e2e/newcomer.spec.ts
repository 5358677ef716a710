import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { signedInUser } from './accounts'
import { marker } from './events'
import { expect, phone, test } from './fixtures'

// Where a newcomer stopped (issue 28): the end of the event form, a past event with preliminary
// results, an age group open above and the registration bar on a phone (the organizer's first visit
// to the panel is organizer-panel.spec.ts). Each journey runs on a 375 px phone and a 1280 px screen.

const widths = [
  { name: '375 px', viewport: phone },
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
]

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )

/** Today in São Paulo, as the site counts days. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())

const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v)
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ')

type Lote = { nome: string; valor: number | null; dataLimite: string }
type Detail = {
  id: string
  titulo: string
  status: string
  linkCompra: string
  dataEvento: string
  inscricoes: { tipoPreco: string; lotes: Lote[] }
}

async function detailsOf(request: APIRequestContext, query: string): Promise<Detail[]> {
  const list = (await (await request.get(`/api/events?${query}`)).json()) as { events: { id: string }[] }
  return Promise.all(list.events.map(async (e) => (await (await request.get(`/api/events/${e.id}`)).json()) as Detail))
}

for (const { name, viewport } of widths) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport })

    test("the form's end takes the organizer to the new event's workspace, at a readable address (FORM-40, FORM-41, EVT-5)", async ({
      page,
    }) => {
      await signedInUser(page)
      const word = marker()
      const titulo = `Corrida da Lagoa ${word}`
      const year = new Date().getFullYear() + 1
      await page.goto('/cadastro')
      await page.getByLabel('Título do evento', { exact: true }).fill(titulo)
      await page.getByLabel('Data do evento', { exact: true }).fill(`${year}-05-09`)
      await page.getByLabel('Cidade', { exact: true }).fill('Rio de Janeiro')
      await page.getByLabel('Estado (UF)', { exact: true }).selectOption('RJ')
      await page.getByRole('button', { name: 'Salvar Evento' }).click()

      const id = `corrida-da-lagoa-${word.toLowerCase()}-${year}`
      await expect(page).toHaveURL(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await expect(page.getByText(`Evento "${titulo}" salvo com sucesso!`)).toBeVisible()
      await expect(page.getByTestId('sucesso')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Editar este evento' })).toHaveAttribute('href', `/cadastro/${id}`)
      expect(await axe(page)).toEqual([])

      // The public page, at the readable address; without a banner, a compact block with the category.
      await page.getByRole('link', { name: 'Ver página do evento' }).click()
      await expect(page).toHaveURL(`/event/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      const placeholder = page.getByText('Sem imagem', { exact: true }).locator('..')
      await expect(placeholder).toContainText('Corrida de Rua')
      const box = (await placeholder.boundingBox())!
      expect(box.height).toBeLessThanOrEqual(160)
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    })

    test('a past event with preliminary results says so, and offers no calendar (EVT-33)', async ({ page }) => {
      const past = await detailsOf(page.request, 'when=past')
      const sets = await Promise.all(
        past.map(async (e) => ({
          e,
          sets: (
            (await (await page.request.get(`/api/events/${e.id}/results`)).json()) as {
              resultSets: { status: string }[]
            }
          ).resultSets,
        })),
      )
      const preliminary = sets.find((s) => s.sets.some((r) => r.status === 'preliminar'))
      const official = sets.find((s) => s.sets.length > 0 && s.sets.every((r) => r.status === 'oficial'))
      expect(preliminary, 'a past demo event with a preliminary set').toBeDefined()
      expect(official, 'a past demo event whose sets are all official').toBeDefined()

      // Drawn by the server so, before any script runs.
      const html = await (await page.request.get(`/event/${preliminary!.e.id}`)).text()
      expect(html).toContain('Ver resultados preliminares')
      expect(html).not.toContain('Ver resultados oficiais')
      expect(html).not.toContain('Adicionar ao calendário')

      await page.goto(`/event/${preliminary!.e.id}`)
      const link = page.getByRole('link', { name: 'Ver resultados preliminares' })
      await expect(link).toBeVisible()
      await expect(page.getByRole('link', { name: 'Ver resultados oficiais' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Adicionar ao calendário' })).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Inscrição' })).toHaveCount(0)
      await link.click()
      await expect(page).toHaveURL(`/resultado/${preliminary!.e.id}`)

      await page.goto(`/event/${official!.e.id}`)
      await expect(page.getByRole('link', { name: 'Ver resultados oficiais' })).toBeVisible()
    })

    test("an age group open above reads '50 anos ou mais' (FMT-10)", async ({ page }) => {
      await signedInUser(page)
      const titulo = `Corrida Master ${marker()}`
      const res = await page.request.post('/api/events', {
        data: {
          titulo,
          dataEvento: `${new Date().getFullYear() + 1}-08-10`,
          local: { local: '', endereco: '', cidade: 'Curitiba', estado: 'PR' },
          largadas: [{ id: 'geral', nome: 'Largada Geral', horario: '07:00' }],
          modalidades: [
            {
              nome: '10 km',
              km: 10,
              largadaId: 'geral',
              categorias: [
                { nome: 'Master', idadeInicial: 50, idadeLimite: 120, qualquerIdade: false, genero: 'Misto' },
                { nome: 'Adulto', idadeInicial: 18, idadeLimite: 49, qualquerIdade: false, genero: 'Misto' },
              ],
            },
          ],
        },
      })
      expect(res.status(), await res.text()).toBe(201)
      const { id } = (await res.json()) as { id: string }
      await page.goto(`/event/${id}`)
      const modality = page.locator('details').filter({ hasText: 'Master' })
      await expect(modality.getByText('50 anos ou mais', { exact: true })).toBeVisible()
      await expect(modality.getByText('18 a 49 anos', { exact: true })).toBeVisible()
      await expect(page.getByText('50 a 120 anos')).toHaveCount(0)
    })

    test('the registration bar keeps the current lot in reach on a phone, and only there (EVT-32)', async ({
      page,
    }) => {
      const upcoming = await detailsOf(page.request, 'when=upcoming')
      const event = upcoming.find(
        (e) =>
          e.status === 'Inscrições Abertas' &&
          e.linkCompra &&
          e.inscricoes.tipoPreco === 'lotes' &&
          e.inscricoes.lotes.length > 0,
      )
      expect(event, 'an upcoming demo event open for registration, priced by lots').toBeDefined()
      // The first lot, in order, whose deadline is today or later (or that has none).
      const lot = event!.inscricoes.lotes.find(
        (l) => l.valor != null && (!l.dataLimite || l.dataLimite.slice(0, 10) >= today()),
      )
      await page.goto(`/event/${event!.id}`)
      const bar = page.getByRole('region', { name: 'Inscrição' })
      if (viewport.width >= 768) {
        await expect(bar).toBeHidden()
        return
      }
      await expect(bar).toBeInViewport({ ratio: 1 })
      if (lot) {
        expect(plain(await bar.textContent())).toContain(`${lot.nome}${plain(money(lot.valor!))}`)
      }
      const cta = bar.getByRole('link', { name: 'Inscreva-se' })
      await expect(cta).toHaveAttribute('href', event!.linkCompra)
      await expect(cta).toHaveAttribute('target', '_blank')
      // Still in reach halfway down the page, where the sidebar's button is far away.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
      await expect(bar).toBeInViewport({ ratio: 1 })
      await expect(page.getByRole('button', { name: 'Inscreva-se Agora' })).not.toBeInViewport()
      // At the end it holds its own room: the footer is below it, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const barBox = (await bar.boundingBox())!
      const footerBox = (await page.getByRole('contentinfo').boundingBox())!
      expect(footerBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1)
      expect(await axe(page)).toEqual([])
    })
  })
}
