import { Link, Navigate, useParams } from '../../app/routing'
import { EmailAddress } from '../../components/EmailAddress'
import { PageLoading } from '../../components/PageLoading'
import { PageMessage } from '../../components/PageMessage'
import { useAuth } from '../../lib/auth'
import { ApiError } from '../../lib/platform/api'
import { usePageMeta } from '../../lib/platform/pageMeta'
import { useResource } from '../../lib/platform/resource'
import { codeDestination, codePath, myRegistrations, myRegistrationsPath } from '../../lib/registration/orders'
import { formatDate } from '../../lib/text/format'
import { ResendVerification } from '../../components/ResendVerification'
import { RegistrationCard } from './RegistrationCard'

/**
 * /i/{codigo}, the address a registration's QR code and its athlete's e-mail carry (signed in: a
 * visitor signs in and comes back). The event's team goes to the kit desk with the code searched,
 * the buyer to the order; the athlete reads the registration here, as the kit desk will scan it
 * (REG-261); an account not yet verified is asked to confirm its e-mail (REG-262); anyone else
 * reads that there is nothing here for them (docs/requirements.md REG-85).
 */
export function RegistrationCodePage() {
  usePageMeta('registrationCode')
  const { codigo = '' } = useParams()
  const { user } = useAuth()
  const destination = useResource(`code:${codigo}`, (signal) => codeDestination(codigo, signal))

  if (destination.state === 'loading') return <PageLoading text="Abrindo a inscrição..." />
  if (destination.state === 'error') {
    const notFound = destination.error instanceof ApiError && destination.error.status === 404
    // An athlete's registration opens only for the account whose *verified* e-mail is theirs.
    if (notFound && user && !user.emailVerificado) return <ConfirmEmailFirst email={user.email} />
    return (
      <PageMessage
        text={notFound ? 'Inscrição não encontrada' : 'Não foi possível abrir a inscrição. Tente novamente.'}
      />
    )
  }
  const d = destination.data
  if (d.role === 'atleta' && !d.pedidoId) return <AthleteRegistration codigo={d.codigo} />
  return <Navigate to={codePath(d)} replace />
}

/** The athlete's own registration, from "Minhas inscrições" (which lists it for their verified e-mail). */
function AthleteRegistration({ codigo }: { codigo: string }) {
  const list = useResource('my-registrations', myRegistrations)
  if (list.state === 'loading') return <PageLoading text="Abrindo a inscrição..." />
  const r = list.state === 'ready' ? list.data.find((i) => i.codigo === codigo) : undefined
  if (!r) return <Navigate to={myRegistrationsPath} replace />
  return (
    <section className="mx-auto max-w-xl space-y-5 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Sua inscrição</p>
        <h1 className="text-2xl font-extrabold text-slate-900">{r.evento.titulo || 'Evento'}</h1>
        <p className="text-slate-700">{formatDate(r.evento.dataEvento)}</p>
      </header>
      <RegistrationCard registration={r} />
      {r.numeroPeito != null && <p className="text-slate-700">Número de peito: {r.numeroPeito}</p>}
      <p className="text-slate-700">Apresente o QR code (ou o código) na retirada do kit, com um documento com foto.</p>
      <Link to={myRegistrationsPath} className="inline-block font-semibold text-brand-800 hover:underline">
        Ver minhas inscrições
      </Link>
    </section>
  )
}

/** Signed in with an address not yet confirmed: the registration waits for the confirmation. */
function ConfirmEmailFirst({ email }: { email: string }) {
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-2xl font-extrabold text-slate-900">Confirme seu e-mail para ver esta inscrição</h1>
      <p className="text-slate-700">
        Se ela foi feita em seu nome, para <EmailAddress email={email} />, ela aparece aqui assim que você abrir o link
        de confirmação que enviamos para esse endereço.
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <ResendVerification buttonClass="rounded-full bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800" />
      </div>
    </section>
  )
}
