import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { placeholderSrc, SafeImage } from './SafeImage'

/** Makes every <img> report the given load state, as a browser would for the server's markup. */
function imagesReport(state: { complete: boolean; naturalWidth: number; currentSrc: string }) {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(state.complete)
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(state.naturalWidth)
  vi.spyOn(HTMLImageElement.prototype, 'currentSrc', 'get').mockReturnValue(state.currentSrc)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('SafeImage', () => {
  it('shows the placeholder when the picture fails to load', () => {
    render(<SafeImage src="/files/abc" alt="Banner de Corrida" />)
    const img = screen.getByRole('img', { name: 'Banner de Corrida' })
    expect(img).toHaveAttribute('srcset', expect.stringContaining('/files/abc?w=480 480w'))
    fireEvent.error(img)
    const fallback = screen.getByRole('img', { name: 'Banner de Corrida (imagem indisponível)' })
    expect(fallback).toHaveAttribute('src', placeholderSrc)
    expect(fallback).not.toHaveAttribute('srcset')
  })

  it('shows the placeholder for a picture that failed before the app started (server markup)', () => {
    imagesReport({ complete: true, naturalWidth: 0, currentSrc: 'http://localhost/files/abc?w=800' })
    render(<SafeImage src="/files/abc" alt="Banner de Corrida" />)
    expect(screen.getByRole('img', { name: 'Banner de Corrida (imagem indisponível)' })).toHaveAttribute(
      'src',
      placeholderSrc,
    )
  })

  it('leaves a picture that loaded, or is still loading, alone', () => {
    imagesReport({ complete: true, naturalWidth: 800, currentSrc: 'http://localhost/files/abc?w=800' })
    const { unmount } = render(<SafeImage src="/files/abc" alt="Banner de Corrida" />)
    expect(screen.getByRole('img', { name: 'Banner de Corrida' })).toHaveAttribute('src', '/files/abc')
    unmount()
    vi.restoreAllMocks()
    imagesReport({ complete: false, naturalWidth: 0, currentSrc: '' })
    render(<SafeImage src="/files/abc" alt="Banner de Corrida" />)
    expect(screen.getByRole('img', { name: 'Banner de Corrida' })).toHaveAttribute('src', '/files/abc')
  })

  it('puts sources for other screens in a <picture>, and drops them with the placeholder', () => {
    const { container } = render(
      <SafeImage
        src="/files/mobile"
        sources={[{ media: '(min-width: 768px)', src: '/files/desktop' }]}
        sizes="100vw"
        alt="Banner"
      />,
    )
    const source = container.querySelector('picture > source')
    expect(source).toHaveAttribute('media', '(min-width: 768px)')
    expect(source).toHaveAttribute('srcset', expect.stringContaining('/files/desktop?w=1200 1200w'))
    expect(source).toHaveAttribute('sizes', '100vw')
    fireEvent.error(screen.getByRole('img', { name: 'Banner' }))
    expect(container.querySelector('picture')).toBeNull()
    expect(screen.getByRole('img', { name: 'Banner (imagem indisponível)' })).toHaveAttribute('src', placeholderSrc)
  })
})
