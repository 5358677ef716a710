export type PortraitLook = {
  pele: string
  cabelo: 'curto' | 'longo' | 'coque' | 'cacheado'
  corCabelo: string
  camisa: string
}

/** A stylised portrait drawn from a few traits, so every ambassador looks part of one set. */
export function AmbassadorPortrait({ nome, look }: { nome: string; look: PortraitLook }) {
  const { pele, cabelo, corCabelo, camisa } = look
  return (
    <svg
      viewBox="0 0 120 120"
      role="img"
      aria-label={`Retrato ilustrado de ${nome}`}
      className="h-16 w-16 shrink-0 sm:h-24 sm:w-24"
    >
      <circle cx="60" cy="60" r="60" fill="#ccfbf1" />
      {cabelo === 'longo' && <path d="M34 54c0-20 12-30 26-30s26 10 26 30v34H34z" fill={corCabelo} />}
      <path d="M22 120c2-22 16-33 38-33s36 11 38 33z" fill={camisa} />
      <path d="M53 70h14v18c-4 4-10 4-14 0z" fill={pele} />
      <circle cx="60" cy="54" r="22" fill={pele} />
      {cabelo === 'coque' && <circle cx="60" cy="26" r="10" fill={corCabelo} />}
      {cabelo === 'cacheado' ? (
        <g fill={corCabelo}>
          <circle cx="44" cy="40" r="9" />
          <circle cx="54" cy="33" r="10" />
          <circle cx="67" cy="33" r="10" />
          <circle cx="77" cy="41" r="9" />
        </g>
      ) : (
        <path d="M38 52c0-17 10-26 22-26s22 9 22 26c-5-8-13-12-22-12s-17 4-22 12z" fill={corCabelo} />
      )}
      <circle cx="52" cy="55" r="2.4" fill="#1e293b" />
      <circle cx="68" cy="55" r="2.4" fill="#1e293b" />
      <path d="M52 64q8 7 16 0" fill="none" stroke="#1e293b" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M46 104l14 8 14-8" fill="none" stroke="#fff" strokeOpacity=".6" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
