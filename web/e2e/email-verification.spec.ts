import { request as newRequest } from '@playwright/test'
import { createUser, mailsTo, readVerificationLink, signIn, signedInUser, uniqueEmail } from './accounts'
import { createEvent } from './events'
import { expect, phone, test } from './fixtures'

// E-mail verification against the real server (docs/requirements.md AUTH-30–AUTH-32, AUTH-35, TEAM-6,
// TEAM-7): the link comes from the server's outbox, as a person would open it from the mail.

const banner = (page: import('@playwright/test').Page) =>
  page.getByRole('complementary', { name: 'Confirmação de e-mail' })

test.use({ viewport: phone })

test('sign up → banner → resend → open the mailed link → banner gone', async ({ page, baseURL }) => {
  test.setTimeout(45_000) // a sign-up (argon2) and e-mails read from the outbox
  const email = uniqueEmail('verifica')
  await page.goto('/login?modo=cadastro')
  await page.getByLabel('Nome').fill('Lia Verificada')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill('Serra-Verde-42')
  await page.getByLabel('Confirmar Senha').fill('Serra-Verde-42')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // Signed in and unverified: the banner is on every page until the address is confirmed.
  await expect(banner(page).getByText('Confirme o seu e-mail pelo link enviado.')).toBeVisible() // AUTH-36: 375 px
  await page.goto('/about')
  await expect(banner(page)).toBeVisible()
  await banner(page).getByRole('button', { name: 'Reenviar e-mail' }).click()
  await expect(banner(page).getByRole('status')).toHaveText('Enviamos um novo link. Verifique sua caixa de entrada.')

  // The link's host is PELOTAO_BASE_URL; within a minute of sign-up the resend mailed nothing new.
  const link = await readVerificationLink(email)
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin)
  expect(mailsTo(email)).toHaveLength(1)

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmar e-mail' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(`E-mail confirmado! O endereço ${email} é seu`)
  await expect(banner(page)).toBeHidden()
  await page.getByRole('link', { name: 'Ir para o painel' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner(page)).toBeHidden()
})

test.describe('a used link', () => {
  test.use({ allowConsoleErrors: [[/status of 400/, /auth\/invalid-action-code|Link inválido/], { scope: 'test' }] })

  test('says it is invalid', async ({ page, request }) => {
    const creds = await createUser(request)
    const link = await readVerificationLink(creds.email)
    const first = await request.post('/api/auth/email-verification/confirm', {
      data: { token: new URL(link).searchParams.get('token') },
    })
    expect(first.status(), await first.text()).toBe(200)
    await page.goto(link)
    await expect(page.getByRole('alert')).toHaveText('Link inválido ou expirado.')
    await expect(page.getByText('Entre na sua conta para pedir um novo link.')).toBeVisible()
  })
})

