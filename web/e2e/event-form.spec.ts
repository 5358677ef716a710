import { deflateSync, crc32 } from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import { expect, phone, test } from './fixtures'
import { signedInUser } from './accounts'
import type { Locator, Page } from '@playwright/test'

// The organizer's journey through /cadastro against the real server: sign-in, the events API
// and real uploads (a PNG and a PDF made here, checked by the server by their content).

/** A small, valid PNG of w×h pixels in one colour. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3).map((_, i) => rgb[i % 3]!)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A one-page PDF with a line of text. */
function pdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

const banner = (name: string) => ({ name, mimeType: 'image/png', buffer: png(64, 24, [13, 148, 136]) })
const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdf('Regulamento oficial') })

/** A calendar date a year from now, so the event is listed as upcoming. */
function nextYear(month: number, day: number) {
  return `${new Date().getFullYear() + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const group = (scope: Page | Locator, name: string) => scope.getByRole('group', { name, exact: true })

async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file)
  await expect(page.getByRole('progressbar', { name: `Enviando ${label}` })).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Remover arquivo: ${label}` })).toBeVisible()
}

async function fillRequired(page: Page, titulo: string, dataEvento: string) {
  await page.getByLabel('Título do evento', { exact: true }).fill(titulo)
  await page.getByLabel('Data do evento', { exact: true }).fill(dataEvento)
  await page.getByLabel('Cidade', { exact: true }).fill('Monte Verde')
  await page.getByLabel('Estado (UF)', { exact: true }).selectOption('MG')
}

