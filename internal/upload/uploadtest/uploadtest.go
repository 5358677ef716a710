// Package uploadtest makes small valid files of every accepted kind for tests, generated here so
// no test depends on a file copied from elsewhere.
package uploadtest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// picture is a gradient, so encoders have real content to compress.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / max(1, w-1)), uint8(y * 255 / max(1, h-1)), 120, 255})
		}
	}
	return img
}

// JPEG returns a w×h JPEG.
func JPEG(w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(w, h), &jpeg.Options{Quality: 80}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// PNG returns a w×h PNG.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, picture(w, h)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// WebP returns a lossless WebP (VP8L) of w×h pixels, all of colour c. Each of the five prefix
// codes is a "simple code" with one symbol, so every pixel takes zero bits: the smallest
// bitstream the format allows, and easy to write by hand from the specification (RFC 9649).
func WebP(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.write(0x2f, 8) // VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(1, 1)                                       // alpha is used
	bw.write(0, 3)                                       // version
	bw.write(0, 1)                                       // no transform
	bw.write(0, 1)                                       // no colour cache
	bw.write(0, 1)                                       // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} { // green, red, blue, alpha, distance
		bw.write(1, 1) // simple code
		bw.write(0, 1) // one symbol
		bw.write(1, 1) // the symbol takes 8 bits
		bw.write(uint32(sym), 8)
	}
	data := bw.bytes()
	if len(data)%2 == 1 {
		data = append(data, 0)
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(4+8+len(data)))
	b.WriteString("WEBPVP8L")
	binary.Write(&b, binary.LittleEndian, uint32(len(bw.bytes())))
	b.Write(data)
	return b.Bytes()
}

type bitWriter struct {
	buf  []byte
	bits uint
}

// write appends the n low bits of v, least significant first, as VP8L reads them.
func (b *bitWriter) write(v uint32, n uint) {
	for i := range n {
		if b.bits%8 == 0 {
			b.buf = append(b.buf, 0)
		}
		if v>>i&1 == 1 {
			b.buf[len(b.buf)-1] |= 1 << (b.bits % 8)
		}
		b.bits++
	}
}

func (b *bitWriter) bytes() []byte { return b.buf }

// PDF returns a one-page PDF showing text, with a correct cross-reference table.
func PDF(text string) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	b.WriteString("%PDF-1.4\n")
	stream := fmt.Sprintf("BT /F1 18 Tf 72 720 Td (%s) Tj ET", text)
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
	obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// Executable returns the first bytes of a Linux program: what a renamed executable looks like.
func Executable() []byte {
	return append([]byte("\x7fELF\x02\x01\x01\x00"), bytes.Repeat([]byte{0x90}, 256)...)
}
