import type { Page } from '@playwright/test'
import { confirmEmail, signedInUser } from './accounts'
import { createEvent, nextYear, sellThroughPelotao } from './events'
import { expect } from './fixtures'

/**
 * How every group journey starts: an organizer signed in on page makes an event of one 10 km
 * modality sold by Pelotão (`prepare`, if given, changes it meanwhile), signs out, and a coach,
 * 'Carla Treinadora' with a confirmed e-mail, signs in.
 */
export async function eventWithCoach(page: Page, titulo: string, prepare?: (eventId: string) => Promise<void>) {
  const organizer = await signedInUser(page)
  const eventId = await createEvent(page.request, { titulo, dataEvento: nextYear(9, 20), km: [10] })
  await sellThroughPelotao(page.request, eventId)
  await prepare?.(eventId)
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204)
  const coach = await signedInUser(page, { displayName: 'Carla Treinadora' })
  await confirmEmail(page.request, coach.email)
  return { organizer, eventId, coach }
}
