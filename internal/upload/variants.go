package upload

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"slices"
	"strings"

	xdraw "golang.org/x/image/draw"

	"pelotao/internal/store"
)

// widths.json lists the smaller widths stored beside every image wider than them, so pages can
// offer srcset="/files/{id}?w=480 480w, /files/{id}?w=800 800w, …"; the web app builds its
// srcset from the same file (web/src/lib/platform/images.ts).
//
//go:embed widths.json
var widthsJSON []byte

// Widths are the widths of widths.json, ascending. EventBannerSizes and EventCardSizes are the
// sizes attributes of the event page's banner (a 400-pixel-high box, the picture whole inside it)
// and of the home page's cards, which the server's preloads must repeat exactly for the browser
// to reuse the preloaded pictures.
var Widths, EventBannerSizes, EventCardSizes = func() ([]int, string, string) {
	var w struct {
		Widths           []int  `json:"widths"`
		EventBannerSizes string `json:"eventBannerSizes"`
		EventCardSizes   string `json:"eventCardSizes"`
	}
	if err := json.Unmarshal(widthsJSON, &w); err != nil || !slices.IsSorted(w.Widths) || len(w.Widths) == 0 {
		panic(fmt.Sprintf("internal/upload/widths.json: want ascending widths, got %v (%v)", w.Widths, err))
	}
	return w.Widths, w.EventBannerSizes, w.EventCardSizes
}()

// SrcSet is the srcset of the uploaded picture at path (/files/{id}); web/src/lib/platform/images.ts
// writes the same.
func SrcSet(path string) string {
	parts := make([]string, len(Widths))
	for i, w := range Widths {
		parts[i] = fmt.Sprintf("%s?w=%d %dw", path, w, w)
	}
	return strings.Join(parts, ", ")
}

// variantQuality keeps banners crisp while a 1200-pixel copy stays near a tenth of a phone photo.
const variantQuality = 82

// variants makes the smaller widths of img, widest first, each scaled from the previous one and
// turned by orientation (the EXIF one, 1 to 8), so every copy shows as a browser shows the
// original. Widths count as shown: a photo taken upright, stored sideways with orientation 6,
// gets copies 480, 800 and 1200 pixels wide once turned. Copies are scaled in the stored
// orientation and each turned afterwards: turning the 1200-pixel copy costs far less than
// turning a 40-megapixel original.
func variants(img image.Image, orientation int) ([]store.FileVariant, error) {
	opaque := true
	if o, ok := img.(interface{ Opaque() bool }); ok {
		opaque = o.Opaque()
	}
	shownW, shownH := img.Bounds().Dx(), img.Bounds().Dy()
	if swapsAxes(orientation) {
		shownW, shownH = shownH, shownW
	}
	var out []store.FileVariant
	src := img
	for i := len(Widths) - 1; i >= 0; i-- {
		w := Widths[i]
		if w >= shownW {
			continue
		}
		h := max(1, (shownH*w+shownW/2)/shownW)
		sw, sh := w, h // in the stored orientation
		if swapsAxes(orientation) {
			sw, sh = h, w
		}
		dst := image.NewRGBA(image.Rect(0, 0, sw, sh))
		// BiLinear widens its kernel with the scale, so it averages every source pixel (no
		// aliasing) at a quarter of Catmull-Rom's cost; each width is scaled from the previous one.
		xdraw.BiLinear.Scale(dst, dst.Bounds(), src, src.Bounds(), xdraw.Src, nil)
		v, err := encodeVariant(orient(dst, orientation), opaque)
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
