import { Link } from '../app/routing'

/**
 * A page-level outcome instead of the page's content: loading, not found, failed (ERR-5/6, ERR-14).
 * Loading fills the screen, as PageLoading does, so the footer does not jump when the page arrives.
 */
export function PageMessage({ text, loading = false }: { text: string; loading?: boolean }) {
  return (
    <section
      className={`mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center ${loading ? 'min-h-dvh' : ''}`}
    >
      {loading ? (
        <p role="status" className="text-slate-600">
          {text}
        </p>
      ) : (
        <>
          <h1 className="text-2xl font-extrabold text-slate-900">{text}</h1>
          <Link
            to="/"
            className="mt-6 rounded-full bg-brand-700 px-6 py-2.5 text-sm font-bold text-white hover:bg-brand-800"
          >
            Ver todos os eventos
          </Link>
        </>
      )}
    </section>
  )
}
