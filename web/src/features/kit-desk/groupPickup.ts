import { codeOfText } from './codigo'
import type { Checkin, RetiradoPor, RosterParticipant } from './types'

// A group's kits handed to its coach at once (docs/requirements.md GRP-62): the roster's members of
// the group, found by the search, and the pickups the desk records, one per athlete, through the
// one queue and the one POST …/checkin of single pickups. Which kits may go is the panel's
// (GroupPickup.tsx, a chunk of its own).

/** The roster's participants of each group, by the group's code. */
export function groupIndex(roster: Iterable<RosterParticipant>): Map<string, string[]> {
  const byCode = new Map<string, string[]>()
  for (const p of roster) {
    if (!p.grupoCodigo) continue
    const ids = byCode.get(p.grupoCodigo)
    if (ids) ids.push(p.id)
    else byCode.set(p.grupoCodigo, [p.id])
  }
  return byCode
}

/** The group's code the typed or scanned text is, when a group of the roster has it; '' otherwise. */
export function groupCodeOf(index: ReadonlyMap<string, string[]>, text: string): string {
  const codigo = codeOfText(text)
  return codigo && index.has(codigo) ? codigo : ''
}

/**
 * The pickups of the chosen members handed to retiradoPor (the coach) at this desk, at: each with
 * its own id (made on the device) and the shirt ordered; semPagamento false, the desk taking them
 * for paid, so that the server refuses one that is not.
 */
export function groupCheckins(
  members: RosterParticipant[],
  retiradoPor: RetiradoPor,
  balcao: string,
  at: string,
  newId: () => string,
): Checkin[] {
  return members.map((p) => ({
    id: newId(),
    participantId: p.id,
    at,
    retiradoPor,
    camisetaEntregue: p.camiseta,
    balcao,
    semPagamento: false,
  }))
}
