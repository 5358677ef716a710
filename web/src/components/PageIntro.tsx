import type { ReactNode } from 'react'

type Props = { eyebrow: string; title: string; children?: ReactNode }

/** The opening band of an institutional page: a small kicker, the page's one h1 and its lead text. */
export function PageIntro({ eyebrow, title, children }: Props) {
  return (
    <header className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <p className="text-sm font-bold uppercase tracking-widest text-orange-700">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-700">{children}</div>}
      </div>
    </header>
  )
}
