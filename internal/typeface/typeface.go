// Package typeface holds the fonts of the pictures the server draws (the demo's banners, the
// results' share cards): the Go fonts, which come with the Go module golang.org/x/image.
package typeface

import (
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/opentype"
)

var (
	Bold   = mustParse(gobold.TTF)
	Medium = mustParse(gomedium.TTF)
)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err)
	}
	return f
}

// Face is f at size points on a 72 dpi picture (a point is a pixel).
func Face(f *opentype.Font, size float64) font.Face {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err) // only for a size opentype refuses: a bug of the caller
	}
	return fc
}
