import { LineIcon } from '../../components/LineIcon'

export type ImpactIconName = 'arvore' | 'reciclagem' | 'copos'

// Drawn on the same grid and stroke as the service icons (LineIcon).
const paths: Record<ImpactIconName, string> = {
  arvore: 'M16 28V14M16 18c-6 0-9-4-9-9 6 0 9 4 9 9zM16 15c0-5 3-9 9-9 0 5-3 9-9 9zM9 28h14',
  reciclagem: 'M26 13a11 11 0 0 0-19-3M6 19a11 11 0 0 0 19 3M26 5v8h-8M6 27v-8h8',
  copos: 'M8 6h16l-2 22H10zM9 13h14M13 18h6',
}

export function ImpactIcon({ name }: { name: ImpactIconName }) {
  return <LineIcon d={paths[name]} />
}
