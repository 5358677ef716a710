// Accounts for the journeys: create users through the API, sign them in, read e-mails from the
// server's outbox. Other specs reuse these helpers.
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type Credentials = { email: string; password: string; displayName: string }

let counter = 0

/** A fresh e-mail for this run: unique across workers, runs and retries. */
export function uniqueEmail(prefix = 'atleta') {
  counter += 1
  const rand = Math.random().toString(36).slice(2, 8)
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}${rand}@exemplo.com.br`
}

/** Signs a new user up through the API (POST /api/auth/signup) and returns the credentials. */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<Credentials> = {},
): Promise<Credentials> {
  const creds: Credentials = {
    email: uniqueEmail(),
    password: 'Pedal-Forte-2026',
    displayName: 'Maria Corredora',
    ...overrides,
  }
  const res = await request.post('/api/auth/signup', { data: creds })
  expect(res.status(), await res.text()).toBe(201)
  // The request context keeps the session cookie; a caller that wanted a user only signs out.
  return creds
}

/**
 * Signs the page's browser context in through the API: page.request shares its cookies with
 * the browser, so the next page load is signed in. Faster than the form; use signInWithForm
 * when the form itself is under test.
 */
export async function signIn(page: Page, creds: Pick<Credentials, 'email' | 'password'>) {
  const res = await page.request.post('/api/auth/login', { data: { email: creds.email, password: creds.password } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Creates a user and signs the page in as that user. */
export async function signedInUser(page: Page, overrides: Partial<Credentials> = {}) {
  const creds = await createUser(page.request, overrides)
  await signIn(page, creds)
  return creds
}

/** Signs in through /login as a visitor would. */
export async function signInWithForm(page: Page, creds: Pick<Credentials, 'email' | 'password'>) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(creds.email)
  await page.getByLabel('Senha', { exact: true }).fill(creds.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/** The demo organizer (PELOTAO_DEMO=1), owner of the demo events. Demo-only password. */
export const demoOrganizer: Pick<Credentials, 'email' | 'password'> = {
  email: 'organizador@pelotao.demo',
  password: 'pelotao-demo-2026',
}

const outboxDir = () => path.join(process.env.PELOTAO_E2E_DIR!, 'outbox')

/** Decodes the quoted-printable body of an .eml file, enough to read links and text. */
function decodeQuotedPrintable(s: string) {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** The e-mails the server wrote to the outbox for `to`, oldest first, decoded. */
export function mailsTo(to: string): string[] {
  let names: string[]
  try {
    names = readdirSync(outboxDir())
      .filter((n) => n.endsWith('.eml'))
      .sort()
  } catch {
    return []
  }
  return names
    .map((n) => decodeQuotedPrintable(readFileSync(path.join(outboxDir(), n), 'latin1')))
    .filter((m) => new RegExp(`^To: .*<?${to.replace(/[.+]/g, '\\$&')}>?\\s*$`, 'mi').test(m))
}

/** Waits for a password-reset e-mail to `to` (the newest) and returns its link. */
export function readResetLink(to: string, previous = 0): Promise<string> {
  return readLink(to, '/redefinir-senha', previous)
}

/**
 * Waits for an e-mail to `to` with a link to the e-mail verification page (sign-up, a resend or a
 * team invitation; the newest after `previous` e-mails) and returns that link.
 */
export function readVerificationLink(to: string, previous = 0): Promise<string> {
  return readLink(to, '/verificar-email', previous)
}

/** Waits for the newest of more than `previous` e-mails to `to` to link to pagePath?token=…, and returns the link. */
async function readLink(to: string, pagePath: string, previous: number): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${pagePath}\\?token=[\\w-]+`)
  let link = ''
  await expect
    .poll(
      () => {
        const mails = mailsTo(to)
        if (mails.length <= previous) return ''
        link = mails[mails.length - 1]!.match(pattern)?.[0] ?? ''
        return link
      },
      { message: `an e-mail to ${to} linking to ${pagePath} in the outbox`, timeout: 10_000 },
    )
    .not.toBe('')
  return link
}

/**
 * Verifies `email` as its owner would, through the link the server mailed it (AUTH-31): `request`
 * must be signed in to the account, or the link asks for a new password instead (AUTH-35).
 */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const token = new URL(await readVerificationLink(email)).searchParams.get('token')
  const res = await request.post('/api/auth/email-verification/confirm', { data: { token } })
  expect(res.status(), await res.text()).toBe(200)
}
