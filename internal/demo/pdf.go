package demo

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
)

// pdfDoc is a small PDF 1.4 writer: pages of text in the standard Helvetica faces (which every
// viewer has, so nothing is embedded) with filled rectangles and lines. Text is WinAnsi-encoded,
// which covers every letter of Portuguese.
type pdfDoc struct {
	width, height float64 // points
	pages         []*bytes.Buffer
}

type pdfFont string

const (
	regular pdfFont = "F1"
	bold    pdfFont = "F2"
)

type rgb struct{ r, g, b float64 }

func newPDF(width, height float64) *pdfDoc { return &pdfDoc{width: width, height: height} }

// page starts a new page and returns it for drawing.
func (d *pdfDoc) page() *pdfPage {
	b := &bytes.Buffer{}
	d.pages = append(d.pages, b)
	return &pdfPage{b: b, h: d.height}
}

type pdfPage struct {
	b *bytes.Buffer
	h float64
}

// Coordinates are from the top-left corner, as a page is read; PDF's own origin is bottom-left.

func (p *pdfPage) text(x, y float64, f pdfFont, size float64, c rgb, s string) {
	fmt.Fprintf(p.b, "BT %.3f %.3f %.3f rg /%s %.1f Tf %.2f %.2f Td (%s) Tj ET\n",
		c.r, c.g, c.b, f, size, x, p.h-y, pdfString(s))
}

func (p *pdfPage) rect(x, y, w, h float64, c rgb) {
	fmt.Fprintf(p.b, "%.3f %.3f %.3f rg %.2f %.2f %.2f %.2f re f\n", c.r, c.g, c.b, x, p.h-y-h, w, h)
}

func (p *pdfPage) line(x0, y0, x1, y1, width float64, c rgb) {
	fmt.Fprintf(p.b, "%.3f %.3f %.3f RG %.2f w %.2f %.2f m %.2f %.2f l S\n", c.r, c.g, c.b, width, x0, p.h-y0, x1, p.h-y1)
}

// textWidth estimates the width of s in Helvetica: digits are exact (every figure is 0.556 em,
// so columns of times line up), letters close enough to centre a heading or keep a name in its column.
func textWidth(s string, f pdfFont, size float64) float64 {
	var em float64
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			em += 0.556
		case strings.ContainsRune(" .,:;'!|il", r):
			em += 0.278
		case strings.ContainsRune("fjrtI()-/", r):
			em += 0.333
		case strings.ContainsRune("mwMW", r):
			em += 0.85
		case r >= 'A' && r <= 'Z' || strings.ContainsRune("ÁÂÃÉÊÍÓÔÕÚÇ", r):
			em += 0.68
		default:
			em += 0.54
		}
	}
	if f == bold {
		em *= 1.06
	}
	return em * size
}

// pdfString encodes s for a literal string in WinAnsiEncoding; a character outside it becomes '?'.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r >= 0xa0 && r <= 0xff: // Latin-1: á, ã, ç, é, ô, º, ª… are the same code in WinAnsi
			fmt.Fprintf(&b, "\\%03o", r)
		case r == '–':
			b.WriteString("\\226")
		case r == '—':
			b.WriteString("\\227")
		case r == '•':
			b.WriteString("\\225")
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// bytes writes the whole file: catalog, page tree, fonts, pages with compressed contents, and
// the cross-reference table that lets viewers jump to any object.
func (d *pdfDoc) bytes(title string) []byte {
	var out bytes.Buffer
	var offsets []int
	obj := func(body string) int {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
		return len(offsets)
	}
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n") // the binary comment marks the file as binary to transfer tools

	// Objects 1–4 are fixed; pages follow in pairs (page, contents).
	n := len(d.pages)
	kids := make([]string, n)
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", 5+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	for _, content := range d.pages {
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.0f %.0f] "+
			"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>", d.width, d.height, len(offsets)+2))
		var z bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		zw.Write(content.Bytes())
		zw.Close()
		obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()))
	}
	info := obj(fmt.Sprintf("<< /Title (%s) /Producer (Pelotao) >>", pdfString(title)))
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, info, xref)
	return out.Bytes()
}
