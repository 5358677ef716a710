import { request as newRequest, type Page } from '@playwright/test'
import { confirmEmail, createUser, signIn } from './accounts'
import { violations } from './axe'
import { createEvent, lastYear, marker, nextYear, sellThroughPelotao } from './events'
import { expect, phoneAndDesktop, test } from './fixtures'

// What pages say that was not true (issue 28, "Past events say what is true" and "Small truths"),
// beside the journeys of web/e2e/newcomer.spec.ts (preliminary results, '50 anos ou mais', the bar
// of an event sold elsewhere, the placeholder after the form). Each runs on a 375 px phone and a
// 1280 px screen.

const money = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v)
const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ')

/** The layout shifts the page saw since it loaded, each with the elements that moved. */
function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] }
        new PerformanceObserver((list) =>
          resolve(
            (list.getEntries() as Shift[]).map((e) => ({
              value: e.value,
              moved: e.sources.map((s) =>
                s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node?.nodeName),
              ),
            })),
          ),
        ).observe({ type: 'layout-shift', buffered: true })
        // With no shift at all the observer is never called.
        setTimeout(() => resolve([]), 500)
      }),
  )
}

for (const { name, viewport } of phoneAndDesktop) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport })

    test("a race already run whose status still says 'Inscrições Abertas' reads 'Evento Realizado', offers no registration nor calendar, and the server sells it no more (TRUTH-1, TRUTH-2, EVT-33)", async ({
      page,
    }) => {
      await createUser(page.request, { displayName: 'Organizadora' })
      const titulo = `Corrida Já Corrida ${marker()}`
      const id = await createEvent(page.request, {
        titulo,
        dataEvento: lastYear(5, 10),
        status: 'Inscrições Abertas',
        km: [10],
      })
      await sellThroughPelotao(page.request, id)

      // The server's answer and its drawn page, before any script runs.
      const offer = (await (await page.request.get(`/api/events/${id}/inscricao`)).json()) as {
        aberta: boolean
        codigo: string
        motivo: string
      }
      expect(offer).toMatchObject({
        aberta: false,
        codigo: 'inscricoes-encerradas',
        motivo: 'Este evento já aconteceu.',
      })
      const html = await (await page.request.get(`/event/${id}`)).text()
      expect(html).not.toContain('schema.org/InStock') // the JSON-LD offer
      // The drawn markup, without the page's data (the document, whose status is unchanged).
      const markup = html.replace(/<script[\s\S]*?<\/script>/g, '')
      expect(markup).toContain('Evento Realizado')
      expect(markup).not.toContain('Inscrições Abertas')
      expect(markup).not.toContain('Inscreva-se')
      expect(markup).not.toContain('Adicionar ao calendário')
      expect(markup).toContain('Resultados ainda não publicados')

      await page.goto(`/event/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Evento Realizado' })).toBeDisabled()
      await expect(page.getByText('Inscrições Abertas')).toHaveCount(0)
      await expect(page.getByRole('link', { name: /Inscreva-se/ })).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Inscrição' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Adicionar ao calendário' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: /Google Agenda/ })).toHaveCount(0)
      // No results imported nor attached: said, not linked to an empty page (EVT-34).
      await expect(page.getByText('Resultados ainda não publicados')).toBeVisible()
      await expect(page.getByRole('link', { name: /Ver resultados/ })).toHaveCount(0)
      expect(await violations(page)).toEqual([])

      // Its registration form, opened by its address, says why instead of taking an order.
      await page.goto(`/inscricao/${id}`)
      await expect(page.getByRole('status')).toHaveText('Este evento já aconteceu.')
      await expect(page.getByRole('button', { name: 'Continuar para o pagamento' })).toHaveCount(0)
      await expect(page.getByLabel('Nome completo')).toHaveCount(0)
    })

    test('a past card says what its event has published: the results it links to, or that there are none yet (HOME-19)', async ({
      page,
    }) => {
      await createUser(page.request, { displayName: 'Organizadora' })
      const word = marker()
      const titulo = `Corrida Sem Resultados ${word}`
      const id = await createEvent(page.request, { titulo, dataEvento: lastYear(5, 10), km: [10] })
      const address = `/?aba=anteriores&q=${word}`

      // Drawn by the server so, before any script runs; the card still leads to the results page (HOME-12).
      const markup = (await (await page.request.get(address)).text()).replace(/<script[\s\S]*?<\/script>/g, '')
      const drawn = markup.match(new RegExp(`<a[^>]*href="/resultado/${id}"[\\s\\S]*?</a>`))?.[0]
      expect(drawn, 'the drawn card').toBeDefined()
      expect(drawn).toContain('Resultados ainda não publicados')
      expect(drawn).not.toContain('Ver resultados')

      await page.goto(address)
      const card = page.getByRole('tabpanel').getByRole('link', { name: titulo })
      await expect(card).toContainText('Resultados ainda não publicados')
      await expect(card).not.toContainText('Ver resultados')
      await expect(card).toHaveAttribute('href', `/resultado/${id}`)

      // A demo event with a preliminary set names its results so on its card, as on its page (EVT-33).
      const past = (await (await page.request.get('/api/events?when=past')).json()) as {
        events: { titulo: string; resultados: string }[]
      }
      const preliminary = past.events.find((e) => e.resultados === 'preliminar')
      expect(preliminary, 'a past demo event with a preliminary set').toBeDefined()
      await page.goto(`/?aba=anteriores&q=${encodeURIComponent(preliminary!.titulo)}`)
      await expect(page.getByRole('tabpanel').getByRole('link', { name: preliminary!.titulo }).first()).toContainText(
        'Ver resultados preliminares',
      )
      expect(await violations(page)).toEqual([])
    })

    test("'Eventos em que trabalho' lists the next event first, then later ones, past ones last (TEAM-9)", async ({
      page,
      baseURL,
    }) => {
      test.slow() // two accounts (argon2), an e-mail read from the outbox and three invitations
      const owner = await newRequest.newContext({ baseURL })
      try {
        await createUser(owner, { displayName: 'Dona das Provas' })
        const word = marker()
        // Made in another order than the one the volunteer needs.
        const later = { titulo: `Prova Mais Tarde ${word}`, dataEvento: nextYear(10, 4) }
        const past = { titulo: `Prova Passada ${word}`, dataEvento: lastYear(3, 8) }
        const next = { titulo: `Prova Seguinte ${word}`, dataEvento: nextYear(2, 1) }
        const volunteer = await createUser(page.request, { displayName: 'Voluntária' })
        await confirmEmail(page.request, volunteer.email)
        for (const e of [later, past, next]) {
          const id = await createEvent(owner, { ...e, km: [5] })
          const invited = await owner.post(`/api/events/${id}/staff`, {
            data: { email: volunteer.email, role: 'retirada' },
          })
          expect(invited.status(), await invited.text()).toBe(201)
        }
        await signIn(page, volunteer)
        await page.goto('/dashboard')
        const work = page.getByRole('list', { name: 'Eventos em que trabalho' })
        await expect(work.getByRole('heading', { level: 3 })).toHaveText([next.titulo, later.titulo, past.titulo])
        // The first line leads to its kit desk.
        await expect(
          work
            .getByRole('listitem')
            .first()
            .getByRole('link', { name: `Balcão de retirada de ${next.titulo}` }),
        ).toBeVisible()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
      } finally {
        await owner.dispose()
      }
    })

    test('cards show the whole banner, whatever its proportions: the home grid in its box, the athlete panel in its own (TRUTH-3)', async ({
      page,
    }) => {
      await createUser(page.request, { displayName: 'Organizadora' })
      // A tall picture as the wide banner: the demo's phone banner, far from the card's 5:2.
      const demo = (await (await page.request.get('/api/events/corrida-das-pontes-do-recife')).json()) as {
        banners: { mobile: string }
      }
      const word = marker()
      const titulo = `Corrida do Banner ${word}`
      const id = await createEvent(page.request, { titulo, dataEvento: nextYear(6, 21), km: [10] })
      const doc = (await (await page.request.get(`/api/events/${id}`)).json()) as Record<string, unknown>
      const saved = await page.request.put(`/api/events/${id}`, {
        data: {
          ...doc,
          linkCompra: 'https://ingressos.example/banner',
          banners: { desktop: demo.banners.mobile, mobile: '' },
        },
      })
      expect(saved.status(), await saved.text()).toBe(200)

      /**
       * The share of the picture drawn: 1 when all of it shows. 'contain' fits the whole picture in
       * the box; otherwise a box of other proportions than the picture's crops (or squeezes) it.
       */
      const shownShare = (img: HTMLImageElement) => {
        if (getComputedStyle(img).objectFit === 'contain') return 1
        const box = img.getBoundingClientRect()
        const [boxRatio, natural] = [box.width / box.height, img.naturalWidth / img.naturalHeight]
        return Math.min(boxRatio / natural, natural / boxRatio)
      }

      await page.goto(`/?q=${word}`)
      const card = page.getByRole('link', { name: titulo })
      const picture = card.getByRole('img', { name: `Banner de ${titulo}` })
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
      const natural = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight)
      expect(natural, 'a picture far from 5:2').toBeLessThan(2)
      expect(await picture.evaluate(shownShare)).toBeCloseTo(1, 2)

      await page.goto('/dashboard')
      await page.getByRole('tab', { name: 'Painel do Atleta' }).click()
      await page.getByLabel('Buscar por nome ou local').fill(word)
      const athleteCard = page.getByRole('link', { name: titulo })
      const athletePicture = athleteCard.locator('img')
      await expect
        .poll(() => athletePicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
      expect(await athletePicture.evaluate(shownShare)).toBeCloseTo(1, 2)
      const box = (await athletePicture.boundingBox())!
      expect(box.width / box.height).toBeCloseTo(natural, 1)
    })

    test("an event sold here keeps its current lot's price in reach on a phone, without moving the page, and only there (EVT-32, TRUTH-4)", async ({
      page,
    }) => {
      const id = 'corrida-das-pontes-do-recife' // the demo event sold in Pelotão (REG-155)
      const offer = (await (await page.request.get(`/api/events/${id}/inscricao`)).json()) as {
        aberta: boolean
        lote: { nome: string } | null
        modalidades: { valor: number | null }[]
      }
      expect(offer.aberta, 'the demo event sold here is open').toBe(true)
      const prices = offer.modalidades.flatMap((m) => (m.valor == null ? [] : [m.valor]))
      const lowest = Math.min(...prices)
      // Modalities at different prices: the lowest is "a partir de" (the demo's 3 km costs less than its 10 km).
      const label = new Set(prices).size > 1 ? `${offer.lote!.nome} · a partir de` : offer.lote!.nome

      // The server's markup already holds the bar, with the room its price will take.
      const html = await (await page.request.get(`/event/${id}`)).text()
      expect(html).toContain('aria-label="Inscrição"')

      await page.goto(`/event/${id}`)
      const bar = page.getByRole('region', { name: 'Inscrição' })
      if (viewport.width >= 768) {
        await expect(bar).toBeHidden()
        return
      }
      await expect(bar).toBeInViewport({ ratio: 1 })
      await expect.poll(async () => plain(await bar.textContent())).toContain(`${label}${plain(money(lowest))}`)
      const cta = bar.getByRole('link', { name: 'Inscreva-se' })
      await expect(cta).toHaveAttribute('href', `/inscricao/${id}`)
      const shifts = await layoutShifts(page)
      expect(shifts.filter((s) => s.moved.some((m) => m.includes('Inscrição') || m.includes('R$')))).toEqual([])
      expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.01)

      // Halfway down, where the sidebar's button is out of sight, the bar is still there.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
      await expect(bar).toBeInViewport({ ratio: 1 })
      await expect(page.getByRole('button', { name: 'Inscreva-se Agora' })).not.toBeInViewport()
      expect(await violations(page)).toEqual([])
      await cta.click()
      await expect(page).toHaveURL(`/inscricao/${id}`)
    })

    test('an event without a banner opens on a compact block with its category, on its page and its card (EVT-5)', async ({
      page,
    }) => {
      await createUser(page.request, { displayName: 'Organizadora' })
      const word = marker()
      const titulo = `Trilha Sem Foto ${word}`
      const id = await createEvent(page.request, { titulo, dataEvento: nextYear(7, 12), km: [21] })
      const doc = (await (await page.request.get(`/api/events/${id}`)).json()) as Record<string, unknown>
      expect(
        (await page.request.put(`/api/events/${id}`, { data: { ...doc, categoria: 'Trail Running' } })).status(),
      ).toBe(200)

      await page.goto(`/event/${id}`)
      const placeholder = page.getByText('Sem imagem', { exact: true }).locator('..')
      await expect(placeholder).toContainText('Trail Running')
      expect((await placeholder.boundingBox())!.height).toBeLessThanOrEqual(viewport.width < 640 ? 112 : 160)
      // The first screen shows the event itself: its title and date.
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeInViewport()

      await page.goto(`/?q=${word}`)
      const card = page.getByRole('link', { name: titulo })
      await expect(card.getByText('Sem imagem', { exact: true }).locator('..')).toContainText('Trail Running')
    })
  })
}
