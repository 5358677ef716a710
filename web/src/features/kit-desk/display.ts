import { sortSizes } from '../../lib/events/shirtSizes'
import { clockFormat } from '../../lib/text/format'
import type { KitRetirado, RosterParticipant } from './types'

/**
 * "09:14" today, "10/05 às 09:14" another day, on the event's clock (its fusoHorario, REG-225; '' is
 * Horário de Brasília): the desk is where the event is.
 */
export function formatPickupTime(at: string, now = new Date(), timeZone = ''): string {
  const d = new Date(at)
  if (Number.isNaN(d.getTime())) return ''
  const time = clockFormat(timeZone, { hour: '2-digit', minute: '2-digit' })
  const day = clockFormat(timeZone, { day: '2-digit', month: '2-digit' })
  const sameDay = day.format(d) === day.format(now)
  return sameDay ? time.format(d) : `${day.format(d)} às ${time.format(d)}`
}

/** "às 09:14" today, "em 10/05 às 09:14" another day: when, as a sentence says it. */
export function atPickupTime(at: string, now = new Date(), timeZone = ''): string {
  const t = formatPickupTime(at, now, timeZone)
  return t.includes(' às ') ? `em ${t}` : `às ${t}`
}

/** "Kit já retirado às 09:14 no Balcão 1", the line a desk reads when another desk got there first. */
export function alreadyPickedUp(kit: KitRetirado, now = new Date(), timeZone = ''): string {
  return `Kit já retirado ${atPickupTime(kit.at, now, timeZone)} no ${kit.balcao.toLocaleLowerCase('pt-BR')}`
}

/** Who took the kit: the athlete, or the third party with their document. */
export function whoTookIt(kit: KitRetirado): string {
  return kit.retiradoPor
    ? `${kit.retiradoPor.nome} (doc. ${kit.retiradoPor.documento}), por autorização`
    : 'o próprio atleta'
}

/** Pluralised queue line: "3 retiradas aguardando envio". */
export function queueLine(n: number): string {
  return n === 1 ? '1 retirada aguardando envio' : `${n.toLocaleString('pt-BR')} retiradas aguardando envio`
}

/** An id made on the device, so that a pickup sent twice is recorded once. */
export function newPickupId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}

/**
 * The shirts the desk hands: the sizes its roster ordered, smallest first — those the organizer had
 * made for this event (its own list, or an imported file's sizes), never a size it does not stock.
 */
export function rosterSizes(roster: Iterable<RosterParticipant>): string[] {
  const sizes = new Set<string>()
  for (const p of roster) if (p.camiseta) sizes.add(p.camiseta)
  return sortSizes(sizes)
}
