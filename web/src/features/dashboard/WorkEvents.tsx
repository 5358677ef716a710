import { Link } from '../../app/routing'
import { titleOf } from '../../lib/events/eventText'
import type { Resource } from '../../lib/platform/resource'
import { kitDeskPath, organizerEventPath, roleLabels, type WorkEvent } from '../../lib/team/staff'
import { soonestFirst } from './eventOrder'
import { actionClass, EventItem, eventListClass, mainActionClass } from './EventItem'

/**
 * 'Eventos em que trabalho': the events the user was invited to work on, with their role, above
 * both panels so that a volunteer finds the kit desk at once, the next event first (TEAM-9). Nothing
 * shows for someone on no team.
 */
export function WorkEvents({ work }: { work: Resource<WorkEvent[]> }) {
  if (work.state !== 'ready' || work.data.length === 0) return null
  return (
    <section aria-labelledby="trabalho-titulo" className="space-y-3">
      <h2 id="trabalho-titulo" className="text-xl font-bold text-slate-900">
        Eventos em que trabalho
      </h2>
      <ul aria-labelledby="trabalho-titulo" className={eventListClass}>
        {soonestFirst(work.data, (w) => w.event.dataEvento).map(({ role, event }) => {
          const titulo = titleOf(event)
          return (
            <EventItem key={event.id} event={event} detail={roleLabels[role]}>
              {role === 'retirada' && (
                <a
                  href={kitDeskPath(event.id)}
                  aria-label={`Balcão de retirada de ${titulo}`}
                  className={mainActionClass}
                >
                  Balcão de retirada
                </a>
              )}
              <Link to={organizerEventPath(event.id)} aria-label={`Abrir ${titulo}`} className={actionClass}>
                Abrir
              </Link>
            </EventItem>
          )
        })}
      </ul>
    </section>
  )
}
