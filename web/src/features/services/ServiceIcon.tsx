import { LineIcon } from '../../components/LineIcon'

export type ServiceIconName = 'organizacao' | 'cronometragem' | 'percursos' | 'marketing' | 'fotografia' | 'kits'

// The six services, drawn for LineIcon.
const paths: Record<ServiceIconName, string> = {
  organizacao: 'M10 5h12v4H10zM7 7H5v21h22V7h-2M10 15l2 2 4-4M10 23l2 2 4-4M19 16h5M19 24h5',
  cronometragem: 'M16 29a11 11 0 1 0 0-22 11 11 0 0 0 0 22zM13 3h6M16 3v4M16 12v6l4 3M25 8l2-2',
  percursos:
    'M7 27a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM25 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 23h10a4 4 0 0 0 0-8h-6a4 4 0 0 1 0-8h9',
  marketing: 'M5 13v6h5l11 7V6L10 13zM10 19l2 8h3M25 12a5 5 0 0 1 0 8',
  fotografia: 'M4 10h6l2-4h8l2 4h6v16H4zM16 23a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM24 13h1',
  kits: 'M11 5l-7 5 3 5 3-2v15h12V13l3 2 3-5-7-5c0 3-2 5-5 5s-5-2-5-5z',
}

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  return <LineIcon d={paths[name]} />
}
