import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ImageModalProvider } from '../../components/ImageModal'
import { AboutPage } from './AboutPage'

describe('about page', () => {
  it('tells the 4 km story and shows ambassadors, both podiums and the gallery', () => {
    render(
      <ImageModalProvider>
        <AboutPage />
      </ImageModalProvider>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Sobre o Pelotão' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /primeira edição: 4 km/ })).toBeInTheDocument()

    const ambassadors = screen.getByRole('region', { name: 'Nossos embaixadores' })
    expect(within(ambassadors).getAllByRole('listitem')).toHaveLength(4)
    expect(within(ambassadors).getAllByRole('img', { name: /^Retrato ilustrado de / })).toHaveLength(4)

    for (const group of ['Feminino', 'Masculino']) {
      const podium = screen.getByRole('article', { name: group })
      const places = within(podium).getAllByRole('listitem')
      expect(places.map((p) => p.textContent?.slice(0, 2))).toEqual(['1º', '2º', '3º'])
    }

    const gallery = screen.getByRole('region', { name: 'Galeria da primeira edição' })
    expect(within(gallery).getAllByRole('button').length).toBeGreaterThanOrEqual(6)
  })
})
