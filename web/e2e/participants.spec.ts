import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { mailsTo, signedInUser, uniqueEmail } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent } from './events'
import { expect, phone, test } from './fixtures'

// The organizer's page of an event (/dashboard/eventos/{id}) against the real server: importing
// the registration export as Excel in Brazil writes it (Windows-1252, semicolons), the totals,
// the team invitation by e-mail and what the kit desk sees; a stranger's 403.

test.use({ viewport: phone, hasTouch: true })

/** An event with 5 km and 10 km in Curitiba, open for registration. */
const race = { dataEvento: '2031-04-20', cidade: 'Curitiba', estado: 'PR', km: [5, 10] }

/** A valid CPF from its first nine digits, as people write it: 529.982.247-25. */
function cpf(nine: string) {
  const s = cpfDigits(nine)
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`
}

/**
 * Text as Windows-1252 bytes, as Excel in Brazil saves a CSV. For the Latin-1 range, which is all
 * these files use (ç, ã, é, º…), Windows-1252 and Latin-1 agree, and Buffer's 'latin1' writes it.
 */
function windows1252(text: string): Buffer {
  const outside = [...text].find((c) => c.charCodeAt(0) > 0xff)
  if (outside) throw new Error(`"${outside}" is outside the Latin-1 range`)
  return Buffer.from(text, 'latin1')
}

const header =
  'Nº da inscrição;Atleta;CPF;Data de nascimento;Sexo;Distância;Tamanho;Assessoria;E-mail;Status do pagamento;Valor'
const athletes = [
  [
    '1001',
    'João Gonçalves',
    cpf('529982247'),
    '01/05/1990',
    'M',
    '10 km',
    'M',
    'Equipe Açaí',
    'joao@exemplo.com.br',
    'Aprovado',
    '120,00',
  ],
  [
    '1002',
    'Conceição Araújo',
    cpf('111444777'),
    '12/11/1985',
    'F',
    '5 km',
    'P',
    'Corredores do Paraná',
    'conceicao@exemplo.com.br',
    'Aprovado',
    '99,90',
  ],
  [
    '1003',
    'Inês Müller',
    cpf('123456789'),
    '30/01/2001',
    'F',
    '10 km',
    'P',
    '',
    'ines@exemplo.com.br',
    'Pendente',
    '120,00',
  ],
  [
    '1004',
    'André Sebastião',
    cpf('987654321'),
    '07/09/1978',
    'M',
    '5 km',
    'GG',
    'Equipe Açaí',
    'andre@exemplo.com.br',
    'Aprovado',
    '99,90',
  ],
]
const csv = (rows: string[][]) => [header, ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n'
const goodFile = () => ({ name: 'inscricoes.csv', mimeType: 'text/csv', buffer: windows1252(csv(athletes)) })
// The third athlete (spreadsheet row 4: the header is row 1) with a CPF whose check digits are wrong.
const badFile = () => ({
  name: 'inscricoes.csv',
  mimeType: 'text/csv',
  buffer: windows1252(csv(athletes.map((a) => (a[0] === '1003' ? a.with(2, '123.456.789-00') : a)))),
})

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test.describe('the owner', () => {
  // The overlapping bib range below is refused on purpose (422), and the app logs the refusal.
  test.use({ allowConsoleErrors: [[/status of 422/, /Alguns campos precisam de correção/], { scope: 'test' }] })

  test('imports a Windows-1252 file, fixes a bad CPF, sets bib ranges, sees the totals and searches the list', async ({
    page,
  }) => {
    test.setTimeout(60_000) // a whole workspace journey with two axe runs
    await signedInUser(page, { displayName: 'Dona da Prova' })
    const id = await createEvent(page.request, { titulo: 'Corrida do Barigui', ...race })
    await page.goto('/dashboard?painel=organizador')
    await page.getByRole('link', { name: 'Gerenciar Corrida do Barigui' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/eventos/${id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Corrida do Barigui' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Inscritos' })).toHaveAttribute('aria-selected', 'true')

    // A bad CPF: the dry run shows the row error where a spreadsheet shows it, and nothing to save.
    const upload = page.getByLabel('Planilha de inscritos')
    await upload.setInputFiles(badFile())
    const errors = page.getByRole('alert').filter({ hasText: 'nada foi salvo' })
    await expect(errors).toContainText('1 linha com erro')
    await expect(errors.getByRole('listitem')).toHaveText([/^Linha 4, coluna "CPF": /])
    await expect(page.getByRole('button', { name: 'Importar inscritos' })).toBeDisabled()
    // The guessed mapping, read from accented Windows-1252 headers.
    await expect(page.getByLabel('Atleta')).toHaveValue('nome')
    await expect(page.getByLabel('Distância')).toHaveValue('percurso')
    await expect(page.getByLabel('Nº da inscrição')).toHaveValue('inscricao')
    expect(await axeViolations(page)).toEqual([])

    // The file has no bib column: the bibs come from the modalities' ranges.
    const ranges = page.getByRole('region', { name: 'Faixas de nº de peito por modalidade' })
    await ranges.getByRole('group', { name: '5 km' }).getByLabel('Do nº').fill('1')
    await ranges.getByRole('group', { name: '5 km' }).getByLabel('até o nº').fill('500')
    await ranges.getByRole('group', { name: '10 km' }).getByLabel('Do nº').fill('400')
    await ranges.getByRole('group', { name: '10 km' }).getByLabel('até o nº').fill('900')
    await ranges.getByRole('button', { name: 'Salvar faixas' }).click()
    await expect(ranges.getByRole('group', { name: '10 km' })).toContainText('sobrepõe')
    await ranges.getByRole('group', { name: '10 km' }).getByLabel('Do nº').fill('1001')
    await ranges.getByRole('group', { name: '10 km' }).getByLabel('até o nº').fill('2000')
    await ranges.getByRole('button', { name: 'Salvar faixas' }).click()
    await expect(ranges.getByText(/Faixas salvas/)).toBeVisible()

    // The fixed file: accents arrive intact, and the import reports four new participants.
    await upload.setInputFiles(goodFile())
    await expect(errors).toBeHidden()
    const preview = page.getByRole('region', { name: 'Primeiras linhas como serão importadas' })
    await expect(preview).toContainText('Conceição Araújo')
    await expect(preview).toContainText('Inês Müller')
    await page.getByRole('button', { name: 'Importar inscritos' }).click()
    const done = page.getByRole('status').filter({ hasText: 'Importação concluída.' })
    await expect(done).toContainText('4 novos')
    await expect(done).toContainText('0 atualizados')

    // Totals for purchasing, as tables (the bars repeat them for the eye).
    await expect(page.getByRole('table', { name: 'Por modalidade' }).getByRole('row')).toHaveText([
      /Modalidade\s*Inscritos/,
      /5 km\s*2/,
      /10 km\s*2/,
    ])
    await expect(page.getByRole('table', { name: 'Por sexo' }).getByRole('row')).toHaveText([
      /Sexo\s*Inscritos/,
      /Feminino\s*2/,
      /Masculino\s*2/,
    ])
    const shirts = page.getByRole('table', { name: 'Camisetas por tamanho e modalidade' })
    await expect(shirts.getByRole('row').filter({ hasText: /^P/ })).toHaveText(/P\s*1\s*1\s*2/)
    await expect(page.getByText('Não pagos', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1')

    // The list: accent-insensitive search; the owner sees the full CPF.
    const list = page.getByRole('region', { name: 'Inscritos', exact: true })
    await expect(page.getByText('4 inscritos encontrados')).toBeVisible()
    await page.getByRole('searchbox', { name: 'Buscar por nome, CPF, nº de peito, e-mail ou código' }).fill('goncalves')
    await expect(page.getByText('1 inscrito encontrado')).toBeVisible()
    await expect(list.getByRole('row').nth(1)).toContainText('João Gonçalves')
    await expect(list.getByRole('row').nth(1)).toContainText(cpf('529982247'))
    await expect(list.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^10\d\d$/)

    // Its detail, with the history of the record.
    await list.getByRole('button', { name: 'João Gonçalves' }).click()
    const detail = page.getByRole('dialog', { name: 'João Gonçalves' })
    await expect(detail.getByRole('list', { name: 'Histórico' })).toContainText('Importado')
    await expect(detail).toContainText('Equipe Açaí')
    expect(await axeViolations(page)).toEqual([])
    await detail.getByRole('button', { name: 'Fechar' }).click()
    await expect(detail).toBeHidden()
    await page.getByRole('searchbox').fill('')
    await page.getByRole('combobox', { name: 'Pagamento' }).selectOption({ label: 'Não pagos' })
    await expect(page.getByText('1 inscrito encontrado')).toBeVisible()
    await expect(list).toContainText('Inês Müller')

    expect(await pageWidth(page)).toBe(phone.width)
    expect(await axeViolations(page)).toEqual([])

    // Exports: the CSV (UTF-8 with BOM, accents intact) and the printable list of a bib range.
    const csvDownload = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Baixar planilha (CSV)' }).click()
    const exported = readFileSync(await (await csvDownload).path(), 'utf8')
    expect(exported.charCodeAt(0)).toBe(0xfeff)
    expect(exported).toContain('Conceição Araújo')
    const exports = page.getByRole('region', { name: 'Exportar' })
    await exports.getByLabel('Do nº').fill('1')
    await exports.getByLabel('até o nº').fill('999')
    let pdfDownload = page.waitForEvent('download')
    await exports.getByRole('button', { name: 'Baixar lista (PDF)' }).click()
    expect((await pdfDownload).suggestedFilename()).toBe('lista-retirada-1-999.pdf')
    pdfDownload = page.waitForEvent('download')
    await exports.getByRole('button', { name: 'Baixar lista de 10 km, peitos 1001 a 2000 (PDF)' }).click()
    const pdf = await pdfDownload
    expect(pdf.suggestedFilename()).toBe('lista-retirada-1001-2000.pdf')
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')

    // Importing the same file again changes nothing.
    await upload.setInputFiles(goodFile())
    await expect(page.getByText(/0 novos, 0 atualizados, 4 sem mudança/)).toBeVisible()
  })
})

/** A page in a browser of its own (another person), loads waiting for the app as the fixture does. */
async function otherPerson(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  const page = await context.newPage()
  const ready = () => page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'))
  return { context, page, ready }
}

test('a kit desk member invited by e-mail signs up from the link, lands on the event and sees CPFs masked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000) // two people, a sign-up (argon2) and an e-mail read from the outbox
  await signedInUser(page, { displayName: 'Dona da Prova' })
  const id = await createEvent(page.request, { titulo: 'Meia do Batel', ...race })
  const email = uniqueEmail('balcao')

  await page.goto(`/dashboard/eventos/${id}?aba=equipe`)
  await expect(page.getByRole('tab', { name: 'Equipe' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('combobox', { name: 'Papel' }).selectOption({ label: 'Retirada de kits' })
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible()
  const team = page.getByRole('list', { name: 'Equipe do evento' })
  await expect(team.getByRole('listitem').filter({ hasText: email })).toContainText(
    'Retirada de kits · convite pendente',
  )
  expect(await pageWidth(page)).toBe(phone.width)
  expect(await axeViolations(page)).toEqual([])

  // The e-mail's sign-up link leads through sign-up, which its token makes verified, back to the event.
  let link = ''
  await expect
    .poll(
      () =>
        (link =
          mailsTo(email)
            .at(-1)
            ?.match(/https?:\/\/\S+\/login\?convite=[\w-]+&modo=cadastro&next=\S+/)?.[0] ?? ''),
      {
        message: `an invitation e-mail to ${email}`,
      },
    )
    .not.toBe('')

  const invitee = await otherPerson(browser, baseURL)
  try {
    const p = invitee.page
    await p.goto(link)
    await invitee.ready()
    await expect(p).toHaveURL(/\/login\?convite=/)
    await p.getByRole('tab', { name: 'Cadastrar' }).click()
    await p.getByLabel('Nome').fill('Beatriz do Balcão')
    await p.getByLabel('Email').fill(email)
    await p.getByLabel('Senha', { exact: true }).fill('Balcao-Forte-2026')
    await p.getByLabel('Confirmar Senha').fill('Balcao-Forte-2026')
    await p.getByRole('button', { name: 'Cadastrar', exact: true }).click()
    await expect(p).toHaveURL(new RegExp(`/dashboard/eventos/${id}$`))
    await expect(p.getByRole('heading', { level: 1, name: 'Meia do Batel' })).toBeVisible()
    await expect(p.getByText('Seu papel: Retirada de kits')).toBeVisible()
    await expect(p.getByRole('tab')).toHaveText(['Inscritos', 'Retirada de kits'])
    await expect(p.getByRole('heading', { name: 'Importar inscritos' })).toBeHidden()

    // The owner's team now shows her by name.
    await page.reload()
    await expect(team.getByRole('listitem').filter({ hasText: 'Beatriz do Balcão' })).toContainText('Retirada de kits')
    await expect(team).not.toContainText('convite pendente')

    // After an import by the owner, the kit desk searches the list and sees only masked CPFs.
    const res = await page.request.post(`/api/events/${id}/participants`, { multipart: { file: goodFile() } })
    expect(res.status(), await res.text()).toBe(200)
    await p.reload()
    await invitee.ready()
    const list = p.getByRole('region', { name: 'Inscritos', exact: true })
    await expect(p.getByText('4 inscritos encontrados')).toBeVisible()
    for (const a of athletes) await expect(list).not.toContainText(a[2]!)
    const documents = await list
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''))
    expect(documents).toHaveLength(4)
    for (const d of documents) expect(d).toMatch(/\*/)

    await p.getByRole('tab', { name: 'Retirada de kits' }).click()
    await expect(p.getByRole('link', { name: 'Abrir o balcão de retirada' })).toHaveAttribute('href', `/retirada/${id}`)
    expect(await pageWidth(p)).toBe(phone.width)
    expect(await axeViolations(p)).toEqual([])

    // Her dashboard lists the event she works on, with the kit desk.
    await p.goto('/dashboard')
    await invitee.ready()
    const work = p.getByRole('list', { name: 'Eventos em que trabalho' })
    await expect(work).toContainText('Meia do Batel')
    await expect(work.getByRole('link', { name: 'Balcão de retirada de Meia do Batel' })).toHaveAttribute(
      'href',
      `/retirada/${id}`,
    )
  } finally {
    await invitee.context.close()
  }
})

test('someone not on the team gets a pt-BR 403 with a way back', async ({ page, browser, baseURL }) => {
  await signedInUser(page)
  const id = await createEvent(page.request, { titulo: 'Pedal Fechado', ...race })
  const stranger = await otherPerson(browser, baseURL)
  try {
    await signedInUser(stranger.page, { displayName: 'Estranho' })
    await stranger.page.goto(`/dashboard/eventos/${id}`)
    await stranger.ready()
    await expect(stranger.page.getByRole('heading', { level: 1, name: 'Acesso negado.' })).toBeVisible()
    await expect(stranger.page.getByText('Você não faz parte da equipe deste evento.', { exact: false })).toBeVisible()
    await expect(stranger.page.getByRole('tablist')).toBeHidden()
    expect(await axeViolations(stranger.page)).toEqual([])
    await stranger.page.getByRole('link', { name: 'Voltar ao painel' }).click()
    await expect(stranger.page).toHaveURL(/\/dashboard\?painel=organizador$/)
    // The API says the same: the event's team is not the stranger's to read.
    expect((await stranger.page.request.get(`/api/events/${id}/staff`)).status()).toBe(403)
  } finally {
    await stranger.context.close()
  }
})

test.describe('an unknown event', () => {
  test.use({ allowConsoleErrors: [[/status of 404/], { scope: 'test' }] })

  test('says so', async ({ page }) => {
    await signedInUser(page)
    await page.goto('/dashboard/eventos/nao-existe')
    await expect(page.getByRole('heading', { level: 1, name: 'Evento não encontrado.' })).toBeVisible()
  })
})
