package qrcode

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	goqr "github.com/piglig/go-qr"
)

// pixCode is a dynamic Pix copy-and-paste code of the usual length.
const pixCode = "00020101021226770014br.gov.bcb.pix2555pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5907Pelotao6009Sao Paulo62070503***6304ABCD"

// REG-12: the PNG is a valid image of whole modules with the quiet zone, and a reader gets the
// text back from it.
func TestPNGIsSquareWithAQuietZoneAndReadsBack(t *testing.T) {
	for _, text := range []string{pixCode, "https://pelotao.com.br/i/K7QX2M9PWA", "ação"} {
		b, err := PNG(text, 4)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%q: not a PNG: %v", text, err)
		}
		side := img.Bounds().Dx()
		if img.Bounds().Dy() != side || side%4 != 0 {
			t.Fatalf("%q: %v is not square in whole 4-pixel modules", text, img.Bounds())
		}
		modules := side/4 - 2*QuietZone
		if modules < 21 || (modules-21)%4 != 0 {
			t.Errorf("%q: %d modules is no QR version's size", text, modules)
		}
		if dark := darkIn(img, QuietZone*4); dark != 0 {
			t.Errorf("%q: %d dark pixels in the quiet zone", text, dark)
		}
		// The top-left finder pattern starts at the quiet zone's edge.
		if !isDark(img, QuietZone*4, QuietZone*4) || isDark(img, QuietZone*4-1, QuietZone*4-1) {
			t.Errorf("%q: the symbol does not start right after the quiet zone", text)
		}
		got, err := goqr.Decode(img)
		if err != nil || got != text {
			t.Errorf("read back %q, %v; want %q", got, err, text)
		}
	}
}

// REG-12: a Pix code's PNG stays small enough to inline in an e-mail or a JSON answer.
func TestPNGSize(t *testing.T) {
	b, err := PNG(pixCode, 8)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 2048 {
		t.Errorf("%d bytes for a Pix code at 8 px per module", len(b))
	}
}

func TestPNGRefuses(t *testing.T) {
	if _, err := PNG(pixCode, 0); err == nil {
		t.Error("scale 0 drew an image")
	}
	if _, err := PNG(strings.Repeat("x", 4000), 1); err == nil {
		t.Error("text past a QR code's capacity drew an image")
	}
}

// darkIn counts dark pixels within margin pixels of the image's edges.
func darkIn(img image.Image, margin int) int {
	n, side := 0, img.Bounds().Dx()
	for y := range side {
		for x := range side {
			if (x < margin || y < margin || x >= side-margin || y >= side-margin) && isDark(img, x, y) {
				n++
			}
		}
	}
	return n
}

func isDark(img image.Image, x, y int) bool {
	r, _, _, _ := img.At(x, y).RGBA()
	return r < 0x8000
}
