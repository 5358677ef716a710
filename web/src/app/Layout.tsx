import { useEffect } from 'react'
import { Outlet, useLocation } from './routing'
import { Header } from '../components/Header'
import { Footer } from '../components/Footer'
import { ImageModalProvider } from '../components/ImageModal'

export function Layout() {
  useScrollToTopOnNavigation()
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
          <Outlet />
        </main>
        <Footer />
      </div>
    </ImageModalProvider>
  )
}

/** A new page starts at its top, as in a multi-page site; going back keeps the browser's own restoration. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
}
