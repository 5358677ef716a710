/**
 * A line drawing on a 32-unit grid, stroked in the current colour, so that every icon set on the
 * institutional pages reads as one family.
 */
export function LineIcon({ d }: { d: string }) {
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
      <path d={d} />
    </svg>
  )
}
