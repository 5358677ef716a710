package demo

import (
	"bytes"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"

	"pelotao/internal/pdfinfo"
)

// pdfDoc draws the demo's PDFs (results tables, rules) with fpdf, the one PDF library of the
// project (certificates use it too): pages of text in the standard Helvetica faces (which every
// viewer has, so nothing is embedded), cp1252-encoded, which covers every letter of Portuguese.
// Sizes and coordinates are points from the top-left corner, as a page is read.
type pdfDoc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

type pdfFont string

const (
	regular pdfFont = ""
	bold    pdfFont = "B"
)

type rgb struct{ r, g, b float64 }

// pdfEpoch dates every demo PDF, so that seeding twice writes the same bytes.
var pdfEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newPDF(width, height float64) *pdfDoc {
	orientation := "P"
	if width > height {
		orientation = "L"
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "pt", Size: fpdf.SizeType{Wd: min(width, height), Ht: max(width, height)}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCatalogSort(true) // fonts in a fixed order: the same document, the same bytes
	pdf.SetCompression(true)
	pdf.SetCreationDate(pdfEpoch)
	pdf.SetModificationDate(pdfEpoch)
	return &pdfDoc{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
}

// page starts a new page and returns it for drawing; pages are drawn in order.
func (d *pdfDoc) page() *pdfPage {
	d.pdf.AddPage()
	return &pdfPage{d}
}

type pdfPage struct{ d *pdfDoc }

func (c rgb) ints() (int, int, int) {
	return int(c.r*255 + 0.5), int(c.g*255 + 0.5), int(c.b*255 + 0.5)
}

// text draws s with its baseline at y.
func (p *pdfPage) text(x, y float64, f pdfFont, size float64, c rgb, s string) {
	p.d.pdf.SetFont("Helvetica", string(f), size)
	p.d.pdf.SetTextColor(c.ints())
	p.d.pdf.Text(x, y, p.d.tr(s))
}

func (p *pdfPage) rect(x, y, w, h float64, c rgb) {
	p.d.pdf.SetFillColor(c.ints())
	p.d.pdf.Rect(x, y, w, h, "F")
}

func (p *pdfPage) line(x0, y0, x1, y1, width float64, c rgb) {
	p.d.pdf.SetDrawColor(c.ints())
	p.d.pdf.SetLineWidth(width)
	p.d.pdf.Line(x0, y0, x1, y1)
}

// measure holds a document only to measure text with the fonts' own metrics.
var measure = struct {
	sync.Mutex
	*pdfDoc
}{pdfDoc: newPDF(595.28, 841.89)}

// textWidth is the width of s in Helvetica at size points.
func textWidth(s string, f pdfFont, size float64) float64 {
	measure.Lock()
	defer measure.Unlock()
	measure.pdf.SetFont("Helvetica", string(f), size)
	return measure.pdf.GetStringWidth(measure.tr(s))
}

// bytes writes the whole file.
func (d *pdfDoc) bytes(title string) []byte {
	pdfinfo.Set(d.pdf, pdfinfo.Info{Title: title})
	var out bytes.Buffer
	if err := d.pdf.Output(&out); err != nil {
		panic("demo: writing a PDF: " + err.Error()) // only a drawing bug gets here
	}
	return out.Bytes()
}
