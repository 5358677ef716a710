import { Link } from 'react-router'

/** A page-level outcome instead of the page's content: loading, not found, failed (ERR-5/6, ERR-14). */
export function PageMessage({ text, loading = false }: { text: string; loading?: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
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
