import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The journeys run against the real binary (make build → ../bin/pelotao) on a temporary database
// with demo content. The folder and port are chosen once, here in the runner process, and reach
// the workers through the environment (tests read the outbox from PELOTAO_E2E_DIR).
process.env.PELOTAO_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'pelotao-e2e-'))
process.env.PELOTAO_E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000))
const dir = process.env.PELOTAO_E2E_DIR
const port = process.env.PELOTAO_E2E_PORT
export const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: '../bin/pelotao serve',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PELOTAO_ADDR: `127.0.0.1:${port}`,
      PELOTAO_BASE_URL: baseURL,
      PELOTAO_DATABASE_URL: `sqlite:${path.join(dir, 'pelotao.db')}`,
      PELOTAO_OUTBOX: path.join(dir, 'outbox'),
      PELOTAO_DEMO: '1',
      // Every journey signs its users up, orders and quotes from this one machine's address.
      PELOTAO_SIGNUPS_PER_HOUR: '100000',
      PELOTAO_ORDERS_PER_HOUR: '1000000',
      PELOTAO_QUOTES_PER_HOUR: '1000000',
      // The in-process Pix PSP, as make run serves it: orders are paid with "Simular pagamento";
      // refunds are read back at the shortest reconciliation the server allows.
      PELOTAO_PIX_SANDBOX: '1',
      PELOTAO_PIX_RECONCILE_EVERY: '5s',
      // The in-process Mercado Pago: its checkout page's "Aprovar" and "Recusar" (e2e/cards.spec.ts).
      PELOTAO_MP_SANDBOX: '1',
    },
  },
})
