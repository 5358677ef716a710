import { RegistrationQRCode } from '../../components/RegistrationQRCode'
import type { OrderRegistration } from '../../lib/registration/orders'

/**
 * A registration of a paid order as its athlete shows it at the kit desk: code, QR code and choices; one cancelled alone
 * says so and has no QR code, the kit desk refusing it (REG-281).
 */
export function RegistrationCard({ registration: r }: { registration: OrderRegistration }) {
  const cancelled = r.status === 'cancelada'
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      {r.codigo && !cancelled && (
        <RegistrationQRCode codigo={r.codigo} size={160} className="mx-auto h-40 w-40 sm:mx-0" />
      )}
      <div className="space-y-1 text-slate-700">
        <h2 className="text-lg font-bold text-slate-900">{r.nome}</h2>
        {cancelled && <p className="font-semibold text-red-800">Inscrição cancelada</p>}
        {r.codigo && (
          <p>
            Código: <strong className="font-mono text-slate-900">{r.codigo}</strong>
          </p>
        )}
        <p>Modalidade: {r.percurso}</p>
        <p>Categoria: {r.categoria}</p>
        {r.camiseta && <p>Camiseta: {r.camiseta}</p>}
      </div>
    </article>
  )
}
