package upload

import "image"

// swapsAxes tells whether EXIF orientation o (5 to 8) shows the picture turned a quarter, its
// width becoming its height.
func swapsAxes(o int) bool { return o >= 5 && o <= 8 }

// orient returns img as shown with EXIF orientation o: 1 (or an unknown value) as stored,
// 2 mirrored left to right, 3 turned 180°, 4 mirrored top to bottom, 5 mirrored along the
// diagonal from the top left (transposed), 6 turned 90° clockwise, 7 mirrored along the other
// diagonal, 8 turned 90° counter-clockwise.
func orient(img *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if swapsAxes(o) {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			// (sx, sy) is the stored pixel shown at (x, y).
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			s := img.PixOffset(b.Min.X+sx, b.Min.Y+sy)
			d := dst.PixOffset(x, y)
			copy(dst.Pix[d:d+4], img.Pix[s:s+4])
		}
	}
	return dst
}
