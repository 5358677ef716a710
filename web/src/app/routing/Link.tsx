import { useEffect, type ComponentPropsWithRef, type MouseEvent } from 'react'
import { createPath, resolve } from './history'
import { useLocation, useNavigate, type NavigateOptions } from './Router'

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & NavigateOptions & { to: string }

/**
 * A real link (<a href>) that moves within the app on a plain click. A click with a modifier key,
 * another button or target="_blank" is the browser's: a new tab, a download. A link to the page
 * already shown replaces its entry instead of adding one, unless replace says otherwise.
 */
export function Link({ to, replace, state, onClick, children, ...anchor }: LinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const href = createPath(resolve(to, location.pathname))
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return
    event.preventDefault()
    navigate(to, { replace: replace ?? createPath(location) === href, state })
  }
  return (
    <a {...anchor} href={href} onClick={handleClick}>
      {children}
    </a>
  )
}

function isPlainClick(event: MouseEvent, target: string | undefined) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
  return event.button === 0 && (!target || target === '_self') && !modified
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only at its own address, not also below it. */
  end?: boolean
  className?: (status: { isActive: boolean }) => string
}

/**
 * A link of the site's navigation: aria-current="page" while its page (or, without end, a page
 * below it) is shown. '/' is active only on the home page itself.
 */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase()
  const target = resolve(link.to, here).pathname.toLowerCase()
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/')
  return <Link {...link} aria-current={isActive ? 'page' : undefined} className={className?.({ isActive })} />
}

/** Goes to another address as soon as it is shown (after rendering: on the server it does nothing). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state])
  return null
}
