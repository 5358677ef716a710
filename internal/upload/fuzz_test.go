package upload

import (
	"bytes"
	"errors"
	"image"
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
			if file.Width > 0 {
				if _, _, err := image.Decode(bytes.NewReader(file.Data)); err != nil {
					t.Fatalf("accepted an image that does not decode: %v", err)
				}
			}
		case !errors.As(err, &ue):
			t.Fatalf("unexpected error %v", err)
		}
	})
}

// FuzzStripMetadata: the stripper never panics, and whenever the input decodes and it answers,
// its output decodes to the same pixels and stripping it again changes nothing.
func FuzzStripMetadata(f *testing.F) {
	exif := jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(6)...))
	jpg := withSegments(uploadtest.JPEG(24, 16), exif, jpegSegment(0xE2, []byte("ICC_PROFILE\x00\x01\x01x")),
		jpegSegment(0xFE, []byte(commentText)))
	png := uploadtest.PNG(12, 8)
	pngMeta := append(append(bytes.Clone(png[:33]), pngChunk("eXIf", exifTIFF(1))...), png[33:]...)
	for _, seed := range [][]byte{jpg, jpg[:len(jpg)/2], uploadtest.JPEG(16, 16), pngMeta, pngMeta[:60],
		vp8xWebP(9, 7), vp8xWebP(9, 7)[:40], uploadtest.WebP(5, 3, color.NRGBA{1, 2, 3, 255})} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil { // the stripper still reads what the decoder refuses, by its signature
			switch {
			case bytes.HasPrefix(data, []byte("\xff\xd8")):
				format = "jpeg"
			case bytes.HasPrefix(data, []byte("\x89PNG")):
				format = "png"
			default:
				format = "webp"
			}
		}
		out, orientation, err := stripMetadata(format, data)
		if err != nil {
			return
		}
		if orientation < 1 || orientation > 8 {
			t.Fatalf("orientation %d", orientation)
		}
		if again, o, err := stripMetadata(format, out); err != nil || o != orientation || !bytes.Equal(again, out) {
			t.Fatalf("stripping twice: %v, orientation %d then %d", err, orientation, o)
		}
		if cfg.Width*cfg.Height > 1<<20 {
			return
		}
		in, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		stripped, _, err := image.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("the input decodes, the stripped file does not: %v", err)
		}
		if in.Bounds() != stripped.Bounds() {
			t.Fatalf("bounds %v, stripped %v", in.Bounds(), stripped.Bounds())
		}
		for y := in.Bounds().Min.Y; y < in.Bounds().Max.Y; y++ {
			for x := in.Bounds().Min.X; x < in.Bounds().Max.X; x++ {
				if in.At(x, y) != stripped.At(x, y) {
					t.Fatalf("pixel %d,%d: %v, stripped %v", x, y, in.At(x, y), stripped.At(x, y))
				}
			}
		}
	})
}
