import { lazy, Suspense, useEffect, useRef } from 'react'
import { Outlet, useLocation } from './routing'
import { useAuth } from '../lib/auth'
import { Header } from '../components/Header'
import { Footer } from '../components/Footer'
import { ImageModalProvider } from '../components/ImageModal'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { useInBrowser } from '../lib/platform/inBrowser'

// Only an account that has not confirmed its e-mail loads the banner: the home page's code stays as it was.
const EmailVerificationBanner = lazy(() =>
  import('../features/auth/EmailVerificationBanner').then((m) => ({ default: m.EmailVerificationBanner })),
)

export function Layout() {
  const { pathname } = useLocation()
  const { user } = useAuth()
  // The banner's code is not in the server's renderer: the drawn page and its hydration leave it out.
  const inBrowser = useInBrowser()
  useScrollToTopOnNavigation(pathname)
  return (
    <ImageModalProvider>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <div className="flex min-h-dvh flex-col">
        <Header />
        {inBrowser && user?.emailVerificado === false && (
          <Suspense fallback={null}>
            <EmailVerificationBanner />
          </Suspense>
        )}
        <main id="conteudo" className="flex-1" tabIndex={-1}>
          {/* A page that fails shows a message between the header and the footer, never a blank site. */}
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </ImageModalProvider>
  )
}

/**
 * A new page starts at its top, as in a multi-page site; going back keeps the browser's own restoration.
 * The first page stays where the browser put it: at a link's #target (a results page's modality), or
 * where the visitor scrolled a drawn page before the app took it over.
 */
function useScrollToTopOnNavigation(pathname: string) {
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current !== pathname) window.scrollTo(0, 0)
    shown.current = pathname
  }, [pathname])
}
