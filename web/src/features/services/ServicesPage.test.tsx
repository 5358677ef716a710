import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { services } from './content'
import { ServicesPage } from './ServicesPage'

describe('services page', () => {
  it('shows exactly the six services, each with a title and a description', () => {
    render(<ServicesPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Nossos Serviços' })).toBeInTheDocument()
    const cards = within(screen.getByRole('list', { name: 'Serviços' })).getAllByRole('listitem')
    expect(cards).toHaveLength(6)
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Organização Completa',
      'Cronometragem com Chip',
      'Criação de Percursos',
      'Marketing',
      'Fotografia Esportiva',
      'Produção de Kits',
    ])
    services.lista.forEach((s, i) => expect(cards[i]).toHaveTextContent(s.descricao))
  })
})
