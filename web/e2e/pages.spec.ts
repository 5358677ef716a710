import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, phone, test } from './fixtures'

const desktop = { width: 1280, height: 800 }
const photoCount = 8

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const viewport of [phone, desktop]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: viewport === phone })

    test('/about tells the 4 km story with ambassadors, both podiums and a gallery', async ({ page }) => {
      await page.goto('/about')
      await expect(page.getByRole('heading', { level: 1, name: 'Sobre o Pelotão' })).toBeVisible()
      await expect(page).toHaveTitle('Sobre o Pelotão — nossa história')
      await expect(page.getByRole('heading', { level: 2, name: /primeira edição: 4 km/ })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Nossos embaixadores' }).getByRole('listitem')).toHaveCount(4)
      for (const group of ['Feminino', 'Masculino']) {
        await expect(page.getByRole('article', { name: group }).getByRole('listitem')).toHaveCount(3)
      }
      await expect(page.getByRole('region', { name: 'Galeria da primeira edição' }).getByRole('button')).toHaveCount(
        photoCount,
      )
      await expectNoSeriousA11yViolations(page)
    })

    test('the gallery viewer pages with the keys and buttons, wrapping at both ends', async ({ page }) => {
      await page.goto('/about')
      const thumbs = page.getByRole('region', { name: 'Galeria da primeira edição' }).getByRole('button')
      await thumbs.first().click()
      const viewer = page.getByRole('dialog')
      await expect(viewer).toHaveAccessibleName(`Imagem 1 de ${photoCount}`)
      const photo = viewer.getByRole('img')
      await expect(photo).toHaveAttribute('src', /\/assets\/largada-[\w-]+\.svg$/)
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

      await page.keyboard.press('ArrowLeft')
      await expect(viewer).toHaveAccessibleName(`Imagem ${photoCount} de ${photoCount}`)
      await page.keyboard.press('ArrowRight')
      await expect(viewer).toHaveAccessibleName(`Imagem 1 de ${photoCount}`)
      await page.keyboard.press('ArrowRight')
      await expect(viewer).toHaveAccessibleName(`Imagem 2 de ${photoCount}`)
      await viewer.getByRole('button', { name: 'Imagem anterior' }).click()
      await viewer.getByRole('button', { name: 'Imagem anterior' }).click()
      await expect(viewer).toHaveAccessibleName(`Imagem ${photoCount} de ${photoCount}`)
      await viewer.getByRole('button', { name: 'Próxima imagem' }).click()
      await expect(viewer).toHaveAccessibleName(`Imagem 1 de ${photoCount}`)
      await expectNoSeriousA11yViolations(page)

      await page.keyboard.press('Escape')
      await expect(viewer).toBeHidden()
      await expect(thumbs.first()).toBeFocused()
    })

    test('/services shows the six service cards', async ({ page }) => {
      await page.goto('/services')
      await expect(page.getByRole('heading', { level: 1, name: 'Nossos Serviços' })).toBeVisible()
      const cards = page.getByRole('list', { name: 'Serviços' }).getByRole('listitem')
      await expect(cards).toHaveCount(6)
      await expect(cards.getByRole('heading')).toHaveText([
        'Organização Completa',
        'Cronometragem com Chip',
        'Criação de Percursos',
        'Marketing',
        'Fotografia Esportiva',
        'Produção de Kits',
      ])
      await expectNoSeriousA11yViolations(page)
    })

    test('/impact shows the three initiatives with the 95% goal', async ({ page }) => {
      await page.goto('/impact')
      await expect(page.getByRole('heading', { level: 1, name: 'Nosso Impacto' })).toBeVisible()
      const cards = page.getByRole('list', { name: 'Iniciativas' }).getByRole('listitem')
      await expect(cards).toHaveCount(3)
      await expect(cards.getByRole('heading')).toHaveText([
        'Uma Árvore por Inscrição',
        'Mais de 95% de Reciclagem',
        'Copos Reutilizáveis',
      ])
      await expect(cards.nth(1).getByText('95%', { exact: true })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    })

    test('/training shows the three plans as the spec writes them', async ({ page }) => {
      await page.goto('/training')
      await expect(page.getByRole('heading', { level: 1, name: 'Escolha o Plano Ideal para Você' })).toBeVisible()
      const cards = page.getByRole('list', { name: 'Planos' }).getByRole('article')
      await expect(cards).toHaveCount(3)
      const plans = [
        ['Iniciante', 'R$49', 'Começar Agora'],
        ['Intermédio', 'R$99', 'Tornar-se Pro'],
        ['Avançado', 'R$149', 'Performance Máxima'],
      ]
      for (const [i, [name, price, button]] of plans.entries()) {
        const card = cards.nth(i)
        await expect(card.getByRole('heading')).toHaveText(name!)
        await expect(card.getByText(price!, { exact: true })).toBeVisible()
        await expect(card.getByText('/mês', { exact: true })).toBeVisible()
        await expect(card.getByRole('button', { name: button })).toBeVisible()
      }
      await expect(page.getByText('Mais Popular', { exact: true })).toHaveCount(1)
      await expect(cards.nth(1).getByText('Mais Popular')).toBeVisible()
      await expect(cards.nth(2).getByRole('listitem')).toHaveText([
        'Tudo do plano Intermédio',
        'Acompanhamento via WhatsApp',
        'Análise de vídeo',
      ])
      await expectNoSeriousA11yViolations(page)
    })

    test('the plan interest form shows a field error, then confirms', async ({ page }) => {
      await page.goto('/training')
      await page.getByRole('button', { name: 'Tornar-se Pro' }).click()
      const dialog = page.getByRole('dialog', { name: 'Quero treinar com o Pelotão' })
      await expect(dialog.getByLabel('Plano')).toHaveValue('Intermédio')
      await expectNoSeriousA11yViolations(page)

      await dialog.getByLabel('Nome').fill('Ana Souza')
      await dialog.getByLabel('E-mail').fill('ana@exemplo')
      await dialog.getByRole('button', { name: 'Enviar interesse' }).click()
      await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
        'Informe um e-mail válido, como nome@exemplo.com.',
      )
      await expect(dialog.getByLabel('E-mail')).toBeFocused()

      await dialog.getByLabel('E-mail').fill('ana@exemplo.com.br')
      await dialog.getByLabel('WhatsApp (opcional)').fill('(11) 91234-5678')
      await dialog.getByRole('button', { name: 'Enviar interesse' }).click()
      await expect(page.getByRole('dialog', { name: 'Interesse recebido!' }).getByRole('status')).toHaveText(
        'Obrigado, Ana! Recebemos seu interesse no plano Intermédio. Um treinador vai falar com você pelo e-mail ana@exemplo.com.br ou pelo WhatsApp em breve.',
      )
      await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).last().click()
      await expect(page.getByRole('dialog')).toBeHidden()
    })
  })
}

