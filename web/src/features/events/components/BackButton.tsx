import { useLocation, useNavigate } from '../../../app/routing'
import { ArrowLeftIcon } from './icons'

/** EVT-7: back in history, or to the events list when the page was opened directly. */
export function BackButton({ className = '' }: { className?: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  // The router gives the first entry of a visit the key 'default'.
  const openedDirectly = location.key === 'default'
  return (
    <button
      type="button"
      onClick={() => (openedDirectly ? navigate('/') : navigate(-1))}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold transition ${className}`}
    >
      <ArrowLeftIcon />
      Voltar
    </button>
  )
}
