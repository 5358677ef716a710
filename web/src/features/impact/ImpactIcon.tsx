export type ImpactIconName = 'arvore' | 'reciclagem' | 'copos'

// Drawn on the same 32-unit grid and stroke as the service icons.
const paths: Record<ImpactIconName, string> = {
  arvore: 'M16 29V17M16 21l-4-3M16 19l4-3M16 3c-5 0-8 4-8 8a6 6 0 0 0 2 5 6 6 0 0 0 6 3 6 6 0 0 0 6-3 6 6 0 0 0 2-5c0-4-3-8-8-8zM10 29h12',
  reciclagem: 'M12 7l3-4 3 5M15 3l-8 13M21 9l6 11h-7M20 17l-2 3 2 3M26 24H10M13 21l-3 3 3 3M8 12l-4 8 4 4',
  copos: 'M8 6h16l-2 22H10zM9 13h14M13 18h6',
}

export function ImpactIcon({ name }: { name: ImpactIconName }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className="h-8 w-8"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  )
}
