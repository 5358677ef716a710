import { describe, expect, it } from 'vitest'
import { srcSetOf } from './images'

describe('srcSetOf', () => {
  it('offers the stored widths of an uploaded picture', () => {
    expect(srcSetOf('/files/abc')).toBe('/files/abc?w=480 480w, /files/abc?w=800 800w, /files/abc?w=1200 1200w')
  })

  it('offers nothing for other addresses', () => {
    for (const src of ['https://example.com/a.jpg', '/files/abc?w=480', '/placeholder.svg', ''])
      expect(srcSetOf(src)).toBeUndefined()
  })
})
