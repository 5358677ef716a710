import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = {
  children: ReactNode
  /** A new value (the page's address) clears a shown failure: moving to another page starts afresh. */
  resetKey?: string
}

type State = { failed: boolean }

/**
 * Keeps a failure while drawing one part of the site from blanking the page: the part is replaced
 * by a message with 'Tentar novamente', which draws it again (its data is fetched again, as the
 * part mounts anew). The layout puts one around each page, so the header and footer stay, and one
 * around itself. On the server React does not use boundaries: the server's renderer reports the
 * failure and serves the page for the browser to draw (internal/prerender).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false })
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-extrabold text-slate-900">Algo deu errado ao mostrar esta página.</h1>
        <p className="mt-3 text-slate-700">Tente novamente. Se o problema continuar, volte em alguns minutos.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => this.setState({ failed: false })}
            className="rounded-full bg-brand-700 px-6 py-2.5 text-sm font-bold text-white hover:bg-brand-800"
          >
            Tentar novamente
          </button>
          {/* A full load of the home page, which also recovers when the app itself is broken. */}
          <a
            href="/"
            className="rounded-full px-6 py-2.5 text-sm font-bold text-brand-800 ring-1 ring-brand-700/40 hover:bg-brand-50"
          >
            Ir para a página inicial
          </a>
        </div>
      </section>
    )
  }
}
