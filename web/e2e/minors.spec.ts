import { expect, phone, test } from './fixtures'
import { signedInUser } from './accounts'
import { cpfDigits } from './cpf'
import { createEvent, marker } from './events'
import type { APIRequestContext, Locator } from '@playwright/test'
import constants from '../../internal/registration/constants.json' with { type: 'json' }

// Minors on a 375 px phone (docs/requirements.md REG-251, REG-252): the 10 km admits 16 or more on
// the race day; an 11-year-old is told so beside the birth date, a 16-year-old is asked for a guardian,
// and with one the order is made.

test.use({ viewport: phone, hasTouch: true })

const raceYear = new Date().getFullYear() + 1
const raceDay = `${raceYear}-09-20`

/** An event Pelotão sells: 10 km (from 16 years) and 5 km, R$ 80 in its first lot. */
async function soldEvent(request: APIRequestContext) {
  const id = await createEvent(request, { titulo: `Corrida dos Menores ${marker()}`, dataEvento: raceDay, km: [10, 5] })
  const event = await (await request.get(`/api/events/${id}`)).json()
  const res = await request.put(`/api/events/${id}`, {
    data: {
      ...event,
      regulamentoUrl: 'https://exemplo.com.br/regulamento.pdf',
      modalidades: event.modalidades.map((m: { nome: string }) => (m.nome === '10 km' ? { ...m, idadeMinima: 16 } : m)),
      inscricoes: {
        ...event.inscricoes,
        ativas: true,
        modo: 'pelotao',
        tipoPreco: 'lotes',
        lotes: [
          { nome: '1º Lote', valor: 80, maxVagas: null, dataLimite: `${raceYear}-08-31`, valoresPorModalidade: [] },
        ],
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  return id
}

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true })

test('a minor below the minimum age is told so, and one above it registers with a guardian (REG-251, REG-252)', async ({
  page,
}) => {
  await signedInUser(page, { displayName: 'Marta Lima' })
  const id = await soldEvent(page.request)
  await page.goto(`/inscricao/${id}`)
  const a = page.getByRole('group', { name: 'Atleta 1', exact: true })
  await field(a, 'Nome completo').fill('Lia Lima Souza')
  await field(a, 'CPF').fill(cpfDigits('529982247'))
  await field(a, 'Data de nascimento').fill(`01/06/${raceYear - 11}`)
  await a.getByRole('radio', { name: 'Feminino' }).check()
  await field(a, 'Celular com DDD').fill('(11) 98765-4321')
  await field(a, 'Modalidade').selectOption('10 km')
  await field(a, 'Tamanho da camiseta').selectOption('P')
  await field(a, 'Nome do contato').fill('Marta Lima')
  await field(a, 'Telefone do contato').fill('(11) 3333-4444')
  await a.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()

  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
  const nascimento = field(a, 'Data de nascimento')
  await expect(nascimento).toBeFocused()
  await expect(nascimento).toHaveAccessibleDescription(
    new RegExp(
      constants.messages.idadeMinima
        .replace('{modalidade}', '10 km')
        .replace('{idade}', '16')
        .replace('{data}', `20/09/${raceYear}`)
        .replace(/[()]/g, '\\$&'),
    ),
  )
  // A minor either way: the guardian's fields are there, but no error is asked of them yet.
  const guardian = a.getByRole('group', { name: 'Responsável legal' })
  await expect(guardian).toBeVisible()
  await expect(field(guardian, 'Nome completo do responsável')).not.toHaveAttribute('aria-invalid')

  // Sixteen on the race day: admitted, with a guardian; nothing typed is lost.
  await nascimento.fill(`10/01/${raceYear - 16}`)
  await expect(field(a, 'Nome completo')).toHaveValue('Lia Lima Souza')
  await field(guardian, 'Nome completo do responsável').fill('Marta Lima')
  await field(guardian, 'CPF do responsável').fill(cpfDigits('111444777'))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)

  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/events/${id}/pedidos`) && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click()
  const res = await created
  expect(res.status()).toBe(201)
  const sent = res.request().postDataJSON() as { atletas: { responsavel?: unknown }[] }
  // The CPF as the field's mask wrote it (REG-292); the server reads it by its digits.
  const masked = cpfDigits('111444777').replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
  expect(sent.atletas[0]!.responsavel).toEqual({ nome: 'Marta Lima', documento: { tipo: 'cpf', numero: masked } })
})
