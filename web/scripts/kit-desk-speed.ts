// Measures the kit desk in Chromium with the CPU slowed 4× (CDP), as a mid-range phone:
// the first roster download of 30,000 participants (bytes, time until the desk can search), the
// desk opened again with the roster on the device, and there each keystroke of a search (input →
// results on screen). A measurement, not a test: it prints
// figures and fails only when the desk does not work.
//
//   make build && cd web && npx jiti scripts/kit-desk-speed.ts
import { chromium, request } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cpfDigits } from '../e2e/cpf'

const participants = 30_000
const dir = mkdtempSync(path.join(tmpdir(), 'pelotao-kit-speed-'))
const port = 30000 + Math.floor(Math.random() * 10000)
const base = `http://127.0.0.1:${port}`
const server = spawn('../bin/pelotao', ['serve'], {
  env: {
    ...process.env,
    PELOTAO_ADDR: `127.0.0.1:${port}`,
    PELOTAO_BASE_URL: base,
    PELOTAO_DATABASE_URL: `sqlite:${path.join(dir, 'db')}`,
    PELOTAO_OUTBOX: path.join(dir, 'outbox'),
  },
  stdio: 'ignore',
})

/** The `n`th participant's CPF. */
const cpf = (n: number) => cpfDigits(String(100000000 + n * 37).padStart(9, '0'))

