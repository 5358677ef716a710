import { registrationQRCode } from '../lib/registration/orders'

/** The QR code a registration shows at the kit desk (of {base}/i/{codigo}), `size` pixels square. */
export function RegistrationQRCode({
  codigo,
  size,
  lazy = false,
  className = '',
}: {
  codigo: string
  size: number
  lazy?: boolean
  className?: string
}) {
  return (
    <img
      src={registrationQRCode(codigo)}
      alt={`QR code da inscrição ${codigo}`}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      className={`shrink-0 ${className}`}
    />
  )
}
