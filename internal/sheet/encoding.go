package sheet

import (
	"bytes"
	"cmp"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	textunicode "golang.org/x/text/encoding/unicode"
)

var (
	bomUTF8    = []byte("\xEF\xBB\xBF")
	bomUTF16LE = []byte("\xFF\xFE")
	bomUTF16BE = []byte("\xFE\xFF")
)

// codePage is a single-byte encoding a text export may be in.
type codePage struct {
	name string
	cm   *charmap.Charmap
}

// codePages are tried in order, and the first is kept on a tie: Windows-1252 is what Excel in
// Brazil writes for "CSV" (a superset of Latin-1's printable characters); the Baltic and Central
// European pages are what timing software abroad writes.
var codePages = []codePage{
	{"Windows-1252", charmap.Windows1252},
	{"Windows-1257 (báltico)", charmap.Windows1257},
	{"Windows-1250 (Europa Central)", charmap.Windows1250},
}

// decodeText turns a text export into UTF-8: UTF-8 with or without BOM, UTF-16 with BOM (Excel's
// "Texto Unicode"), and otherwise the single-byte code page whose reading looks most like text.
// UTF-8 that was saved twice (read as Windows-1252 on the way) is repaired. Text with control
// characters is refused as binary. The notes say what was guessed or repaired.
func decodeText(data []byte) (string, []string, error) {
	var text string
	var notes []string
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		text = string(data[len(bomUTF8):])
	case bytes.HasPrefix(data, bomUTF16LE), bytes.HasPrefix(data, bomUTF16BE):
		b, err := textunicode.UTF16(textunicode.BigEndian, textunicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil {
			return "", nil, ErrNotSheet
		}
		text = string(b)
	case utf8.Valid(data):
		text = string(data)
	default:
		var page string
		var err error
		text, page, err = decodeCodePage(data)
		if err != nil {
			return "", nil, ErrNotSheet
		}
		if page != codePages[0].name {
			notes = append(notes, "O arquivo foi lido na codificação "+page+".")
		}
	}
	text, note := repairDoubleUTF8(text)
	if note != "" {
		notes = append(notes, note)
	}
	for _, r := range text {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == utf8.RuneError || r == 0x7f {
			return "", nil, ErrNotSheet
		}
	}
	return text, notes, nil
}

// decodeCodePage reads data in the code page under which it has the fewest unlikely characters.
func decodeCodePage(data []byte) (text, page string, err error) {
	best := -1
	for _, cp := range codePages {
		b, e := cp.cm.NewDecoder().Bytes(data)
		if e != nil {
			continue
		}
		if n := unlikely(string(b)); best < 0 || n < best {
			best, text, page = n, string(b), cp.name
		}
	}
	if best < 0 {
		return "", "", ErrNotSheet
	}
	return text, page, nil
}

// usualSigns are the non-letters of the upper half of a code page that names and headers do use.
const usualSigns = "ºª°·«»´’‘“”–—…€£©®§¹²³½¼\u00a0"

// unlikely counts what a wrong code page makes of letters: signs in the middle of names, and
// the Icelandic letters that Baltic and Central European letters become under Windows-1252.
func unlikely(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x80:
		case strings.ContainsRune("ÐðÞþ", r):
			n++
		case !unicode.IsLetter(r) && !strings.ContainsRune(usualSigns, r):
			n++
		}
	}
	return n
}

// cp1252Byte is the byte Windows-1252 writes each character as; the five bytes it leaves
// undefined come back as the C1 controls Latin-1 reads them as.
var cp1252Byte = func() map[rune]byte {
	m := map[rune]byte{}
	for b := 0x80; b <= 0xFF; b++ {
		if r := charmap.Windows1252.DecodeByte(byte(b)); r != utf8.RuneError {
			m[r] = byte(b)
		}
	}
	for b := 0x80; b <= 0x9F; b++ {
		if _, ok := m[rune(b)]; !ok {
			m[rune(b)] = byte(b)
		}
	}
	return m
}()