const first = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Carlos',
  'Adriana',
  'Paulo',
  'Juliana',
  'Lucas',
  'Márcia',
  'Luís',
  'Fernanda',
  'Pedro',
  'Patrícia',
]
const last = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Conceição',
]

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      if (i > 100) throw new Error('pelotao did not start')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const api = await request.newContext({ baseURL: base })
  const creds = { email: 'medida@exemplo.com.br', password: 'medida-do-balcao', displayName: 'Medida' }
  await api.post('/api/auth/signup', { data: creds })
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const event = await (
    await api.post('/api/events', {
      data: { titulo: 'Corrida da Medida', dataEvento: tomorrow, local: { cidade: 'Recife', estado: 'PE' } },
    })
  ).json()
  const rows = ['Nome;CPF;Modalidade;Camiseta;Peito;Pago']
  for (let i = 0; i < participants; i++) {
    rows.push(
      `${first[i % 16]} ${last[(i >> 4) % 16]} da ${last[(i >> 8) % 16]} ${last[(i * 7) % 16]};${cpf(i)};${['5 km', '10 km', '21 km'][i % 3]};M;${i + 1};Sim`,
    )
  }
  const imported = await api.post(`/api/events/${event.id}/participants`, {
    multipart: { file: { name: 'inscritos.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) } },
    timeout: 300_000,
  })
  if (!imported.ok()) throw new Error(`import: ${imported.status()} ${await imported.text()}`)

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  const login = await context.request.post(`${base}/api/auth/login`, {
    data: { email: creds.email, password: creds.password },
  })
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`)
  await context.addInitScript(() => localStorage.setItem('pelotao-retirada-balcao', 'Balcão 1'))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let rosterBytes = 0
  page.on('response', async (res) => {
    if (res.url().includes('/checkin/roster') && !res.url().includes('since='))
      rosterBytes = Number((await res.headerValue('content-length')) ?? 0)
  })
  const start = Date.now()
  await page.goto(`${base}/retirada/${event.id}`)
  await page
    .getByText(`0 de ${participants.toLocaleString('pt-BR')} kits retirados`)
    .waitFor({ timeout: 90_000 })
    .catch(async (err: unknown) => {
      console.error(await page.locator('body').innerText())
      throw err
    })
  const ready = Date.now() - start
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 90_000 })
  const searchable = Date.now() - start
  // Where the first opening's time went, from the page's start (User Timing marks of the desk).
  const firstPhases = await page.evaluate(() => {
    const mark = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN
    return { stored: mark('retirada:baixada'), index: mark('retirada:indice') }
  })

  // Opened again, as a volunteer does many times a day: the roster is on the device already, and
  // its copy as one text is written within 10 s of a change (src/features/kit-desk/sync.ts keepAfter).
  await page.waitForTimeout(11_000)
  const openAgain = async () => {
    await page.reload()
    await page.getByText(`0 de ${participants.toLocaleString('pt-BR')} kits retirados`).waitFor({ timeout: 90_000 })
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 90_000 })
  }
  const again = Date.now()
  await openAgain()
  const reopened = Date.now() - again
  // Where the time went, from the page's start (User Timing marks of the desk).
  const phases = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const mark = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN
    return {
      html: nav.responseEnd,
      scripts: nav.domContentLoadedEventEnd,
      roster: mark('retirada:lista'),
      index: mark('retirada:indice'),
    }
  })

  // Each keystroke, on the desk opened again: the time from the input event until the frame that
  // shows its results is painted, whichever frame that is (a deferred render comes frames after the
  // keystroke's own). The first frame whose animation callbacks find the results in the page (the
  // desk's User Timing mark retirada:resultados, made as React puts them there) paints them, and a
  // task queued from those callbacks runs once it has. (Waiting for the page to be idle instead
  // ended, at times, before that frame: an idle callback may run between React's commit and the
  // next frame.)
  const typed = (queries: string[]) =>
    page.evaluate(async (queries: string[]) => {
      const input = document.querySelector<HTMLInputElement>('#busca-retirada')!
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const out: [string, number, number][] = []
      for (const q of queries) {
        performance.clearMeasures('retirada:busca')
        performance.clearMarks('retirada:resultados')
        const t0 = performance.now()
        setValue.call(input, q)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await new Promise((painted) => {
          const frame = () =>
            performance.getEntriesByName('retirada:resultados').length > 0
              ? setTimeout(painted, 0)
              : requestAnimationFrame(frame)
          requestAnimationFrame(frame)
        })
        const searched = performance.getEntriesByName('retirada:busca').reduce((sum, e) => sum + e.duration, 0)
        out.push([q, performance.now() - t0, searched])
        await new Promise((r) => setTimeout(r, 100)) // the next keystroke comes a moment later
      }
      return out
    }, queries)
  const timings = await typed([
    'j',
    'jo',
    'joa',
    'joao',
    'joao ',
    'joao s',
    'joao si',
    'joao sil',
    'joao silv',
    '',
    'zuleica',
    '',
    '1',
    '12',
    '123',
    '1234',
    '',
    '123.456',
    '123.456.789-09',
    '',
    '7xk2',
    '7xk2-mp9q',
    '7xk2-mp9q-rz',
    '',
  ])
  // The first letter is the page's first search and first cards: one figure of it says little on a
  // busy machine, so it is timed again on the desk opened anew a few more times.
  const firstLetters: number[] = []
  for (let i = 0; i < 5; i++) {
    await openAgain()
    firstLetters.push((await typed(['j']))[0]![1])
  }
  console.log(
    `roster of ${participants} participants: ${(rosterBytes / 1024 / 1024).toFixed(2)} MB gzip (CPU 4× slower)`,
  )
  console.log(
    `first opening: roster shown ${(ready / 1000).toFixed(1)} s, ready to search ${(searchable / 1000).toFixed(1)} s after opening`,
  )
  console.log(
    `  from the page's start: roster downloaded and kept on the device ${firstPhases.stored.toFixed(0)} ms, search index ${firstPhases.index.toFixed(0)} ms`,
  )
  console.log(`opened again (roster on the device): ready to search ${(reopened / 1000).toFixed(1)} s after opening`)
  console.log(
    `  from the page's start: page ${phases.html.toFixed(0)} ms, scripts ${phases.scripts.toFixed(0)} ms, roster read from the device ${phases.roster.toFixed(0)} ms, search index ${phases.index.toFixed(0)} ms`,
  )
  console.log(
    'CPU 4× slower; search = the search itself (User Timing retirada:busca); keystroke = input → the frame with its results painted',
  )
  for (const [q, ms, searched] of timings)
    console.log(`"${q}": search ${searched.toFixed(1)} ms, keystroke ${ms.toFixed(1)} ms`)
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b)
    return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`
  }
  const letters = timings.filter(([q]) => q !== '')
  console.log(`search: ${stat(letters.map(([, , s]) => s))}; keystroke: ${stat(letters.map(([, ms]) => ms))}`)
  console.log(
    `the first letter "j" on the desk opened again ${firstLetters.length} more times: keystroke ${firstLetters.map((ms) => ms.toFixed(1)).join(', ')} ms (${stat(firstLetters)})`,
  )
  await browser.close()
} finally {
  server.kill('SIGTERM')
}
