package upload

import (
	"errors"
	"image/color"
	"testing"

	"pelotao/internal/upload/uploadtest"
)

// FuzzPrepare: whatever bytes arrive, Prepare answers a file or an *Error, and never panics.
func FuzzPrepare(f *testing.F) {
	jpg := uploadtest.JPEG(40, 30)
	png := uploadtest.PNG(30, 20)
	webp := uploadtest.WebP(9, 7, color.NRGBA{1, 2, 3, 255})
	pdf := uploadtest.PDF("x")
	for _, seed := range [][]byte{jpg, png, webp, pdf, jpg[:len(jpg)/2], png[:40], webp[:20], pdf[:30], uploadtest.Executable(), []byte("<svg/>"), nil} {
		f.Add("arquivo.jpg", seed)
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		file, err := Prepare(name, data, "")
		var ue *Error
		switch {
		case err == nil:
			if file.ContentType == "" || file.Name == "" {
				t.Fatalf("accepted without a type or name: %+v", file)
			}
		case !errors.As(err, &ue):
			t.Fatalf("unexpected error %v", err)
		}
	})
}
