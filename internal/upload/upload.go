// Package upload checks uploaded files by their content — never by their name or the type the
// browser claims — and prepares them for the FileStore: images (JPEG, PNG, WebP) are decoded
// completely, PDFs are checked by their signature, and anything else is refused.
package upload

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // registers the JPEG decoder
	_ "image/png"  // registers the PNG decoder
	"path"
	"strings"
	"unicode"

	_ "golang.org/x/image/webp" // registers the WebP decoder

	"golang.org/x/text/unicode/norm"

	"pelotao/internal/store"
)

// Limits of what is accepted.
const (
	MaxImageBytes = 8 << 20
	MaxPDFBytes   = 20 << 20
	MaxPixels     = 40_000_000
	// MaxBytes is the largest file of any kind; a request carrying more can be cut off early.
	MaxBytes = MaxPDFBytes
)

// Kind is what a file turned out to be.
type Kind string

const (
	KindImage Kind = "image"
	KindPDF   Kind = "pdf"
)

// Error is a refused file, with a pt-BR message for the person who sent it.
type Error struct {
	Message  string
	TooLarge bool // the file is over its size limit (HTTP 413) rather than malformed
}

func (e *Error) Error() string { return "upload: " + e.Message }

var (
	errEmpty        = &Error{Message: "O arquivo está vazio."}
	errFormat       = &Error{Message: "Formato não aceito: envie uma imagem JPEG, PNG ou WebP, ou um arquivo PDF."}
	errNotImage     = &Error{Message: "Envie uma imagem JPEG, PNG ou WebP."}
	errNotPDF       = &Error{Message: "Envie um arquivo PDF."}
	errBrokenImage  = &Error{Message: "A imagem está corrompida ou incompleta. Envie o arquivo novamente."}
	errBrokenPDF    = &Error{Message: "O PDF está corrompido ou incompleto. Envie o arquivo novamente."}
	errImageTooBig  = &Error{Message: fmt.Sprintf("A imagem passa do limite de %d MB.", MaxImageBytes>>20), TooLarge: true}
	errPDFTooBig    = &Error{Message: fmt.Sprintf("O PDF passa do limite de %d MB.", MaxPDFBytes>>20), TooLarge: true}
	errTooManyPixel = &Error{Message: fmt.Sprintf("A imagem tem mais de %d megapixels. Reduza as dimensões e envie de novo.", MaxPixels/1_000_000)}
	// ErrTooLarge is for a file cut off while being read because it passed MaxBytes.
	ErrTooLarge = &Error{Message: fmt.Sprintf("O arquivo passa do limite de %d MB.", MaxBytes>>20), TooLarge: true}
)

// Prepare checks data and returns the file to store: its real content type, a readable name with
// the extension of that type, an image's size (as shown, after its EXIF orientation) and smaller
// widths, and an image's bytes without their metadata. want, when not empty, is the
// only kind accepted (a banner field asks for an image, a regulation field for a PDF).
func Prepare(name string, data []byte, want Kind) (store.File, error) {
	if len(data) == 0 {
		return store.File{}, errEmpty
	}
	kind := sniff(data)
	switch {
	case kind == "":
		if want == KindImage {
			return store.File{}, errNotImage
		}
		if want == KindPDF {
			return store.File{}, errNotPDF
		}
		return store.File{}, errFormat
	case want == KindImage && kind != KindImage:
		return store.File{}, errNotImage
	case want == KindPDF && kind != KindPDF:
		return store.File{}, errNotPDF
	}
	if kind == KindPDF {
		return preparePDF(name, data)
	}
	return prepareImage(name, data)
}

// sniff looks at the first bytes only; the full check follows.
func sniff(data []byte) Kind {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return KindPDF
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")),
		bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")),
		len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return KindImage
	}
	return ""
}

func preparePDF(name string, data []byte) (store.File, error) {
	if len(data) > MaxPDFBytes {
		return store.File{}, errPDFTooBig
	}
	// Writers may append a newline or a little padding after the end marker, so look at the tail.
	tail := data[max(0, len(data)-1024):]
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return store.File{}, errBrokenPDF
	}
	return store.File{ContentType: "application/pdf", Name: ReadableName(name, "documento", ".pdf"), Data: data}, nil
}

var imageTypes = map[string]struct{ contentType, ext string }{
	"jpeg": {"image/jpeg", ".jpg"},
	"png":  {"image/png", ".png"},
	"webp": {"image/webp", ".webp"},
}

func prepareImage(name string, data []byte) (store.File, error) {
	if len(data) > MaxImageBytes {
		return store.File{}, errImageTooBig
	}
	// The header alone tells the size: a "decompression bomb" is refused before any pixel is decoded.
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	t, known := imageTypes[format]
	if err != nil || !known {
		return store.File{}, errBrokenImage
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return store.File{}, errBrokenImage
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return store.File{}, errTooManyPixel
	}
	// What is stored is the file without its metadata (see stripMetadata), and it is that file
	// which is decoded: what is kept is what was checked.
	data, orientation, err := stripMetadata(format, data)
	if err != nil {
		return store.File{}, errBrokenImage
	}
	img, err := decode(data)
	if err != nil || img.Bounds().Dx() != cfg.Width || img.Bounds().Dy() != cfg.Height {
		return store.File{}, errBrokenImage
	}
	variants, err := variants(img, orientation)
	if err != nil {
		return store.File{}, err
	}
	// The size recorded is the size shown (pages give it to link previews as og:image:width).
	w, h := cfg.Width, cfg.Height
	if swapsAxes(orientation) {
		w, h = h, w
	}
	return store.File{ContentType: t.contentType, Name: ReadableName(name, "imagem", t.ext),
		Width: w, Height: h, Data: data, Variants: variants}, nil
}

// decodeSlots bounds how many images are decoded at once: a 40-megapixel image takes over
// 100 MB while it is decoded, and a burst of uploads must not exhaust memory.
var decodeSlots = make(chan struct{}, 2)

func decode(data []byte) (image.Image, error) {
	decodeSlots <- struct{}{}
	defer func() { <-decodeSlots }()
	img, _, err := image.Decode(bytes.NewReader(data))
	return img, err
}

// ReadableName turns the name a file was sent with into a tidy download name with the given
// extension: folders and the old extension dropped, control and path characters removed,
// spaces collapsed, at most 80 characters; fallback when nothing readable is left.
func ReadableName(name, fallback, ext string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	base := path.Base(name)
	base = strings.TrimSuffix(base, path.Ext(base))
	base = norm.NFC.String(base)
	var b strings.Builder
	space := false
	for _, r := range base {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.,()&+º°ª", r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	out := strings.Trim(b.String(), ". ")
	if r := []rune(out); len(r) > 80 {
		out = strings.TrimSpace(string(r[:80]))
	}
	if out == "" {
		out = fallback
	}
	return out + ext
}