test.describe('an invited account that has not confirmed its e-mail', () => {
  // The workspace's staff-only requests answer 403 until the address is verified.
  test.use({ allowConsoleErrors: [[/status of 403/], { scope: 'test' }] })

  test('sees no event until it opens the invitation link', async ({ page, baseURL }) => {
    test.setTimeout(60_000) // two accounts (argon2) and e-mails read from the outbox
    const owner = await newRequest.newContext({ baseURL })
    try {
      await createUser(owner, { displayName: 'Dona da Prova' })
      const titulo = `Corrida da Confirmação ${Date.now().toString(36)}`
      const id = await createEvent(owner, { titulo, dataEvento: '2031-05-11', km: [5] })
      const email = uniqueEmail('gestora')
      const invited = await owner.post(`/api/events/${id}/staff`, { data: { email, role: 'gestao' } })
      expect(invited.status(), await invited.text()).toBe(201)
      const invitation = await readVerificationLink(email) // the invitation is the address's only mail yet

      // Whoever signs up with the address first gets nothing from the invitation.
      const creds = await signedInUser(page, { email, displayName: 'Quem Chegou Primeiro' })
      await page.goto('/dashboard')
      await expect(banner(page)).toBeVisible()
      await expect(page.getByRole('list', { name: 'Eventos em que trabalho' })).toBeHidden()
      await page.goto(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado.' })).toBeVisible()
      const team = (await (await owner.get(`/api/events/${id}/staff`)).json()) as {
        staff: { email: string; aguardandoConfirmacao: boolean; nome: string | null }[]
      }
      expect(team.staff.find((m) => m.email === email)).toMatchObject({ aguardandoConfirmacao: true, nome: null })

      // The invitation's own link verifies the address, and the role follows.
      await page.goto(invitation)
      await expect(page.getByRole('status')).toContainText('E-mail confirmado!')
      await page.goto('/dashboard')
      await expect(banner(page)).toBeHidden()
      const work = page.getByRole('list', { name: 'Eventos em que trabalho' })
      await expect(work).toContainText(titulo)
      await page.goto(`/dashboard/eventos/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
      await expect(page.getByText('Seu papel: Gestão')).toBeVisible()
      await signIn(page, creds) // signing in again keeps the role
      await page.reload()
      await expect(page.getByText('Seu papel: Gestão')).toBeVisible()
    } finally {
      await owner.dispose()
    }
  })
})

test.describe('an address someone else signed up with first', () => {
  // The page logs the confirmation's 409 (the account is not the opener's to vouch for yet).
  test.use({
    allowConsoleErrors: [
      [/status of 409/, /auth\/password-reset-required|Já existe uma conta com este e-mail/],
      { scope: 'test' },
    ],
  })

  test("the invitation's link takes the account over with a new password; the intruder gets no role and loses its session", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000) // three accounts (argon2) and e-mails read from the outbox
    const owner = await newRequest.newContext({ baseURL })
    const intruder = await newRequest.newContext({ baseURL })
    try {
      const email = uniqueEmail('maria')
      await createUser(intruder, { email, password: 'Senha-da-Intrusa-1', displayName: 'Intrusa' })
      await readVerificationLink(email) // the intruder's sign-up mailed Maria a link
      await createUser(owner, { displayName: 'Dona da Prova' })
      const titulo = `Corrida da Tomada ${Date.now().toString(36)}`
      const id = await createEvent(owner, { titulo, dataEvento: '2031-06-08', km: [10] })
      const invited = await owner.post(`/api/events/${id}/staff`, { data: { email, role: 'gestao' } })
      expect(invited.status(), await invited.text()).toBe(201)
      const invitation = await readVerificationLink(email, 1)

      // Maria opens the invitation on a browser that never signed in.
      await page.goto(invitation)
      await expect(page.getByRole('alert')).toHaveText(
        'Já existe uma conta com este e-mail, ainda não confirmada. Para confirmar que ela é sua, crie uma nova senha: quem usava a senha anterior perde o acesso.',
      )
      expect((await intruder.get(`/api/events/${id}/staff`)).status()).toBe(403)
      await page.getByRole('link', { name: 'Criar nova senha' }).click()
      await expect(page).toHaveURL(/\/redefinir-senha\?token=/)
      await expect(page.getByText(email)).toBeVisible()
      await page.getByLabel('Nova senha', { exact: true }).fill('Largada-da-Maria-9')
      await page.getByLabel('Confirmar nova senha').fill('Largada-da-Maria-9')
      await page.getByRole('button', { name: 'Salvar nova senha' }).click()
      await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible()

      // The intruder's session and password are gone; Maria signs in verified, with the role.
      expect(await (await intruder.get('/api/auth/session')).json()).toEqual({ user: null })
      expect((await intruder.get(`/api/events/${id}/staff`)).status()).toBe(401)
      const again = await intruder.post('/api/auth/login', { data: { email, password: 'Senha-da-Intrusa-1' } })
      expect(again.status()).toBe(401)
      await page.getByRole('link', { name: 'Ir para o login' }).click()
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Senha', { exact: true }).fill('Largada-da-Maria-9')
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(banner(page)).toBeHidden()
      await expect(page.getByRole('list', { name: 'Eventos em que trabalho' })).toContainText(titulo)
      await page.goto(`/dashboard/eventos/${id}`)
      await expect(page.getByText('Seu papel: Gestão')).toBeVisible()
    } finally {
      await owner.dispose()
      await intruder.dispose()
    }
  })
})
