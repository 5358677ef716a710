import { cpfDigits } from './cpf'
import { marker } from './events'
import { expect, phone, test } from './fixtures'
import { eventWithCoach } from './groups'

// The coach's spreadsheet held as orders on a 375 px phone (docs/requirements.md GRP-71 … GRP-75),
// against the real binary: a file of 120 athletes with one wrong CPF is checked and its row shown;
// fixed, it is checked clean, the regulation accepted for the group, and held as three orders; the
// coach opens one and pays its Pix through the sandbox.

test.use({ viewport: phone, hasTouch: true })

const header =
  'Nome;CPF;Nascimento;Sexo;E-mail;Celular;Modalidade;Camiseta;Contato de emergência;Telefone de emergência'

/** A spreadsheet of 120 athletes of the 10 km (CPFs of a series of its own), line 51's CPF `cpf50` when given. */
function sheet(base: number, cpf50?: string) {
  const rows = [header]
  for (let i = 1; i <= 120; i++) {
    const cpf = i === 50 && cpf50 ? cpf50 : cpfDigits(String(base + i * 7))
    rows.push(`Atleta Número ${i};${cpf};20/05/1990;F;;(85) 99876-5432;10 km;M;José Souza;85 3333-4444`)
  }
  return Buffer.from('\uFEFF' + rows.join('\r\n') + '\r\n', 'utf8')
}

test('the coach checks a spreadsheet of 120, fixes its row, holds it as orders at its group price and pays one (GRP-21, GRP-71, GRP-75)', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const word = marker()
  // The group's price tiers (GRP-20): the spreadsheet's 120 reach the second, 15% off every athlete.
  const tiers = [
    { minimo: 10, percentual: 10 },
    { minimo: 100, percentual: 15 },
  ]
  const { eventId } = await eventWithCoach(page, `Corrida da Planilha ${word}`, async (id) => {
    const doc = (await (await page.request.get(`/api/events/${id}`)).json()) as { inscricoes: object }
    const priced = await page.request.put(`/api/events/${id}`, {
      data: { ...doc, inscricoes: { ...doc.inscricoes, descontosGrupo: tiers } },
    })
    expect(priced.status(), await priced.text()).toBe(200)
  })
  const made = await page.request.post(`/api/events/${eventId}/grupos`, {
    data: { nome: `Assessoria Planilha ${word}` },
  })
  expect(made.status(), await made.text()).toBe(201)
  const group = (await made.json()) as { id: string }
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000)

  await page.goto(`/dashboard/grupos/${group.id}`)
  const section = page.getByRole('region', { name: 'Conferir planilha de atletas' })
  await section
    .getByLabel('Planilha')
    .setInputFiles({ name: 'atletas.csv', mimeType: 'text/csv', buffer: sheet(base, '123.456.789-00') })
  await section.getByRole('button', { name: 'Conferir planilha' }).click()
  await expect(section.getByRole('status')).toContainText('atletas.csv: 120 linhas lidas, 1 problema para corrigir.')
  await expect(section.getByRole('table')).toContainText('51CPFCPF inválido: os dígitos verificadores não conferem.')
  await expect(section.getByRole('button', { name: /Inscrever/ })).toHaveCount(0)

  await section
    .getByLabel('Planilha')
    .setInputFiles({ name: 'atletas-certo.csv', mimeType: 'text/csv', buffer: sheet(base) })
  await section.getByRole('button', { name: 'Conferir planilha' }).click()
  await expect(section.getByRole('status')).toContainText(
    'atletas-certo.csv: 120 linhas lidas, nenhum problema encontrado.',
  )
  await section.getByRole('checkbox', { name: 'Li e aceito o regulamento em nome dos atletas do grupo' }).check()
  await section.getByRole('button', { name: 'Inscrever 120 atletas e gerar pagamento' }).click()
  await expect(section.getByText('120 atletas inscritos em 3 pedidos, total R$')).toBeVisible()
  await expect(section.getByRole('link', { name: /^Pedido \d$/ })).toHaveCount(3)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

  await section.getByRole('link', { name: 'Pedido 3' }).click()
  await expect(page.getByRole('heading', { name: 'Pague com Pix para confirmar' })).toBeVisible()
  // 20 athletes at R$ 89,90 less 15% (R$ 13,49 each): R$ 76,41 each (GRP-21).
  await expect(page.getByText(/Total: R\$\s1\.528,20/)).toBeVisible()
  await page.getByRole('button', { name: 'Simular pagamento' }).click()
  await expect(page.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible()
  await expect(page.getByText('Desconto de grupo 15%')).toHaveCount(20)
})
