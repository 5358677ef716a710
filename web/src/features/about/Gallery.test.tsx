import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ImageModalProvider } from '../../components/ImageModal'
import { placeholderSrc } from '../../components/SafeImage'
import { about } from './content'
import { Gallery } from './Gallery'

const photos = about.galeria.fotos
const last = photos.length

function renderGallery() {
  render(
    <ImageModalProvider>
      <Gallery photos={photos} />
    </ImageModalProvider>,
  )
  return screen.getAllByRole('button')
}

const viewer = () => screen.getByRole('dialog')
const shownPhoto = () => within(viewer()).getByRole('img')

describe('about gallery', () => {
  it('has a thumbnail button per photo, named by its description', () => {
    const thumbs = renderGallery()
    expect(thumbs).toHaveLength(photos.length)
    expect(photos.length).toBeGreaterThanOrEqual(6)
    photos.forEach((p, i) => expect(thumbs[i]).toHaveAccessibleName(p.alt))
  })

  it('opens the viewer on the chosen photo and pages with the arrow keys, wrapping at both ends', async () => {
    const user = userEvent.setup()
    const thumbs = renderGallery()
    await user.click(thumbs[0]!)
    expect(viewer()).toHaveAccessibleName(`Imagem 1 de ${last}`)
    expect(shownPhoto()).toHaveAttribute('src', photos[0]!.src)

    await user.keyboard('{ArrowLeft}')
    expect(viewer()).toHaveAccessibleName(`Imagem ${last} de ${last}`)
    expect(shownPhoto()).toHaveAttribute('src', photos[last - 1]!.src)

    await user.keyboard('{ArrowRight}')
    expect(shownPhoto()).toHaveAttribute('src', photos[0]!.src)
    await user.keyboard('{ArrowRight}')
    expect(shownPhoto()).toHaveAttribute('src', photos[1]!.src)
  })

  it('wraps from the last photo to the first with the on-screen buttons too', async () => {
    const user = userEvent.setup()
    const thumbs = renderGallery()
    await user.click(thumbs[last - 1]!)
    await user.click(screen.getByRole('button', { name: 'Próxima imagem' }))
    expect(shownPhoto()).toHaveAttribute('src', photos[0]!.src)
    await user.click(screen.getByRole('button', { name: 'Imagem anterior' }))
    expect(shownPhoto()).toHaveAttribute('src', photos[last - 1]!.src)
  })

  it('closes on Escape and gives focus back to the thumbnail', async () => {
    const user = userEvent.setup()
    const thumbs = renderGallery()
    await user.click(thumbs[2]!)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(thumbs[2]).toHaveFocus()
  })

  it('shows the placeholder when a thumbnail or the enlarged photo fails to load', async () => {
    const user = userEvent.setup()
    const thumbs = renderGallery()
    const thumb = within(thumbs[3]!).getByRole('img')
    fireEvent.error(thumb)
    expect(thumb).toHaveAttribute('src', placeholderSrc)
    expect(thumb).toHaveAccessibleName(`${photos[3]!.alt} (imagem indisponível)`)

    await user.click(thumbs[4]!)
    fireEvent.error(shownPhoto())
    expect(shownPhoto()).toHaveAttribute('src', placeholderSrc)
    await user.keyboard('{ArrowRight}')
    expect(shownPhoto()).toHaveAttribute('src', photos[5]!.src)
  })
})
