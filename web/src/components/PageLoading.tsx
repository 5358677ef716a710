/**
 * A page still loading. It fills the screen, so that the footer waits below the fold instead of
 * showing and then jumping away when the page arrives (a layout shift).
 */
export function PageLoading({ text = 'Carregando...' }: { text?: string }) {
  return (
    <p role="status" className="mx-auto min-h-dvh max-w-6xl px-4 py-16 text-center text-slate-600">
      {text}
    </p>
  )
}
