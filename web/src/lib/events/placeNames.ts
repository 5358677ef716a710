// The names a search knows places by, the twin of internal/event/search.go's placeNames (the rules
// and why are written there): each state by its name, and the names runners use for cities, from
// internal/event/places.json. Loaded only once someone types a search (usePlaceNames in features/events/eventList.ts), so that
// the home page's first download does not carry it.
import places from '../../../../internal/event/places.json'
import { ufs } from './event'
import { foldText } from '../text/textFold'

/** A state (cidade '') or one city of it, folded. */
export type Place = { uf: string; cidade: string }

export type PlaceNames = ReadonlyMap<string, Place>

export function buildPlaceNames(): PlaceNames {
  const names = new Map<string, Place>()
  for (const uf of ufs) names.set(foldText(uf.nome), { uf: uf.sigla, cidade: '' })
  for (const a of places.apelidos) names.set(foldText(a.nome), { uf: a.uf, cidade: foldText(a.cidade ?? '') })
  return names
}
