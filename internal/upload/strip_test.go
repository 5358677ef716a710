package upload

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"strings"
	"testing"

	"pelotao/internal/upload/uploadtest"
)

// Metadata a phone puts in a photo, each easy to look for in the stored bytes.
const (
	cameraSerial = "CameraSerial-XYZ987"
	gpsDate      = "2025:06:01"
	xmpNS        = "http://ns.adobe.com/xap/1.0/"
	commentText  = "Casa do fotografo, Rua das Flores 12"
	iccBytes     = "fake-icc-profile-kept"
)

// exifTIFF is a little-endian EXIF TIFF block: IFD0 with Make, Orientation (when o > 0) and a
// pointer to a GPS IFD holding GPSLatitudeRef and GPSDateStamp.
func exifTIFF(o int) []byte {
	le := binary.LittleEndian
	type entry struct {
		tag, typ    uint16
		count, word uint32
	}
	n := 2
	if o > 0 {
		n = 3
	}
	ifd0End := 8 + 2 + 12*n + 4
	gps := ifd0End
	gpsEnd := gps + 2 + 2*12 + 4
	makeAt, dateAt := gpsEnd, gpsEnd+len(cameraSerial)+1
	entries := []entry{{0x010F, 2, uint32(len(cameraSerial) + 1), uint32(makeAt)}}
	if o > 0 {
		entries = append(entries, entry{0x0112, 3, 1, uint32(o)})
	}
	entries = append(entries, entry{0x8825, 4, 1, uint32(gps)})
	b := []byte("II\x2a\x00\x08\x00\x00\x00")
	ifd := func(es []entry) {
		b = le.AppendUint16(b, uint16(len(es)))
		for _, e := range es {
			b = le.AppendUint16(b, e.tag)
			b = le.AppendUint16(b, e.typ)
			b = le.AppendUint32(b, e.count)
			b = le.AppendUint32(b, e.word)
		}
		b = le.AppendUint32(b, 0)
	}
	ifd(entries)
	ifd([]entry{{0x0001, 2, 2, 'S'}, {0x001D, 2, uint32(len(gpsDate) + 1), uint32(dateAt)}})
	b = append(b, cameraSerial+"\x00"...)
	return append(b, gpsDate+"\x00"...)
}

func jpegSegment(marker byte, body []byte) []byte {
	return append([]byte{0xFF, marker, byte((len(body) + 2) >> 8), byte(len(body) + 2)}, body...)
}

// withSegments puts segs right after the SOI of a JPEG.
func withSegments(jpg []byte, segs ...[]byte) []byte {
	out := []byte{0xFF, 0xD8}
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

// segmentsBeforeScan lists a JPEG's segments up to the first scan, as marker → bodies.
func segmentsBeforeScan(t *testing.T, data []byte) map[byte][][]byte {
	t.Helper()
	segs := map[byte][][]byte{}
	for p := 2; data[p+1] != 0xDA; {
		size := int(binary.BigEndian.Uint16(data[p+2:]))
		segs[data[p+1]] = append(segs[data[p+1]], data[p+4:p+2+size])
		p += 2 + size
	}
	return segs
}

func sameImage(t *testing.T, a, b []byte) {
	t.Helper()
	ia, _, err := image.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("stored file does not decode: %v", err)
	}
	if ia.Bounds() != ib.Bounds() {
		t.Fatalf("bounds %v, stored %v", ia.Bounds(), ib.Bounds())
	}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel %d,%d differs", x, y)
			}
		}
	}
}

func noneOf(t *testing.T, data []byte, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if bytes.Contains(data, []byte(s)) {
			t.Errorf("stored file still holds %q", s)
		}
	}
}

func TestStripJPEG(t *testing.T) {
	jpg := uploadtest.JPEG(300, 200)
	icc := jpegSegment(0xE2, []byte("ICC_PROFILE\x00\x01\x01"+iccBytes))
	jfifThumb := jpegSegment(0xE0, append([]byte("JFIF\x00\x01\x02\x00\x00\x48\x00\x48\x01\x01"), 9, 9, 9))
	cases := []struct {
		name string
		data []byte
	}{
		{"exif, xmp, comment, iptc, icc", withSegments(jpg,
			jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(1)...)),
			jpegSegment(0xE1, []byte(xmpNS+"\x00<x:xmpmeta>"+cameraSerial+"</x:xmpmeta>")),
			icc,
			jpegSegment(0xED, []byte("Photoshop 3.0\x008BIM"+gpsDate)),
			jpegSegment(0xFE, []byte(commentText)))},
		{"jfif thumbnail, trailer after EOI", append(withSegments(jpg, jfifThumb, icc,
			jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(0)...))), "\xFF\xD8trailing "+cameraSerial...)},
		{"metadata between scans", append(bytes.Clone(jpg[:len(jpg)-2]), append(jpegSegment(0xFE, []byte(commentText)), 0xFF, 0xD9)...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Prepare("foto.jpg", c.data, KindImage)
			if err != nil {
				t.Fatal(err)
			}
			noneOf(t, f.Data, "Exif", cameraSerial, gpsDate, xmpNS, commentText, "8BIM", "trailing")
			segs := segmentsBeforeScan(t, f.Data)
			if len(segs[0xE1]) != 0 || len(segs[0xED]) != 0 || len(segs[0xFE]) != 0 {
				t.Errorf("APP1/APP13/COM left: %q", segs)
			}
			if bytes.Contains(c.data, []byte(iccBytes)) && (len(segs[0xE2]) != 1 || !bytes.HasSuffix(segs[0xE2][0], []byte(iccBytes))) {
				t.Errorf("ICC profile lost: %q", segs[0xE2])
			}
			if a := segs[0xE0]; len(a) == 1 && (len(a[0]) != 14 || a[0][12] != 0 || a[0][13] != 0) {
				t.Errorf("JFIF thumbnail kept: % x", a[0])
			}
			if !bytes.HasSuffix(f.Data, []byte{0xFF, 0xD9}) {
				t.Error("does not end at EOI")
			}
			sameImage(t, c.data, f.Data)
			again, _, err := stripMetadata("jpeg", f.Data)
			if err != nil || !bytes.Equal(again, f.Data) {
				t.Errorf("stripping twice changes the file (%v)", err)
			}
		})
	}
}