// repairDoubleUTF8 undoes UTF-8 that was read as Windows-1252 and saved as UTF-8 again
// ("JOÃƒO", "SAÃšDE"): each run of non-ASCII characters that, written back as Windows-1252
// bytes, is valid UTF-8 of fewer characters is replaced by it. Real text is left as it is: an
// accented letter alone ("SÃO") is not valid UTF-8 once written back. The note names an example.
func repairDoubleUTF8(s string) (string, string) {
	note := ""
	// A file saved wrongly twice ("LÃƒÂ­VIA") takes two passes.
	for range 3 {
		fixed, n := repairPass(s)
		if n == "" {
			break
		}
		s, note = fixed, cmp.Or(note, n)
	}
	return s, note
}

func repairPass(s string) (string, string) {
	if !hasDoubleLead(s) {
		return s, ""
	}
	var b strings.Builder
	fixed, example := 0, ""
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r < 0x80 {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i + size
		for j < len(s) {
			r2, n := utf8.DecodeRuneInString(s[j:])
			if r2 < 0x80 {
				break
			}
			j += n
		}
		run := s[i:j]
		if out, ok := undoRun(run); ok {
			b.WriteString(out)
			fixed++
			if example == "" {
				example = wordAround(s, i, j) + "” → “" + wordAround(s[:i]+out+s[j:], i, i+len(out))
			}
		} else {
			b.WriteString(run)
		}
		i = j
	}
	if fixed == 0 {
		return s, ""
	}
	return b.String(), fmt.Sprintf("Os acentos do arquivo estavam corrompidos (texto convertido duas vezes) e foram corrigidos em %d trechos, como “%s”.", fixed, example)
}

// doubleLeads are what the lead byte of a UTF-8 accented letter becomes when read as
// Windows-1252 (C3 is "Ã", C2 "Â"…): text without any has nothing to repair.
const doubleLeads = "ÃÂÅÄÆÐÑ"

// hasDoubleLead tells text with one of doubleLeads. Each is U+00C0–U+00FF, which UTF-8 writes
// from the byte C3: looking for that byte is what keeps a file of several megabytes quick, where
// strings.ContainsAny decodes every character.
func hasDoubleLead(s string) bool {
	for i := strings.IndexByte(s, 0xC3); i >= 0; {
		r, n := utf8.DecodeRuneInString(s[i:])
		if strings.ContainsRune(doubleLeads, r) {
			return true
		}
		s = s[i+n:]
		i = strings.IndexByte(s, 0xC3)
	}
	return false
}

func undoRun(run string) (string, bool) {
	bs := make([]byte, 0, len(run))
	for _, r := range run {
		c, ok := cp1252Byte[r]
		if !ok {
			return "", false
		}
		bs = append(bs, c)
	}
	if !utf8.Valid(bs) || utf8.RuneCount(bs) >= utf8.RuneCountInString(run) {
		return "", false
	}
	return string(bs), true
}

// wordAround is the word of s that holds s[i:j].
func wordAround(s string, i, j int) string {
	isSep := func(r rune) bool { return r == ',' || r == ';' || r == '\t' || r == '\n' || r == '"' || r == ' ' }
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if isSep(r) {
			break
		}
		i -= n
	}
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if isSep(r) {
			break
		}
		j += n
	}
	return s[i:j]
}

// LooksGarbled tells text whose accents did not survive: C1 controls, the replacement character,
// or the marks of UTF-8 read as Windows-1252 ("Ã©", "Ã‰") left after the repair.
func LooksGarbled(s string) bool {
	prev := rune(0)
	for _, r := range s {
		if r >= 0x80 && r <= 0x9F || r == utf8.RuneError {
			return true
		}
		// A UTF-8 lead byte of Latin letters (C2, C3) read as Windows-1252, then a continuation
		// byte (80–BF) read so too.
		if b, ok := cp1252Byte[r]; ok && (prev == 'Ã' || prev == 'Â') && b >= 0x80 && b <= 0xBF {
			return true
		}
		prev = r
	}
	return false
}
