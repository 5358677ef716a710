// Line icons drawn for the event and results pages. Decorative: the text beside each one carries the meaning.
/** What every one of these line icons (and the share buttons' own) draws with. */
export const lineIconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const

export function CalendarIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  )
}

export function PinIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  )
}

export function ClockIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  )
}

export function SearchIcon({ className = 'h-5 w-5 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  )
}

export function ArrowLeftIcon({ className = 'h-4 w-4 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  )
}

export function ChevronIcon({ className = 'h-5 w-5 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  )
}

export function FileIcon({ className = 'h-5 w-5 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </svg>
  )
}

/** label: the icon's text alternative, when no text beside it says that the link leaves the site. */
export function ExternalIcon({ className = 'h-4 w-4 shrink-0', label }: { className?: string; label?: string }) {
  const alternative = label ? ({ role: 'img', 'aria-label': label, 'aria-hidden': undefined } as const) : {}
  return (
    <svg {...lineIconProps} {...alternative} className={className}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  )
}

export function ZoomIcon({ className = 'h-5 w-5 shrink-0' }: { className?: string }) {
  return (
    <svg {...lineIconProps} className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5M11 8v6M8 11h6" />
    </svg>
  )
}
