package sheet

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// readCSV reads delimited text, the delimiter sniffed from the header line.
func readCSV(text string, o Options) (*Table, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = sniffDelimiter(text)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true // a stray quote inside a name ("Zé "Bala" Silva") is text, not an error
	r.ReuseRecord = false

	c := collector{o: o}
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

// sniffDelimiter picks the one of tab, semicolon and comma that appears most in the first line
// that has any of them, outside quotes: a title line before the header may have none. pt-BR Excel
// writes ';' because ',' is the decimal separator.
func sniffDelimiter(text string) rune {
	counts := map[rune]int{}
	quoted := false
	lines := 0
	for _, r := range text {
		if r == '"' {
			quoted = !quoted
			continue
		}
		if quoted {
			continue
		}
		if r == '\n' {
			if counts[','] > 0 || counts[';'] > 0 || counts['\t'] > 0 {
				break
			}
			if lines++; lines == headerSearch {
				break
			}
			continue
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
