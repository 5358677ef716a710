export function Logo() {
  return (
    <span className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800">
      <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0f766e" />
        <path
          d="M18 46V18h15a10 10 0 0 1 0 20H25v8z"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <circle cx="47" cy="46" r="5" fill="#f97316" />
      </svg>
      Pelotão
    </span>
  )
}
