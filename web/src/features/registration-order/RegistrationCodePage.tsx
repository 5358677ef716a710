import { Navigate, useParams } from '../../app/routing'
import { PageLoading } from '../../components/PageLoading'
import { PageMessage } from '../../components/PageMessage'
import { ApiError } from '../../lib/platform/api'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { codeDestination, codePath } from '../../lib/registration/orders'

/**
 * /i/{codigo}, the address a registration's QR code carries (signed in: a visitor signs in and
 * comes back). The event's team goes to the kit desk with the code searched, the buyer to the
 * order, the athlete to "Minhas inscrições"; anyone else reads that there is nothing here for them
 * (docs/requirements.md REG-85).
 */
export function RegistrationCodePage() {
  usePageMeta('registrationCode')
  const { codigo = '' } = useParams()
  const destination = useResource(`code:${codigo}`, (signal) => codeDestination(codigo, signal))

  if (destination.state === 'loading') return <PageLoading text="Abrindo a inscrição..." />
  if (destination.state === 'error') {
    const notFound = destination.error instanceof ApiError && destination.error.status === 404
    return <PageMessage text={notFound ? 'Inscrição não encontrada' : 'Não foi possível abrir a inscrição. Tente novamente.'} />
  }
  return <Navigate to={codePath(destination.data)} replace />
}
