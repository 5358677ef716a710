import { createUser } from './accounts'
import { createEvent, inDays, marker } from './events'
import { expect, phone, test } from './fixtures'

// Finding events on the home page by the names runners type (issue 28 item 6, HOME-18, FIND-1,
// FIND-2): a state by its name, a city by its nickname, typed or arriving in the address; the
// names load only once a search is typed, so the home page's first download does not carry them.

const desktop = { width: 1280, height: 800 }
const placeNamesCode = (url: URL) => /^\/assets\/placeNames-.+\.js$/.test(url.pathname)

for (const [size, viewport] of [
  ['phone', phone],
  ['desktop', desktop],
] as const) {
  test.describe(`at ${viewport.width} px (${size})`, () => {
    test.use({ viewport })

    test('"paraná" finds the events in PR and "floripa" those in Florianópolis, in the page and in the API', async ({
      page,
      request,
    }) => {
      await createUser(request, { displayName: 'Organizador do Sul' })
      const word = marker()
      await createEvent(request, { titulo: `Corrida ${word}`, dataEvento: inDays(1), cidade: 'Curitiba', estado: 'PR' })
      await createEvent(request, {
        titulo: `Pedal ${word}`,
        dataEvento: inDays(1),
        cidade: 'Florianópolis',
        estado: 'SC',
      })
      const fetched: string[] = []
      page.on('request', (r) => {
        if (placeNamesCode(new URL(r.url()))) fetched.push(r.url())
      })
      await page.goto('/')
      const search = page.getByRole('searchbox', { name: 'Buscar' })
      await expect(search).toHaveAttribute('placeholder', 'Evento, cidade ou estado')
      const card = (titulo: string) => page.getByRole('heading', { name: `${titulo} ${word}` })
      await expect(card('Corrida')).toBeVisible()
      // The page before any search has not fetched the names.
      expect(fetched).toEqual([])

      await search.fill('paraná')
      await expect(card('Corrida')).toBeVisible()
      await expect(card('Pedal')).toHaveCount(0)
      expect(fetched).toHaveLength(1)
      await search.fill(`floripa ${word}`)
      await expect(card('Pedal')).toBeVisible()
      await expect(card('Corrida')).toHaveCount(0)
      await search.fill(`${word} PARANA`)
      await expect(card('Corrida')).toBeVisible()
      await expect(card('Pedal')).toHaveCount(0)
      await search.fill(`${word} santa catarina`)
      await expect(card('Pedal')).toBeVisible()
      await expect(card('Corrida')).toHaveCount(0)

      // The API answers alike, for a visitor before the app or another client.
      for (const [q, titles] of [
        [`floripa ${word}`, [`Pedal ${word}`]],
        [`paraná ${word}`, [`Corrida ${word}`]],
      ] as const) {
        const answer = await (await request.get(`/api/events?q=${encodeURIComponent(q)}`)).json()
        expect(
          answer.events.map((e: { titulo: string }) => e.titulo),
          q,
        ).toEqual(titles)
      }
    })

    test('a search in the address finds by place name once the page is up', async ({ page, request }) => {
      await createUser(request, { displayName: 'Organizadora do Sul' })
      const word = marker()
      await createEvent(request, {
        titulo: `Meia ${word}`,
        dataEvento: inDays(2),
        cidade: 'Florianópolis',
        estado: 'SC',
      })
      // The page the server draws searches by the words alone: it waits for the names rather than
      // saying that nothing was found.
      const drawn = await (await request.get(`/?q=${encodeURIComponent(`Floripa ${word}`)}`)).text()
      expect(drawn).toContain('Carregando eventos...')
      expect(drawn).not.toContain('Nenhum evento encontrado.')
      await page.goto(`/?q=${encodeURIComponent(`Floripa ${word}`)}`)
      await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(`Floripa ${word}`)
      await expect(page.getByRole('heading', { name: `Meia ${word}` })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)

      // A search that names nothing says so once the names are here.
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(`Floripa ${word} maratona`)
      await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()
    })
  })
}
