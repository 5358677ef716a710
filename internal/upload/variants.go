package upload

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	xdraw "golang.org/x/image/draw"

	"pelotao/internal/store"
)

// Widths are the smaller widths stored beside every image wider than them, so pages can offer
// srcset="/files/{id}?w=480 480w, /files/{id}?w=800 800w, /files/{id}?w=1200 1200w, /files/{id} {width}w".
var Widths = []int{480, 800, 1200}

// variantQuality keeps banners crisp while a 1200-pixel copy stays near a tenth of a phone photo.
const variantQuality = 82

// variants makes the smaller widths of img, widest first, each scaled from the previous one.
// An image that a browser would turn by its EXIF orientation gets none: its pixels are stored
// sideways, and a copy without that tag would be shown sideways too (the original is served instead).
func variants(img image.Image, data []byte) ([]store.FileVariant, error) {
	if o := exifOrientation(data); o > 1 {
		return nil, nil
	}
	opaque := true
	if o, ok := img.(interface{ Opaque() bool }); ok {
		opaque = o.Opaque()
	}
	var out []store.FileVariant
	src := img
	for i := len(Widths) - 1; i >= 0; i-- {
		w := Widths[i]
		b := src.Bounds()
		if w >= img.Bounds().Dx() {
			continue
		}
		h := max(1, (img.Bounds().Dy()*w+img.Bounds().Dx()/2)/img.Bounds().Dx())
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		// BiLinear widens its kernel with the scale, so it averages every source pixel (no
		// aliasing) at a quarter of Catmull-Rom's cost; each width is scaled from the previous one.
		xdraw.BiLinear.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
		v, err := encodeVariant(dst, opaque)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		src = dst
	}
	return out, nil
}

// encodeVariant writes a JPEG, or a PNG when the image has transparency JPEG cannot keep.
func encodeVariant(img *image.RGBA, opaque bool) (store.FileVariant, error) {
	var buf bytes.Buffer
	v := store.FileVariant{ContentType: "image/jpeg", Width: img.Bounds().Dx(), Height: img.Bounds().Dy()}
	var err error
	if opaque {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: variantQuality})
	} else {
		v.ContentType = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
	}
	if err != nil {
		return store.FileVariant{}, fmt.Errorf("upload: encoding the %d-pixel width: %w", v.Width, err)
	}
	v.Data = buf.Bytes()
	return v, nil
}

// exifOrientation reads the EXIF orientation tag of a JPEG (1 = upright), or 0 when there is none.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0
	}
	p := 2
	for p+4 <= len(data) && data[p] == 0xFF {
		marker := data[p+1]
		size := int(binary.BigEndian.Uint16(data[p+2:]))
		if marker == 0xDA || size < 2 || p+2+size > len(data) { // start of scan: no more headers
			return 0
		}
		seg := data[p+4 : p+2+size]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return tiffOrientation(seg[6:])
		}
		p += 2 + size
	}
	return 0
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd+2 > len(t) || ifd < 8 {
		return 0
	}
	n := int(order.Uint16(t[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > len(t) {
			return 0
		}
		if order.Uint16(t[e:]) == 0x0112 {
			return int(order.Uint16(t[e+8:]))
		}
	}
	return 0
}