// markedPhoto is a w×h grey JPEG with a red 40×40 block in its top left stored pixels.
func markedPhoto(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{128, 128, 128, 255}
			if x < w/10 && y < h/10 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

// Every EXIF orientation: the original keeps only the orientation, the recorded size and every
// copy are as shown, and the red block of the stored top left lands where a browser shows it.
func TestOrientedJPEG(t *testing.T) {
	photo := markedPhoto(1600, 800)
	for _, c := range []struct {
		o            int
		right, below bool // where the block is shown
	}{
		{1, false, false}, {2, true, false}, {3, true, true}, {4, false, true},
		{5, false, false}, {6, true, false}, {7, true, true}, {8, false, true},
	} {
		t.Run(string(rune('0'+c.o)), func(t *testing.T) {
			data := withSegments(photo, jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(c.o)...)))
			f, err := Prepare("foto.jpg", data, KindImage)
			if err != nil {
				t.Fatal(err)
			}
			shownW, shownH := 1600, 800
			if c.o >= 5 {
				shownW, shownH = 800, 1600
			}
			if f.Width != shownW || f.Height != shownH {
				t.Errorf("recorded %dx%d, shown %dx%d", f.Width, f.Height, shownW, shownH)
			}
			noneOf(t, f.Data, cameraSerial, gpsDate)
			app1 := segmentsBeforeScan(t, f.Data)[0xE1]
			switch {
			case c.o == 1 && len(app1) != 0:
				t.Errorf("upright photo keeps EXIF: %q", app1)
			case c.o > 1 && (len(app1) != 1 || len(app1[0]) != 32 || tiffOrientation(app1[0][6:]) != c.o):
				t.Errorf("want only orientation %d, got %q", c.o, app1)
			}
			var widths []int
			for _, v := range f.Variants {
				img, err := jpeg.Decode(bytes.NewReader(v.Data))
				if err != nil {
					t.Fatal(err)
				}
				w, h := img.Bounds().Dx(), img.Bounds().Dy()
				if w != v.Width || h != v.Height || h != v.Width*shownH/shownW {
					t.Fatalf("copy %d is %dx%d, recorded %dx%d", v.Width, w, h, v.Width, v.Height)
				}
				widths = append(widths, w)
				// Sample the middle of the block's shown place, and the opposite corner.
				x, y := w/20, h/20
				if c.right {
					x = w - 1 - x
				}
				if c.below {
					y = h - 1 - y
				}
				if !reddish(img.At(x, y)) || reddish(img.At(w-1-x, h-1-y)) {
					t.Errorf("copy %d: the block is not at %d,%d", w, x, y)
				}
			}
			want := []int{1200, 800, 480}
			if shownW == 800 {
				want = []int{480}
			}
			if len(widths) != len(want) || widths[0] != want[0] {
				t.Errorf("widths %v, want %v", widths, want)
			}
		})
	}
}

func reddish(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r > 0xC000 && g < 0x6000 && b < 0x6000
}

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// pngChunks lists the chunk types of a PNG.
func pngChunks(data []byte) []string {
	var types []string
	for p := 8; p+8 <= len(data); {
		size := int(binary.BigEndian.Uint32(data[p:]))
		types = append(types, string(data[p+4:p+8]))
		p += 12 + size
	}
	return types
}

