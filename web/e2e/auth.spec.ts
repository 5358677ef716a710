import { expect, openMobileMenu, phone, test } from './fixtures'
import { createUser, mailsTo, readResetLink, signIn, signInWithForm, uniqueEmail } from './accounts'

// The browser logs every 4xx answer of a fetch; these journeys provoke some on purpose.
const refusedRequest = /status of 40[01]/

test('sign up → avatar letter → log out → log in again', async ({ page }) => {
  const email = uniqueEmail('cadastro')
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Cadastrar' }).click()
  await page.getByLabel('Nome').fill('vitória Lima')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill('Serra-Verde-42')
  await page.getByLabel('Confirmar Senha').fill('Serra-Verde-42')
  await page.getByRole('button', { name: 'Cadastrar' }).click()

  await expect(page).toHaveURL(/\/dashboard$/)
  const avatar = page.getByRole('button', { name: /Menu da conta/ })
  await expect(avatar).toHaveText('V')
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Login' })).toBeHidden()

  // The session survives a reload (docs/requirements.md AUTH-29).
  await page.reload()
  await expect(avatar).toHaveText('V')

  await avatar.click()
  await expect(page.getByRole('menuitem')).toHaveText(['Meu Painel', 'Sair'])
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(avatar).toBeHidden()

  await signInWithForm(page, { email, password: 'Serra-Verde-42' })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(avatar).toHaveText('V')
})

test('browser validation blocks an empty or malformed login: no sign-in call', async ({ page }) => {
  let calls = 0
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/login') calls++
  })
  await page.goto('/login')
  const submit = page.getByRole('button', { name: 'Entrar', exact: true })
  await submit.click()
  await page.getByLabel('Email').fill('nao-e-um-email')
  await page.getByLabel('Senha', { exact: true }).fill('qualquer')
  await submit.click()
  expect(await page.getByLabel('Email').evaluate((e) => (e as HTMLInputElement).validity.valid)).toBe(false)
  await page.getByLabel('Email').fill('maria@exemplo.com')
  await page.getByLabel('Senha', { exact: true }).fill('')
  await submit.click()
  await expect(page).toHaveURL(/\/login$/)
  expect(calls).toBe(0)
})

test.describe('a wrong password', () => {
  test.use({ allowConsoleErrors: [[refusedRequest, /auth\/invalid-credential|Credenciais/], { scope: 'test' }] })

  test('shows the error, stays on /login and lets the user try again', async ({ page, request }) => {
    const creds = await createUser(request)
    await signInWithForm(page, { email: creds.email, password: 'nao-e-esta' })
    await expect(page.getByRole('alert')).toHaveText('Credenciais inválidas. Tente novamente.')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled()

    await page.getByLabel('Senha', { exact: true }).fill(creds.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

test.describe('password reset', () => {
  test.use({ allowConsoleErrors: [[/status of 400/, /auth\/invalid-action-code|Link inválido/], { scope: 'test' }] })

  test('forgot password → link from the outbox → new password → log in; the old link is dead', async ({
    page,
    request,
  }) => {
    const creds = await createUser(request)
    const before = mailsTo(creds.email).length
    await page.goto('/login')
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
    await expect(page.getByRole('heading', { name: 'Redefinir Senha' })).toBeVisible()
    await expect(page.getByRole('tablist')).toBeHidden()
    await page.getByLabel('Email').fill(creds.email)
    await page.getByRole('button', { name: 'Enviar Link de Redefinição' }).click()
    await expect(page.getByText('Link de redefinição enviado! Verifique sua caixa de entrada.')).toBeVisible()
    // 5 s later the screen is back in login mode (docs/product.md §9).
    await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true', { timeout: 8000 })

    const link = await readResetLink(creds.email, before)
    expect(new URL(link).origin).toBe(new URL(page.url()).origin)
    const res = await page.goto(link)
    expect(res?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(page.getByText(creds.email)).toBeVisible()
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova-Largada-77')
    await page.getByLabel('Confirmar nova senha').fill('Nova-Largada-77')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible()
    await page.getByRole('link', { name: 'Ir para o login' }).click()

    await page.getByLabel('Email').fill(creds.email)
    await page.getByLabel('Senha', { exact: true }).fill('Nova-Largada-77')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)

    await page.goto(link)
    await expect(page.getByText('Link inválido ou expirado.')).toBeVisible()
    await page.getByRole('link', { name: 'Pedir um novo link' }).click()
    // Signed in, /login goes on to the dashboard; the link leads to the forgotPassword mode otherwise.
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('an unknown address gets the same success text', async ({ page }) => {
    await page.goto('/login?modo=esqueci-senha')
    await page.getByLabel('Email').fill(uniqueEmail('ninguem'))
    await page.getByRole('button', { name: 'Enviar Link de Redefinição' }).click()
    await expect(page.getByText('Link de redefinição enviado! Verifique sua caixa de entrada.')).toBeVisible()
  })

  test('an invalid link offers to ask for a new one', async ({ page }) => {
    await page.goto('/redefinir-senha?token=' + 'A'.repeat(43))
    await expect(page.getByText('Link inválido ou expirado.')).toBeVisible()
    await page.getByRole('link', { name: 'Pedir um novo link' }).click()
    await expect(page.getByRole('heading', { name: 'Redefinir Senha' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Enviar Link de Redefinição' })).toBeVisible()
  })
})

test.describe('guards', () => {
  test('a visitor is sent from /dashboard and /cadastro to /login, and back after signing in', async ({
    page,
    request,
  }) => {
    const creds = await createUser(request)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login$/)

    await page.goto('/cadastro')
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Email').fill(creds.email)
    await page.getByLabel('Senha', { exact: true }).fill(creds.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(/\/cadastro$/)
  })

  test('a signed-in user is sent from /login to /dashboard; reloading /dashboard never shows /login', async ({
    page,
  }) => {
    const creds = await createUser(page.request)
    await signIn(page, creds)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/dashboard$/)

    // Record every address the app sets, from the first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { paths: string[] }
      w.paths = [location.pathname]
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history)
        history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url) w.paths.push(new URL(url, location.href).pathname)
          original(data, unused, url)
        }
      }
    })
    await page.reload()
    await expect(page.getByRole('button', { name: /Menu da conta/ })).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/)
    const paths = await page.evaluate(() => (window as unknown as { paths: string[] }).paths)
    expect(paths).not.toContain('/login')
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeHidden()
  })

  test('public pages open for visitors without any redirect', async ({ page }) => {
    for (const path of ['/', '/about', '/services', '/training', '/impact']) {
      await page.goto(path)
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`))
    }
  })
})

test.describe('on a 375 px phone', () => {
  test.use({ viewport: phone, hasTouch: true })

  test('the mobile menu shows Meu Painel and Sair when signed in', async ({ page }) => {
    const creds = await createUser(page.request, { displayName: 'Bruno' })
    await signIn(page, creds)
    await page.goto('/')
    let menu = await openMobileMenu(page)
    await expect(menu.getByRole('link', { name: 'Login' })).toBeHidden()
    await menu.getByRole('link', { name: 'Meu Painel' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    // The panel reads its lists once drawn; signing out while they are on their way answers them 401,
    // which the console logs (a loaded machine once drew the menu first). Let them arrive.
    await expect(page.getByRole('heading', { level: 1, name: 'Meu Painel' })).toBeVisible()
    await page.waitForLoadState('networkidle')

    menu = await openMobileMenu(page)
    await menu.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await expect(menu).toBeHidden()
    menu = await openMobileMenu(page)
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Sair' })).toBeHidden()
  })
})
