package upload

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"pelotao/internal/upload/uploadtest"
)

func TestPrepareAcceptsByContent(t *testing.T) {
	cases := []struct {
		name, filename string
		data           []byte
		wantType       string
		wantName       string
		wantW, wantH   int
	}{
		{"jpeg", "Banner Maratona.JPG", uploadtest.JPEG(64, 32), "image/jpeg", "Banner Maratona.jpg", 64, 32},
		{"png", "C:\\fotos\\pódio 2025.png", uploadtest.PNG(20, 10), "image/png", "pódio 2025.png", 20, 10},
		{"webp", "capa.webp", uploadtest.WebP(30, 20, color.NRGBA{200, 40, 10, 255}), "image/webp", "capa.webp", 30, 20},
		{"pdf", "regulamento.pdf", uploadtest.PDF("Regulamento"), "application/pdf", "regulamento.pdf", 0, 0},
		// Content wins over the name: a PDF sent as .jpg is a PDF, and is offered as .pdf.
		{"pdf with a wrong extension", "resultado.jpg", uploadtest.PDF("Resultado"), "application/pdf", "resultado.pdf", 0, 0},
		{"jpeg named .png", "foto.png", uploadtest.JPEG(8, 8), "image/jpeg", "foto.jpg", 8, 8},
		{"no usable name", "../../", uploadtest.PDF("x"), "application/pdf", "documento.pdf", 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Prepare(c.filename, c.data, "")
			if err != nil {
				t.Fatal(err)
			}
			if f.ContentType != c.wantType || f.Name != c.wantName || f.Width != c.wantW || f.Height != c.wantH || !bytes.Equal(f.Data, c.data) {
				t.Fatalf("got type %q name %q %dx%d (%d bytes)", f.ContentType, f.Name, f.Width, f.Height, len(f.Data))
			}
		})
	}
}

func TestPrepareRefuses(t *testing.T) {
	jpg := uploadtest.JPEG(200, 100)
	pdf := uploadtest.PDF("x")
	cases := []struct {
		name     string
		data     []byte
		want     Kind
		message  string
		tooLarge bool
	}{
		{"renamed executable", uploadtest.Executable(), "", "Formato não aceito", false},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), "", "Formato não aceito", false},
		{"html", []byte("<!doctype html><p>oi"), "", "Formato não aceito", false},
		{"empty", nil, "", "vazio", false},
		{"truncated jpeg", jpg[:len(jpg)/2], "", "corrompida ou incompleta", false},
		{"jpeg header only", jpg[:20], "", "corrompida ou incompleta", false},
		{"pdf without its end", pdf[:len(pdf)-20], "", "PDF está corrompido", false},
		{"image too large", append(bytes.Clone(jpg), make([]byte, MaxImageBytes)...), "", "8 MB", true},
		{"pdf too large", append(append([]byte("%PDF-1.4\n"), make([]byte, MaxPDFBytes)...), "%%EOF"...), "", "20 MB", true},
		{"too many pixels", pngHeader(8000, 6000), "", "40 megapixels", false},
		{"pdf where an image is wanted", pdf, KindImage, "Envie uma imagem", false},
		{"image where a pdf is wanted", jpg, KindPDF, "Envie um arquivo PDF", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Prepare("arquivo.jpg", c.data, c.want)
			var ue *Error
			if !errors.As(err, &ue) {
				t.Fatalf("want *upload.Error, got %v", err)
			}
			if !strings.Contains(ue.Message, c.message) || ue.TooLarge != c.tooLarge {
				t.Fatalf("got %q (too large %v), want %q (too large %v)", ue.Message, ue.TooLarge, c.message, c.tooLarge)
			}
		})
	}
}

// pngHeader is the start of a PNG that declares w×h pixels and carries none: only DecodeConfig
// can look at it, which is exactly what must refuse it.
func pngHeader(w, h int) []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()[:33] // signature and IHDR
	binary.BigEndian.PutUint32(data[16:], uint32(w))
	binary.BigEndian.PutUint32(data[20:], uint32(h))
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

func TestImagesGetNarrowerWidths(t *testing.T) {
	f, err := Prepare("banner.jpg", uploadtest.JPEG(1600, 640), KindImage)
	if err != nil {
		t.Fatal(err)
	}
	var widths []int
	for _, v := range f.Variants {
		img, format, err := image.Decode(bytes.NewReader(v.Data))
		if err != nil || format != "jpeg" || v.ContentType != "image/jpeg" {
			t.Fatalf("variant %d: %s %v", v.Width, format, err)
		}
		if img.Bounds().Dx() != v.Width || img.Bounds().Dy() != v.Height || v.Height != v.Width*640/1600 {
			t.Fatalf("variant %d is %v, recorded %dx%d", v.Width, img.Bounds(), v.Width, v.Height)
		}
		widths = append(widths, v.Width)
	}
	if len(widths) != 3 || widths[0] != 1200 || widths[1] != 800 || widths[2] != 480 {
		t.Fatalf("widths %v", widths)
	}

	small, _ := Prepare("icone.png", uploadtest.PNG(600, 600), KindImage)
	if len(small.Variants) != 1 || small.Variants[0].Width != 480 {
		t.Fatalf("600-pixel image: %d variants", len(small.Variants))
	}
	transparent := image.NewNRGBA(image.Rect(0, 0, 900, 300))
	var b bytes.Buffer
	png.Encode(&b, transparent)
	tf, _ := Prepare("logo.png", b.Bytes(), KindImage)
	for _, v := range tf.Variants {
		if v.ContentType != "image/png" {
			t.Fatalf("a transparent image's variant must stay PNG, got %s", v.ContentType)
		}
	}
}

func TestReadableNameKeepsAPlainFileName(t *testing.T) {
	for in, want := range map[string]string{
		"Regulamento 2026.PDF":          "Regulamento 2026.pdf",
		"/etc/passwd":                   "passwd.pdf",
		"a\x00b\r\nc\".pdf":             "a b c.pdf",
		"  ":                            "documento.pdf",
		strings.Repeat("é", 100) + ".x": strings.Repeat("é", 80) + ".pdf",
	} {
		if got := ReadableName(in, "documento", ".pdf"); got != want {
			t.Errorf("ReadableName(%q) = %q, want %q", in, got, want)
		}
	}
}