func TestStripPNG(t *testing.T) {
	plain := uploadtest.PNG(40, 30)
	const ihdrEnd = 8 + 25
	iend := len(plain) - 12
	data := append([]byte{}, plain[:ihdrEnd]...)
	data = append(data, pngChunk("iCCP", []byte("perfil\x00\x00"+iccBytes))...)
	data = append(data, pngChunk("eXIf", exifTIFF(6))...)
	data = append(data, pngChunk("tEXt", []byte("Author\x00"+commentText))...)
	data = append(data, pngChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"+xmpNS))...)
	data = append(data, plain[ihdrEnd:iend]...)
	data = append(data, pngChunk("tIME", []byte{0x07, 0xE9, 6, 1, 12, 0, 0})...)
	data = append(data, pngChunk("zTXt", []byte("Comment\x00\x00x"))...)
	data = append(data, plain[iend:]...)
	data = append(data, "trailing "+cameraSerial...)

	f, err := Prepare("logo.png", data, KindImage)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(pngChunks(f.Data), " "); got != "IHDR iCCP IDAT IEND" {
		t.Errorf("chunks %s", got)
	}
	noneOf(t, f.Data, cameraSerial, gpsDate, commentText, xmpNS, "trailing")
	if !bytes.Contains(f.Data, []byte(iccBytes)) {
		t.Error("iCCP lost")
	}
	if f.Width != 40 || f.Height != 30 {
		t.Errorf("recorded %dx%d: a PNG's eXIf orientation is dropped, not applied", f.Width, f.Height)
	}
	sameImage(t, data, f.Data)
}

// vp8xWebP wraps a lossless bitstream into an extended WebP: VP8X header with flags, an ICCP
// chunk, the image, then EXIF and XMP chunks (odd sizes, so the padding is exercised).
func vp8xWebP(w, h int, extra ...[]byte) []byte {
	simple := uploadtest.WebP(w, h, color.NRGBA{10, 200, 30, 255})
	vp8l := simple[12:] // the VP8L chunk, padded
	const flagICC, flagAlpha = 0x20, 0x10
	vp8x := []byte{flagICC | flagAlpha | webpFlagEXIF | webpFlagXMP, 0, 0, 0}
	vp8x = append(vp8x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	chunk := func(name string, data []byte) []byte {
		b := append([]byte(name), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
		b = append(b, data...)
		if len(data)%2 == 1 {
			b = append(b, 0)
		}
		return b
	}
	body := []byte("WEBP")
	body = append(body, chunk("VP8X", vp8x)...)
	body = append(body, chunk("ICCP", []byte(iccBytes))...)
	body = append(body, vp8l...)
	body = append(body, chunk("EXIF", append(exifTIFF(1), 'x'))...)
	body = append(body, chunk("XMP ", []byte(xmpNS+"<x/>"))...)
	for _, e := range extra {
		body = append(body, e...)
	}
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}

func TestStripWebP(t *testing.T) {
	data := vp8xWebP(9, 7, []byte("SECR\x03\x00\x00\x00abc\x00"))
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("the hand-made VP8X file does not decode: %v", err)
	}
	f, err := Prepare("capa.webp", data, KindImage)
	if err != nil {
		t.Fatal(err)
	}
	noneOf(t, f.Data, "EXIF", "XMP ", cameraSerial, xmpNS, "SECR")
	if !bytes.Contains(f.Data, []byte(iccBytes)) || string(f.Data[12:16]) != "VP8X" {
		t.Error("ICCP or VP8X lost")
	}
	if flags := f.Data[20]; flags&(webpFlagEXIF|webpFlagXMP) != 0 || flags&0x30 != 0x30 {
		t.Errorf("VP8X flags %08b", flags)
	}
	if size := binary.LittleEndian.Uint32(f.Data[4:]); int(size) != len(f.Data)-8 {
		t.Errorf("RIFF size %d for %d bytes", size, len(f.Data))
	}
	sameImage(t, data, f.Data)
}

func TestStripRefusesMalformed(t *testing.T) {
	jpg := uploadtest.JPEG(64, 48)
	png := uploadtest.PNG(20, 10)
	webp := vp8xWebP(9, 7)
	exif := jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(6)...))
	cases := []struct {
		name string
		data []byte
	}{
		{"jpeg APP1 longer than the file", withSegments(jpg[:2], exif[:len(exif)/2])},
		{"jpeg APP1 length past the scan", withSegments(jpg, []byte{0xFF, 0xE1, 0xFF, 0xF0, 'E', 'x'})},
		{"jpeg APP1 length below 2", withSegments(jpg, []byte{0xFF, 0xE1, 0x00, 0x01})},
		{"jpeg bytes between segments", withSegments(jpg, jpegSegment(0xFE, []byte("x")), []byte("junk"))},
		{"jpeg without EOI", jpg[:len(jpg)-2]},
		{"png chunk past the end", append(bytes.Clone(png[:33]), pngChunk("tEXt", []byte("a\x00b"))[:10]...)},
		{"png chunk length huge", append(append(bytes.Clone(png[:33]), 0x7F, 0xFF, 0xFF, 0xFF), png[37:]...)},
		{"png without IEND", png[:len(png)-12]},
		{"webp chunk past the RIFF", vp8xWebP(9, 7, []byte("EXIF\xFF\x00\x00\x00"))},
		{"webp RIFF size past the file", append([]byte("RIFF\xFF\xFF\x00\x00"), webp[8:]...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Prepare("foto", c.data, KindImage)
			var ue *Error
			if !errors.As(err, &ue) || ue != errBrokenImage {
				t.Fatalf("got %v, want %q", err, errBrokenImage.Message)
			}
		})
	}
}
