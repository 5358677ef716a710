import { useEffect } from 'react'
import { Outlet, useLocation } from './routing'
import { Header } from '../components/Header'
import { Footer } from '../components/Footer'
import { ImageModalProvider } from '../components/ImageModal'
import { ErrorBoundary } from '../components/ErrorBoundary'

export function Layout() {
  const { pathname } = useLocation()
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

/** A new page starts at its top, as in a multi-page site; going back keeps the browser's own restoration. */
function useScrollToTopOnNavigation(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
}
