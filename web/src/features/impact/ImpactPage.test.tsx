import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ImpactPage } from './ImpactPage'

describe('impact page', () => {
  it('shows the three initiatives, with the 95% recycling goal visible', () => {
    render(<ImpactPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Nosso Impacto' })).toBeInTheDocument()
    const cards = within(screen.getByRole('list', { name: 'Iniciativas' })).getAllByRole('listitem')
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Uma Árvore por Inscrição',
      'Mais de 95% de Reciclagem',
      'Copos Reutilizáveis',
    ])
    expect(cards[0]).toHaveTextContent(/para cada inscrição/i)
    expect(within(cards[1]!).getByText('95%')).toBeVisible()
    expect(cards[2]).toHaveTextContent(/copos reutilizáveis/i)
  })
})
