package sheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

var (
	bomUTF8    = []byte("\xEF\xBB\xBF")
	bomUTF16LE = []byte("\xFF\xFE")
	bomUTF16BE = []byte("\xFE\xFF")
)

// decodeText turns a text export into UTF-8: UTF-8 with or without BOM, UTF-16 with BOM (Excel's
// "Texto Unicode"), and otherwise Windows-1252, which is what Excel in Brazil writes for "CSV"
// (a superset of Latin-1's printable characters). Text with control characters is refused as
// binary.
func decodeText(data []byte) (string, error) {
	var text string
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		text = string(data[len(bomUTF8):])
	case bytes.HasPrefix(data, bomUTF16LE), bytes.HasPrefix(data, bomUTF16BE):
		b, err := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil {
			return "", ErrNotSheet
		}
		text = string(b)
	case utf8.Valid(data):
		text = string(data)
	default:
		b, err := charmap.Windows1252.NewDecoder().Bytes(data)
		if err != nil {
			return "", ErrNotSheet
		}
		text = string(b)
	}
	for _, r := range text {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == utf8.RuneError || r == 0x7f {
			return "", ErrNotSheet
		}
	}
	return text, nil
}

// readCSV reads delimited text, the delimiter sniffed from the header line.
func readCSV(text string) (*Table, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = sniffDelimiter(text)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true // a stray quote inside a name ("Zé "Bala" Silva") is text, not an error
	r.ReuseRecord = false

	var c collector
	// csv.Reader skips blank lines, while a spreadsheet opening the file shows them as rows;
	// lines between the end of one record and the start of the next were such blank rows.
	row, nextLine, consumed, lines := 0, 1, 0, 1
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, ErrNotSheet
		}
		start, _ := r.FieldPos(0)
		row += 1 + start - nextLine
		if err := c.add(row, rec); err != nil {
			return nil, err
		}
		end := int(r.InputOffset())
		lines += strings.Count(text[consumed:end], "\n")
		consumed = end
		nextLine = lines
		if end > 0 && text[end-1] != '\n' {
			nextLine++ // the last record, without a line break: nothing follows it
		}
	}
	return c.table()
}

// sniffDelimiter picks the one of tab, semicolon and comma that appears most in the header line
// outside quotes; pt-BR Excel writes ';' because ',' is the decimal separator.
func sniffDelimiter(text string) rune {
	counts := map[rune]int{}
	quoted := false
	for _, r := range text {
		if r == '"' {
			quoted = !quoted
			continue
		}
		if quoted {
			continue
		}
		if r == '\n' || r == '\r' {
			break
		}
		counts[r]++
	}
	best := ','
	for _, d := range []rune{';', '\t'} {
		if counts[d] > counts[best] {
			best = d
		}
	}
	return best
}