test('the server refuses a bad plan interest with pt-BR field messages', async ({ request }) => {
  const res = await request.post('/api/plan-interest', {
    data: { nome: '', email: 'ana@', whatsapp: '12', plano: 'Intermediário' },
  })
  expect(res.status()).toBe(422)
  const { error } = await res.json()
  expect(error.fields).toEqual({
    nome: 'Informe seu nome.',
    email: 'Informe um e-mail válido, como nome@exemplo.com.',
    whatsapp: 'Informe um WhatsApp com DDD, como (11) 91234-5678.',
    plano: 'Escolha um dos planos: Iniciante, Intermédio ou Avançado.',
  })
})

test.describe('when a gallery image fails to load', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] })

  test('the thumbnail and the viewer show the placeholder', async ({ page }) => {
    await page.route(/\/assets\/torcida-[\w-]+\.svg$/, (route) => route.abort())
    await page.goto('/about')
    const thumb = page.getByRole('button', { name: /^Torcida com cartazes/ })
    await expect(thumb.getByRole('img')).toHaveAttribute('src', '/placeholder.svg')
    await expect(thumb.getByRole('img')).toHaveAccessibleName(/\(imagem indisponível\)$/)
    await thumb.click()
    const viewer = page.getByRole('dialog', { name: `Imagem 4 de ${photoCount}` })
    await expect(viewer.getByRole('img')).toHaveAttribute('src', '/placeholder.svg')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('dialog').getByRole('img')).toHaveAttribute('src', /\/assets\/chegada-[\w-]+\.svg$/)
  })
})

test.describe('on a touch screen', () => {
  test.use({ viewport: phone, hasTouch: true })

  test('a swipe pages through the gallery', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('region', { name: 'Galeria da primeira edição' }).getByRole('button').first().click()
    const viewer = page.getByRole('dialog')
    await expect(viewer).toHaveAccessibleName(`Imagem 1 de ${photoCount}`)
    const swipe = async (from: number, to: number) => {
      await viewer.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: from, clientY: 400 }] })
      await viewer.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: to, clientY: 400 }] })
    }
    await swipe(300, 80)
    await expect(viewer).toHaveAccessibleName(`Imagem 2 de ${photoCount}`)
    await swipe(80, 300)
    await swipe(80, 300)
    await expect(viewer).toHaveAccessibleName(`Imagem ${photoCount} de ${photoCount}`)
  })
})
