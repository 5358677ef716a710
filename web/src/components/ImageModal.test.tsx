import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ImageModalProvider, useImageModal, wrapIndex, type ModalImage } from './ImageModal'

const photos: ModalImage[] = [
  { src: '/a.png', alt: 'Largada' },
  { src: '/b.png', alt: 'Percurso' },
  { src: '/c.png', alt: 'Chegada' },
]

function Opener({ images, index = 0 }: { images: ModalImage[]; index?: number }) {
  const modal = useImageModal()
  return (
    <button type="button" onClick={() => modal.open(images, index)}>
      Ampliar
    </button>
  )
}

function setup(images: ModalImage[], index = 0) {
  render(
    <ImageModalProvider>
      <Opener images={images} index={index} />
    </ImageModalProvider>,
  )
  return screen.getByRole('button', { name: 'Ampliar' })
}

describe('shared image modal', () => {
  it('opens with the image, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup()
    const opener = setup([photos[0]!])
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Imagem ampliada' })
    expect(screen.getByRole('img', { name: 'Largada' })).toHaveAttribute('src', '/a.png')
    expect(screen.getByRole('button', { name: 'Fechar imagem' })).toHaveFocus()
    expect(dialog).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes on the close button and on a backdrop click', async () => {
    const user = userEvent.setup()
    const opener = setup([photos[0]!])
    await user.click(opener)
    await user.click(screen.getByRole('button', { name: 'Fechar imagem' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(opener)
    await user.click(screen.getByRole('dialog'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('pages through several images with the arrow keys, wrapping at both ends', async () => {
    const user = userEvent.setup()
    await user.click(setup(photos, 2))
    expect(screen.getByRole('dialog', { name: 'Imagem 3 de 3' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('img', { name: 'Largada' })).toBeInTheDocument()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('img', { name: 'Chegada' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Próxima imagem' }))
    expect(screen.getByRole('img', { name: 'Largada' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Imagem anterior' }))
    expect(screen.getByRole('img', { name: 'Chegada' })).toBeInTheDocument()
  })

  it('shows the placeholder when the image fails to load', async () => {
    const user = userEvent.setup()
    await user.click(setup([photos[1]!]))
    fireEvent.error(screen.getByRole('img', { name: 'Percurso' }))
    const img = screen.getByRole('img', { name: 'Percurso (imagem indisponível)' })
    expect(img).toHaveAttribute('src', '/placeholder.svg')
  })

  it('wraps indexes in both directions', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(1, 3)).toBe(1)
  })
})