test('an organizer creates a complete event with uploads, finds it on the site, and edits it', async ({ page }) => {
  test.setTimeout(120_000)
  await signedInUser(page)
  await page.goto('/cadastro')
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastro de Evento' })).toBeVisible()

  const titulo = `Desafio da Serra ${Date.now().toString(36)}`
  const dataEvento = nextYear(5, 16)
  await fillRequired(page, titulo, dataEvento)
  await page.getByLabel('Categoria', { exact: true }).selectOption('Trail Running')
  await page.getByLabel('Nome do local', { exact: true }).fill('Parque Estadual')
  await page.getByLabel('Endereço', { exact: true }).fill('Estrada da Serra, km 4')

  await upload(page, 'Banner para computador', banner('banner-desktop.png'))
  await upload(page, 'Banner para celular', banner('banner-celular.png'))
  await upload(page, 'Regulamento (PDF)', pdfFile('regulamento.pdf'))
  await expect(page.getByRole('img', { name: 'Prévia: Banner para computador' })).toHaveAttribute('src', /^\/files\//)
  await page.getByLabel('Link de compra da inscrição', { exact: true }).fill('https://inscricoes.example.com/desafio')

  await page.getByLabel('Descrição', { exact: true }).fill('Trilhas de montanha com vista para o vale.')
  await page
    .getByLabel('Informações importantes', { exact: true })
    .fill('Leve sua garrafa: não haverá copos descartáveis.')
  await page.getByRole('radio', { name: 'Horários (lista)' }).check()
  await expect(group(page, 'Horário 1').getByLabel('Hora', { exact: true })).toHaveValue('07:00')
  await group(page, 'Horário 1').getByLabel('Atividade', { exact: true }).fill('Abertura da arena')
  await page.getByRole('button', { name: 'Adicionar horário' }).click()
  await group(page, 'Horário 2').getByLabel('Hora', { exact: true }).fill('08:00')
  await group(page, 'Horário 2').getByLabel('Atividade', { exact: true }).fill('Largada da prova')

  await page.getByLabel('Início das inscrições', { exact: true }).fill(nextYear(1, 10))
  await page.getByLabel('Fim das inscrições', { exact: true }).fill(nextYear(5, 10))
  await expect(group(page, 'Lote 1').getByLabel('Nome', { exact: true })).toHaveValue('1º Lote')
  await group(page, 'Lote 1').getByLabel('Valor (R$)', { exact: true }).fill('1.234,50')
  await group(page, 'Lote 1').getByLabel('Vagas', { exact: true }).fill('300')
  await group(page, 'Lote 1').getByLabel('Válido até', { exact: true }).fill(nextYear(3, 1))
  await page.getByRole('button', { name: 'Adicionar lote' }).click()
  await group(page, 'Lote 2').getByLabel('Valor (R$)', { exact: true }).fill('49,90')

  await page.getByRole('button', { name: 'Adicionar retirada' }).click()
  await group(page, 'Retirada 1').getByLabel('Local', { exact: true }).fill('Loja Pé na Trilha')
  await group(page, 'Retirada 1').getByLabel('Data', { exact: true }).fill(nextYear(5, 15))
  await expect(group(page, 'Retirada 1').getByLabel('Das', { exact: true })).toHaveValue('09:00')

  await expect(group(page, 'Kit 1').getByLabel('Nome do kit', { exact: true })).toHaveValue('Kit Básico')
  await page.getByRole('button', { name: 'Adicionar kit' }).click()
  await group(page, 'Kit 2').getByLabel('Nome do kit', { exact: true }).fill('Kit Premium')
  await page.getByRole('button', { name: 'Adicionar item ao kit 2' }).click()
  await group(page, 'Kit 2').getByLabel('Item 1', { exact: true }).fill('Jaqueta corta-vento')

  await page.getByRole('button', { name: 'Adicionar largada' }).click()
  await group(page, 'Largada 2').getByLabel('Nome da largada', { exact: true }).fill('Largada Elite')
  await group(page, 'Largada 2').getByLabel('Horário', { exact: true }).fill('07:30')

  await page.getByRole('button', { name: 'Adicionar modalidade' }).click()
  const m = group(page, 'Modalidade 1')
  await m.getByLabel('Nome da modalidade', { exact: true }).fill('Trail 21 km')
  await m.getByLabel('Distância (km)', { exact: true }).fill('21,1')
  await m.getByLabel('Largada', { exact: true }).selectOption({ label: 'Largada Elite (07:30)' })
  await m.getByLabel('Descrição do percurso', { exact: true }).fill('Subida forte nos primeiros 5 km.')
  await m.getByLabel('Premiação geral da modalidade', { exact: true }).fill('Troféu aos 5 primeiros')
  await m.getByRole('button', { name: 'Adicionar categoria à modalidade 1' }).click()
  await group(m, 'Categoria 1').getByLabel('Nome da categoria', { exact: true }).fill('Geral')
  await group(m, 'Categoria 1').getByLabel('Qualquer idade', { exact: true }).check()
  await expect(group(m, 'Categoria 1').getByLabel('Idade limite', { exact: true })).toHaveValue('120')
  await m.getByRole('button', { name: 'Adicionar categoria à modalidade 1' }).click()
  const c2 = group(m, 'Categoria 2')
  await c2.getByLabel('Nome da categoria', { exact: true }).fill('Feminino 18 a 29')
  await c2.getByLabel('Gênero', { exact: true }).selectOption('Feminino')
  await c2.getByLabel('Idade inicial', { exact: true }).fill('18')
  await c2.getByLabel('Idade limite', { exact: true }).fill('29')
  await upload(page, 'Classificação geral (PDF) da modalidade 1', pdfFile('classificacao.pdf'))

  await page.getByRole('radio', { name: 'Lista de prêmios' }).check()
  await page.getByRole('button', { name: 'Adicionar prêmio' }).click()
  await group(page, 'Prêmio 1')
    .getByLabel('Descrição do prêmio', { exact: true })
    .fill('Medalha de finisher para todos')
  await page.getByRole('button', { name: 'Adicionar prêmio' }).click()
  const p2 = group(page, 'Prêmio 2')
  await p2.getByLabel('Descrição do prêmio', { exact: true }).fill('Troféu às 3 primeiras')
  await p2.getByLabel('Nível', { exact: true }).selectOption('Por categoria')
  await p2.getByLabel('Modalidade', { exact: true }).selectOption('Trail 21 km')
  await p2.getByLabel('Categoria', { exact: true }).selectOption('Feminino 18 a 29')

  await page.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(page.getByText(`Evento "${titulo}" salvo com sucesso!`)).toBeVisible()
  const eventLink = page.getByRole('link', { name: 'Ver página do evento' })
  const href = (await eventLink.getAttribute('href'))!
  const id = href.replace('/event/', '')
  // FORM-40: the organizer lands on the new event's workspace, which carries the message.
  await expect(page).toHaveURL(new RegExp(`/dashboard/eventos/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible()

  // What the API stored is exactly what was typed.
  const saved = await (await page.request.get(`/api/events/${id}`)).json()
  expect(saved).toMatchObject({
    titulo,
    categoria: 'Trail Running',
    status: 'Inscrições Abertas',
    dataEvento: dataEvento,
    linkCompra: 'https://inscricoes.example.com/desafio',
    local: { local: 'Parque Estadual', endereco: 'Estrada da Serra, km 4', cidade: 'Monte Verde', estado: 'MG' },
    informacoes: {
      cronograma: {
        tipo: 'estruturado',
        valor: [
          { horario: '07:00', descricao: 'Abertura da arena' },
          { horario: '08:00', descricao: 'Largada da prova' },
        ],
      },
    },
    inscricoes: {
      tipoPreco: 'lotes',
      lotes: [
        { nome: '1º Lote', valor: 1234.5, maxVagas: 300, dataLimite: nextYear(3, 1) },
        { nome: '2º Lote', valor: 49.9, maxVagas: null, dataLimite: '' },
      ],
    },
    retiradaKits: [{ local: 'Loja Pé na Trilha', data: nextYear(5, 15), horarioInicio: '09:00', horarioFim: '18:00' }],
    kits: [
      { nome: 'Kit Básico', items: [{ nome: 'Medalha' }, { nome: 'Número de peito' }] },
      { nome: 'Kit Premium', items: [{ nome: 'Jaqueta corta-vento' }] },
    ],
    premiacao: {
      tipo: 'estruturado',
      estruturado: [
        { descricao: 'Medalha de finisher para todos', nivel: 'geral', modalidadeNome: '', categoriaNome: '' },
        {
          descricao: 'Troféu às 3 primeiras',
          nivel: 'categoria',
          modalidadeNome: 'Trail 21 km',
          categoriaNome: 'Feminino 18 a 29',
        },
      ],
    },
  })
  expect(saved.banners.desktop).toMatch(/^\/files\//)
  expect(saved.banners.mobile).toMatch(/^\/files\//)
  expect(saved.regulamentoUrl).toMatch(/^\/files\//)
  const modalidade = saved.modalidades[0]
  expect(modalidade).toMatchObject({ nome: 'Trail 21 km', km: 21.1, largadaId: saved.largadas[1].id })
  expect(modalidade.categorias).toEqual([
    { nome: 'Geral', idadeInicial: 0, idadeLimite: 120, qualquerIdade: true, genero: 'Misto', premiacao: '' },
    {
      nome: 'Feminino 18 a 29',
      idadeInicial: 18,
      idadeLimite: 29,
      qualquerIdade: false,
      genero: 'Feminino',
      premiacao: '',
    },
  ])
  expect(modalidade.resultados.pdfGeralURL).toMatch(/^\/files\//)
  const regulamento = await page.request.get(saved.regulamentoUrl)
  expect(regulamento.headers()['content-type']).toBe('application/pdf')

  // On the site: listed on the home page, and its page shows what was typed.
  await page.goto('/')
  await page.getByRole('link', { name: new RegExp(titulo) }).click()
  await expect(page).toHaveURL(new RegExp(`/event/${id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titulo)
  const main = page.getByRole('main')
  for (const text of [
    'Trilhas de montanha com vista para o vale.',
    'Loja Pé na Trilha',
    'Kit Premium',
    'Jaqueta corta-vento',
    'Trail 21 km',
    'Subida forte nos primeiros 5 km.',
    'Abertura da arena',
    'Medalha de finisher para todos',
    'Leve sua garrafa: não haverá copos descartáveis.',
    'Parque Estadual',
  ]) {
    await expect(main.getByText(text).first()).toBeVisible()
  }
  await expect(main.getByText(/R\$\s1\.234,50/).first()).toBeVisible()
  await expect(main.getByText(/R\$\s49,90/).first()).toBeVisible()

  // Edit: the same form, pre-filled; the change is saved with PUT.
  await page.goto(`/cadastro/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Evento' })).toBeVisible()
  await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue(titulo)
  await expect(group(page, 'Lote 1').getByLabel('Valor (R$)', { exact: true })).toHaveValue('1.234,50')
  await expect(group(page, 'Modalidade 1').getByLabel('Largada', { exact: true })).toHaveValue(saved.largadas[1].id)
  await page.getByLabel('Título do evento', { exact: true }).fill(`${titulo} — 2ª edição`)
  await page.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(page.getByText(`Evento "${titulo} — 2ª edição" salvo com sucesso!`)).toBeVisible()
  const edited = await (await page.request.get(`/api/events/${id}`)).json()
  expect(edited.titulo).toBe(`${titulo} — 2ª edição`)
  expect(edited.inscricoes.lotes[0].valor).toBe(1234.5)

  // Delete, after confirming; the organizer lands on the dashboard and the event is gone.
  await page.getByRole('button', { name: 'Excluir evento' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Excluir evento' })
  await expect(confirm).toContainText(`Excluir o evento "${titulo} — 2ª edição"? Esta ação não pode ser desfeita.`)
  await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await page.request.get(`/api/events/${id}`)).status()).toBe(404)
})

test.describe('what the server refuses', () => {
  test.use({ allowConsoleErrors: [[/status of 422/, /ApiError/], { scope: 'test' }] })

  test('a server-side rejection is shown at its field', async ({ page }) => {
    await signedInUser(page)
    await page.goto('/cadastro')
    await fillRequired(page, 'Corrida Recusada', nextYear(8, 20))
    await page.getByRole('button', { name: 'Adicionar modalidade' }).click()
    await group(page, 'Modalidade 1').getByLabel('Nome da modalidade', { exact: true }).fill('5 km')
    await group(page, 'Modalidade 1')
      .getByLabel('Largada', { exact: true })
      .selectOption({ label: 'Largada Geral (08:00)' })
    // The browser would never send this: the start is swapped on the way, so only the server can tell.
    await page.route('**/api/events', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}')
      body.modalidades[0].largadaId = 'largada-inexistente'
      await route.continue({ postData: JSON.stringify(body) })
    })
    await page.getByRole('button', { name: 'Salvar Evento' }).click()
    const largada = group(page, 'Modalidade 1').getByLabel('Largada', { exact: true })
    await expect(largada).toHaveAccessibleDescription('Selecione uma largada.')
    await expect(largada).toBeFocused()
    await expect(page.getByRole('alert')).toContainText('Erro ao salvar o evento. Tente novamente. Detalhes:')
    await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue('Corrida Recusada')
  })

  test('a file that is not what it claims fails next to its input and stops the save', async ({ page }) => {
    await signedInUser(page)
    await page.goto('/cadastro')
    await fillRequired(page, 'Corrida do Arquivo', nextYear(9, 1))
    await page.getByLabel('Banner para computador', { exact: true }).setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00 this is a program, not a picture', 'latin1'),
    })
    await expect(page.getByLabel('Banner para computador', { exact: true })).toHaveAccessibleDescription(
      /Envie uma imagem JPEG, PNG ou WebP\./,
    )
    await page.getByRole('button', { name: 'Salvar Evento' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Erro ao salvar o evento. Tente novamente. Detalhes: Envie uma imagem JPEG, PNG ou WebP.',
    )
  })
})

test.describe('on a 375 px phone', () => {
  test.use({ viewport: phone, hasTouch: true })

  test('a reload mid-way keeps the draft, after asking before leaving', async ({ page }) => {
    await signedInUser(page)
    await page.goto('/cadastro')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByLabel('Título do evento', { exact: true }).fill('Meia Maratona do Litoral')
    await page.getByRole('button', { name: 'Adicionar lote' }).click()
    await group(page, 'Lote 2').getByLabel('Valor (R$)', { exact: true }).fill('89,90')
    await page.getByRole('radio', { name: 'Preço por kit' }).check()
    await page.getByLabel('Preço do kit Kit Básico (R$)', { exact: true }).fill('120')

    const asked = new Promise<string>((resolve) =>
      page.once('dialog', async (dialog) => {
        resolve(dialog.type())
        await dialog.accept()
      }),
    )
    await page.reload()
    expect(await asked).toBe('beforeunload')
    await expect(page.getByText('Rascunho restaurado: o formulário continua de onde você parou.')).toBeVisible()
    await expect(page.getByLabel('Título do evento', { exact: true })).toHaveValue('Meia Maratona do Litoral')
    await expect(page.getByRole('radio', { name: 'Preço por kit' })).toBeChecked()
    await expect(page.getByLabel('Preço do kit Kit Básico (R$)', { exact: true })).toHaveValue('120')
  })
})

for (const [width, viewport] of [
  ['375 px', phone],
  ['1280 px', { width: 1280, height: 800 }],
] as const) {
  test(`with every list open and its errors shown, the form passes axe at ${width}`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signedInUser(page)
    await page.goto('/cadastro')
    await page.getByRole('radio', { name: 'Horários (lista)' }).check()
    await page.getByRole('button', { name: 'Adicionar retirada' }).click()
    await page.getByRole('button', { name: 'Adicionar modalidade' }).click()
    await page.getByRole('button', { name: 'Adicionar categoria à modalidade 1' }).click()
    await page.getByRole('radio', { name: 'Lista de prêmios' }).check()
    await page.getByRole('button', { name: 'Adicionar prêmio' }).click()
    await group(page, 'Prêmio 1').getByLabel('Nível', { exact: true }).selectOption('Por categoria')
    await page.getByRole('button', { name: 'Salvar Evento' }).click()
    await expect(page.getByLabel('Título do evento', { exact: true })).toBeFocused()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    const { violations } = await new AxeBuilder({ page }).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('a visitor who is not signed in is sent to /login', async ({ page }) => {
  await page.goto('/cadastro')
  await expect(page).toHaveURL(/\/login$/)
})
