// Package pdfinfo writes the document information of the PDFs the product makes (title, subject,
// author), the text a viewer shows in its title bar and properties and a search engine indexes.
//
// fpdf copies these strings into the file byte for byte, and a viewer reads a string without a
// byte-order mark as PDFDocEncoding: Windows-1252 bytes came out as "Certificado Š …" and UTF-8
// bytes as "PelotÃ£o". Written as UTF-16BE with its mark, every viewer reads every name, and
// unlike fpdf's own converter this one also keeps characters beyond the first 65,536 (emoji).
package pdfinfo

import (
	"unicode/utf16"

	"github.com/go-pdf/fpdf"
)

// Author is who makes every PDF of the product.
const Author = "Pelotão"

// Info is what a PDF says about itself; an empty Subject is left out.
type Info struct {
	Title   string
	Subject string
}

// Set writes i into pdf, with Author as its author and creator.
func Set(pdf *fpdf.Fpdf, i Info) {
	pdf.SetTitle(utf16BE(i.Title), false)
	if i.Subject != "" {
		pdf.SetSubject(utf16BE(i.Subject), false)
	}
	pdf.SetAuthor(utf16BE(Author), false)
	pdf.SetCreator(utf16BE(Author), false)
}

// utf16BE is s as a PDF text string in UTF-16BE, starting with the byte-order mark FE FF.
func utf16BE(s string) string {
	units := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2+2*len(units))
	b = append(b, 0xfe, 0xff)
	for _, u := range units {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}
