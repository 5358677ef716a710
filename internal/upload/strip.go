package upload

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// errStructure is a file whose layout the stripper does not follow: it is refused rather than
// stored with metadata it could not look at (Prepare answers errBrokenImage).
var errStructure = errors.New("upload: unexpected image structure")

// stripMetadata returns data without what a photo says about where, when and with what it was
// taken — EXIF (GPS position, camera serial, dates, thumbnails), XMP, IPTC, comments, text
// chunks — keeping what changes how it looks (colour profiles, transparency, pixel density).
// Nothing is re-encoded: segments and chunks are copied or left out whole, and bytes after the
// end of the image are dropped. A JPEG's orientation is kept as a minimal EXIF segment holding
// only that tag, and returned (1 when upright or absent) so smaller copies can be turned too.
// Kept parts are chosen by name (an allowlist), so metadata of a kind not listed here is dropped.
func stripMetadata(format string, data []byte) (out []byte, orientation int, err error) {
	switch format {
	case "jpeg":
		return stripJPEG(data)
	case "png":
		out, err = stripPNG(data)
	case "webp":
		out, err = stripWebP(data)
	default:
		err = errStructure
	}
	return out, 1, err
}

// JPEG markers (ITU T.81 table B.1).
const (
	markerSOI   = 0xD8
	markerEOI   = 0xD9
	markerSOS   = 0xDA
	markerAPP0  = 0xE0
	markerAPP1  = 0xE1
	markerAPP2  = 0xE2
	markerAPP3  = 0xE3
	markerAPP14 = 0xEE
	markerAPP15 = 0xEF
	markerCOM   = 0xFE
	markerRST0  = 0xD0
	markerRST7  = 0xD7
)

// stripJPEG copies the segments before, between and after the scans except the application
// segments other than JFIF (APP0), ICC_PROFILE (APP2) and Adobe (APP14, which tells the decoder
// the colour transform), and comments. Entropy-coded data is copied as is; whatever follows EOI
// (phones append depth maps and gain maps, with their own EXIF) is dropped.
func stripJPEG(data []byte) ([]byte, int, error) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != markerSOI {
		return nil, 0, errStructure
	}
	out := make([]byte, 0, len(data))
	out = append(out, 0xFF, markerSOI)
	exifAt := len(out) // where the orientation segment goes: after SOI, or after a leading JFIF APP0
	orientation := 0
	p := 2
	for {
		// Any marker may be preceded by fill bytes (0xFF).
		for p+1 < len(data) && data[p] == 0xFF && data[p+1] == 0xFF {
			p++
		}
		if p+2 > len(data) || data[p] != 0xFF {
			return nil, 0, errStructure
		}
		marker := data[p+1]
		switch {
		case marker == markerEOI:
			out = append(out, 0xFF, markerEOI)
			return withOrientation(out, exifAt, orientation), max(1, orientation), nil
		case marker == markerSOI, marker == 0x00, marker == 0x01, marker >= markerRST0 && marker <= markerRST7:
			return nil, 0, errStructure // markers without a length have no place between segments
		}
		if p+4 > len(data) {
			return nil, 0, errStructure
		}
		size := int(binary.BigEndian.Uint16(data[p+2:]))
		end := p + 2 + size
		if size < 2 || end > len(data) {
			return nil, 0, errStructure
		}
		seg, body := data[p:end], data[p+4:end]
		switch {
		case marker == markerAPP0:
			if kept := jfif(body); kept != nil {
				out = append(out, kept...)
				if exifAt == 2 {
					exifAt = len(out)
				}
			}
		case marker == markerAPP1:
			if orientation == 0 && bytes.HasPrefix(body, []byte("Exif\x00\x00")) {
				orientation = tiffOrientation(body[6:])
			}
		case marker == markerAPP2:
			if bytes.HasPrefix(body, []byte("ICC_PROFILE\x00")) {
				out = append(out, seg...)
			}
		case marker == markerAPP14: // "Adobe"
			out = append(out, seg...)
		case marker >= markerAPP3 && marker <= markerAPP15, marker == markerCOM:
		default:
			out = append(out, seg...)
		}
		p = end
		if marker == markerSOS {
			scanEnd := entropyEnd(data, p)
			if scanEnd < 0 {
				return nil, 0, errStructure
			}
			out = append(out, data[p:scanEnd]...)
			p = scanEnd
		}
	}
}

// entropyEnd returns where the entropy-coded data starting at p ends: at the first marker that
// is neither a stuffed zero (0xFF00) nor a restart marker, or -1 when the file ends first.
func entropyEnd(data []byte, p int) int {
	for i := p; i+1 < len(data); i++ {
		if data[i] != 0xFF {
			continue
		}
		if n := data[i+1]; n != 0x00 && (n < markerRST0 || n > markerRST7) {
			return i
		}
		i++
	}
	return -1
}

