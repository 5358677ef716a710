import { expect, openMobileMenu, phone, test } from './fixtures'

test('the header links navigate between pages', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Principal' })
  await nav.getByRole('link', { name: 'Sobre' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sobre')
  await expect(page).toHaveTitle(/Sobre/)

  await nav.getByRole('link', { name: 'Eventos' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre sua próxima prova' })).toBeVisible()

  await nav.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the footer links every institutional page', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('navigation', { name: 'Rodapé' })
  // The home page lays its event cards out only as they near the screen (content-visibility,
  // EventCard.tsx), each at its real height instead of the 340 px it held: a jump to the footer moves
  // it a frame later (25 px in a failed run: the mouse went down on 'Serviços' and up above it, so no
  // click). The footer is first brought into view and left to settle.
  const first = footer.getByRole('link', { name: 'Serviços' })
  await first.scrollIntoViewIfNeeded()
  let was = ''
  await expect
    .poll(async () => {
      const box = JSON.stringify(await first.boundingBox())
      const settled = box === was
      was = box
      return settled
    })
    .toBe(true)
  // The address changes at the click, while the page before stays on screen until the next one's
  // module has loaded: each page's own heading is awaited before the next click.
  for (const [name, path, heading] of [
    ['Serviços', '/services', 'Nossos Serviços'],
    ['Impacto', '/impact', 'Nosso Impacto'],
    ['Planos de Treino', '/training', 'Escolha o Plano Ideal para Você'],
    ['Sobre', '/about', 'Sobre o Pelotão'],
  ] as const) {
    await footer.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
})

test('an unknown path lands on the home page', async ({ page }) => {
  await page.goto('/qualquer-coisa')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
})

test.describe('on a 375 px phone', () => {
  test.use({ viewport: phone, hasTouch: true })

  test('the menu opens full screen and its links work', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden()
    const menu = await openMobileMenu(page)
    const box = await menu.boundingBox()
    expect(box?.width).toBe(phone.width)
    expect(box?.height).toBe(phone.height)

    await menu.getByRole('link', { name: 'Sobre' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/about$/)

    const again = await openMobileMenu(page)
    await page.keyboard.press('Escape')
    await expect(again).toBeHidden()

    const third = await openMobileMenu(page)
    await third.getByRole('link', { name: 'Planos de Treino' }).click()
    await expect(page).toHaveURL(/\/training$/)
  })
})
