import { Link } from '../app/routing'
import { footerLinks } from '../app/navigation'

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <p>
          <strong className="text-slate-800">Pelotão</strong> — corridas e pedais em todo o Brasil.
        </p>
        <nav aria-label="Rodapé">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-brand-700">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Pelotão</p>
      </div>
    </footer>
  )
}
