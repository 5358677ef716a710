/**
 * An address that wraps, when it must, before its "@" (never inside the name or the domain, unless
 * one alone is wider than the line).
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  return (
    <strong className="[overflow-wrap:anywhere]">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </strong>
  )
}
