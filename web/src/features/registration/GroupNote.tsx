import { useEffect } from 'react'
import type { Offer } from '../../lib/events/registrationOffer'
import { api } from '../../lib/platform/api'
import { useResource } from '../../lib/platform/resource'

/**
 * What the form opened with a group's link (?grupo=) says (docs/requirements.md GRP-24): the
 * assessoria its athletes join, with the event's group tiers, or that the link is not of this event.
 * A chunk of its own, loaded only for such a link: the form's first load does not grow. It tells
 * onGroup the group's code once the event's group is found.
 */
export function GroupNote({
  eventId,
  codigo,
  tiers,
  onGroup,
}: {
  eventId: string
  codigo: string
  tiers: Offer['descontosGrupo']
  onGroup: (codigo: string) => void
}) {
  const path = `/api/events/${encodeURIComponent(eventId)}/grupos/${encodeURIComponent(codigo)}`
  const group = useResource(path, (signal) => api<{ nome: string; codigo: string }>(path, { signal }))
  const found = group.data
  useEffect(() => {
    if (found) onGroup(found.codigo)
  }, [found, onGroup])
  if (group.state === 'loading') return null
  return (
    <p role="status" className="mt-6 rounded-xl bg-brand-50 px-4 py-3 text-base text-brand-900">
      {found
        ? `Você está se inscrevendo com a assessoria ${found.nome}`
        : 'Este link de grupo não vale para este evento. Você pode se inscrever normalmente, sem grupo.'}
      {found && !!tiers?.length && (
        <span className="mt-1 block text-sm">
          {`Desconto de grupo: ${tiers.map((d) => `${d.percentual}% a partir de ${d.minimo} inscrições`).join('; ')}.`}
        </span>
      )}
    </p>
  )
}
