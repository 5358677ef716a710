export function PageLoading({ text = 'Carregando...' }: { text?: string }) {
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-slate-600">
      {text}
    </p>
  )
}