// jfif returns the APP0 segment to keep for body: a JFIF header without its thumbnail (a
// thumbnail can show what was cropped away), or nil for anything else (JFXX thumbnails and the like).
func jfif(body []byte) []byte {
	if len(body) < 14 || !bytes.HasPrefix(body, []byte("JFIF\x00")) {
		return nil
	}
	seg := []byte{0xFF, markerAPP0, 0, 16}
	seg = append(seg, body[:12]...)
	return append(seg, 0, 0) // no thumbnail
}

// withOrientation inserts at i an EXIF segment holding only orientation, unless it is upright.
func withOrientation(out []byte, i, orientation int) []byte {
	if orientation <= 1 {
		return out
	}
	// Big-endian TIFF, one IFD with one entry: tag 0x0112, SHORT, count 1, the value.
	seg := []byte("\xFF\xE1\x00\x22Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00")
	seg[len(seg)-7] = byte(orientation)
	return append(out[:i], append(seg, out[i:]...)...)
}

// tiffOrientation reads the orientation tag of the first IFD of an EXIF TIFF block: 1 to 8, or
// 0 when there is none or it is unreadable (the picture is then shown as stored).
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd+2 > len(t) || ifd < 8 {
		return 0
	}
	n := int(order.Uint16(t[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > len(t) {
			return 0
		}
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 {
			if o := int(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}

// pngKeep are the ancillary chunks kept besides the critical ones: those that change how the
// picture looks (colour, transparency, density, HDR) or moves (APNG). Text (tEXt, zTXt, iTXt),
// eXIf, tIME and anything not listed are dropped.
var pngKeep = map[string]bool{
	"tRNS": true, "iCCP": true, "sRGB": true, "gAMA": true, "cHRM": true, "cICP": true, "mDCv": true,
	"cLLi": true, "sBIT": true, "pHYs": true, "bKGD": true, "hIST": true, "sPLT": true,
	"acTL": true, "fcTL": true, "fdAT": true,
}

// stripPNG copies the signature and the chunks to keep, up to IEND; chunks are copied whole,
// so their CRCs stay right.
func stripPNG(data []byte) ([]byte, error) {
	const signature = "\x89PNG\r\n\x1a\n"
	if !bytes.HasPrefix(data, []byte(signature)) {
		return nil, errStructure
	}
	out := make([]byte, 0, len(data))
	out = append(out, signature...)
	for p := len(signature); ; {
		if p+12 > len(data) {
			return nil, errStructure
		}
		size := int64(binary.BigEndian.Uint32(data[p:]))
		typ := data[p+4 : p+8]
		end := int64(p) + 12 + size
		if size > 1<<31-1 || end > int64(len(data)) || !isChunkName(typ) {
			return nil, errStructure
		}
		// Critical chunks (first letter upper case) are kept: the decoder needs them or refuses them.
		if typ[0] < 'a' || pngKeep[string(typ)] {
			out = append(out, data[p:end]...)
		}
		if string(typ) == "IEND" {
			return out, nil
		}
		p = int(end)
	}
}

func isChunkName(b []byte) bool {
	for _, c := range b {
		if (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}

// VP8X flags (RFC 9649 section 2.7).
const (
	webpFlagEXIF = 0x08
	webpFlagXMP  = 0x04
)

// webpKeep are the chunks a WebP keeps: the image data, alpha, colour profile and animation.
// EXIF, "XMP " and unknown chunks are dropped.
var webpKeep = map[string]bool{
	"VP8 ": true, "VP8L": true, "VP8X": true, "ALPH": true, "ICCP": true, "ANIM": true, "ANMF": true,
}

// stripWebP copies the RIFF chunks to keep, clears the EXIF and XMP flags of the VP8X header and
// writes the new RIFF size; bytes after the RIFF container are dropped.
func stripWebP(data []byte) ([]byte, error) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return nil, errStructure
	}
	riffEnd := 8 + int64(binary.LittleEndian.Uint32(data[4:]))
	if riffEnd > int64(len(data)) || riffEnd < 12 {
		return nil, errStructure
	}
	body := data[12:riffEnd]
	out := make([]byte, 12, len(data))
	copy(out, data[:12])
	for p := 0; p < len(body); {
		if p+8 > len(body) {
			return nil, errStructure
		}
		name := string(body[p : p+4])
		size := int64(binary.LittleEndian.Uint32(body[p+4:]))
		end := int64(p) + 8 + size
		if end > int64(len(body)) {
			return nil, errStructure
		}
		switch {
		case p == 0 && name == "VP8X":
			if size < 10 {
				return nil, errStructure
			}
			start := len(out)
			out = append(out, body[p:end]...)
			out[start+8] &^= webpFlagEXIF | webpFlagXMP
		case p == 0 && name != "VP8 " && name != "VP8L", name == "VP8X":
			return nil, errStructure // the first chunk, and only it, is the image or its VP8X header
		case webpKeep[name]:
			out = append(out, body[p:end]...)
		}
		if size%2 == 1 {
			end++ // padding, which the last chunk of some files leaves out
			if len(out)%2 == 1 {
				out = append(out, 0)
			}
		}
		p = int(min(end, int64(len(body))))
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}
