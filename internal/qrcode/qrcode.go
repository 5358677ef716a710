// Package qrcode draws QR codes as PNG images on the server: the Pix copy-and-paste code of an
// order, and a registration's code for the kit desk and the confirmation e-mail. Encoding is
// github.com/piglig/go-qr's; the image is drawn here as a two-colour palette, which keeps a
// Pix code of some 150 characters to about a kilobyte.
package qrcode

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"

	goqr "github.com/piglig/go-qr"
)

// QuietZone is the light margin the QR standard requires around the symbol, in modules; readers
// may fail without it, on a dark page above all.
const QuietZone = 4

// palette is light then dark: index 0 is the quiet zone and every light module.
var palette = color.Palette{color.White, color.Black}

// PNG draws text as a QR code of error-correction level M (15 % restorable, as Pix apps print
// them) with scale pixels per module and the quiet zone around it.
func PNG(text string, scale int) ([]byte, error) {
	if scale < 1 || scale > 64 {
		return nil, fmt.Errorf("qrcode: scale %d is not 1 to 64 pixels per module", scale)
	}
	code, err := goqr.EncodeText(text, goqr.Medium)
	if err != nil {
		return nil, fmt.Errorf("qrcode: %w", err)
	}
	modules := code.Size()
	side := (modules + 2*QuietZone) * scale
	img := image.NewPaletted(image.Rect(0, 0, side, side), palette)
	for y := range modules {
		for x := range modules {
			if !code.Module(x, y) {
				continue
			}
			for py := range scale {
				row := img.Pix[((QuietZone+y)*scale+py)*img.Stride:]
				for px := range scale {
					row[(QuietZone+x)*scale+px] = 1
				}
			}
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		return nil, fmt.Errorf("qrcode: %w", err)
	}
	return b.Bytes(), nil
}
