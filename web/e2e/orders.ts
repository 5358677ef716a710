// Orders for the journeys, made through the API (POST /api/events/{id}/pedidos) as the user signed in
// on a request context.
import { expect, type APIRequestContext } from '@playwright/test'
import { cpfDigits } from './cpf'

/** An athlete of an order body (10 km, shirt M) with the CPF of `cpfBase`'s nine digits. */
export const athlete = (nome: string, cpfBase: string, email: string, sexo: 'F' | 'M' = 'F') => ({
  nome,
  documento: { tipo: 'cpf', numero: cpfDigits(cpfBase) },
  nascimento: '1990-05-20',
  sexo,
  email,
  celular: '(85) 99876-5432',
  percurso: '10 km',
  camiseta: 'M',
  contatoEmergencia: { nome: 'José Corredor', telefone: '85 3333-4444' },
  aceiteRegulamento: true,
})

/** Orders one registration of Rita Corredora (10 km, shirt M) with the CPF of `cpfBase`'s nine digits; answers the order. */
export async function orderRita(request: APIRequestContext, eventId: string, cpfBase: string, email: string) {
  const created = await request.post(`/api/events/${eventId}/pedidos`, {
    data: { atletas: [athlete('Rita Corredora', cpfBase, email)] },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()) as { id: string; pix: { txid: string } }
}
