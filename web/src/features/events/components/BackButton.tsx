import { Link, useLocation, useNavigate } from '../../../app/routing'
import { ArrowLeftIcon } from '../../../components/icons'

/**
 * EVT-7: back in history, or to the events list when the page was opened directly. A real link to
 * the list, so that on a page the server drew it works before the app runs.
 */
export function BackButton({ className = '' }: { className?: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  // The router gives the first entry of a visit the key 'default'.
  const openedDirectly = location.key === 'default'
  return (
    <Link
      to="/"
      onClick={(e) => {
        if (openedDirectly || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault() // back to where the visitor came from, with its tab and filters
        navigate(-1)
      }}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold transition ${className}`}
    >
      <ArrowLeftIcon />
      Voltar
    </Link>
  )
}
