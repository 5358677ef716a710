// Participants for the journeys of the kit desk and the event workspace, imported from a spreadsheet
// as an organizer's ticketing export would bring them (POST /api/events/{id}/participants).
import { expect, type APIRequestContext } from '@playwright/test'
import { cpfDigits } from './cpf'
import { createEvent, inDays } from './events'

export type Person = { nome: string; pago: boolean }

/**
 * An event two days ahead, of the user signed in on `request`, with these participants
 * (importParticipants).
 */
export async function eventWithParticipants(request: APIRequestContext, titulo: string, people: Person[]) {
  const eventId = await createEvent(request, { titulo, dataEvento: inDays(2), km: [10] })
  await importParticipants(request, eventId, people)
  return eventId
}

/**
 * Imports these participants into the event: 10 km, shirt M, bibs from 101 and valid CPFs by their
 * place in the list, so that the same list imported again is the same people (a re-import).
 */
export async function importParticipants(request: APIRequestContext, eventId: string, people: Person[]) {
  const rows = people.map(
    (p, i) => `${p.nome};${cpfDigits(String(529982247 + i * 1117))};10 km;M;${101 + i};${p.pago ? 'Sim' : 'Não'}`,
  )
  const imported = await request.post(`/api/events/${eventId}/participants`, {
    multipart: {
      file: {
        name: 'inscritos.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['Nome;CPF;Modalidade;Camiseta;Peito;Pago', ...rows].join('\r\n')),
      },
    },
  })
  expect(imported.status(), await imported.text()).toBe(200)
}
