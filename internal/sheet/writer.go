package sheet

import (
	"encoding/csv"
	"io"
	"strings"

	"pelotao/internal/money"
)

// Writer writes a CSV export that Excel in Brazil opens right: UTF-8 with a BOM (or accents
// come out garbled), ';' between cells (',' is the decimal separator) and CRLF line ends.
type Writer struct{ w *csv.Writer }

// NewWriter writes the BOM to w and returns the writer.
func NewWriter(w io.Writer) (*Writer, error) {
	if _, err := w.Write(bomUTF8); err != nil {
		return nil, err
	}
	cw := csv.NewWriter(w)
	cw.Comma, cw.UseCRLF = ';', true
	return &Writer{cw}, nil
}

// Write writes one row, every cell neutralised against formula injection.
func (w *Writer) Write(cells []string) error {
	safe := make([]string, len(cells))
	for i, c := range cells {
		safe[i] = Neutralise(c)
	}
	return w.w.Write(safe)
}

// Flush writes what is buffered and reports any error of the writes so far.
func (w *Writer) Flush() error {
	w.w.Flush()
	return w.w.Error()
}

// Neutralise prefixes with ' a cell a spreadsheet would run as a formula (OWASP CSV injection:
// one starting with =, +, -, @, tab or CR), so that it shows as the text it is.
func Neutralise(cell string) string {
	if cell != "" && (cell[0] == '=' || cell[0] == '+' || cell[0] == '-' || cell[0] == '@' ||
		cell[0] == '\t' || cell[0] == '\r') {
		return "'" + cell
	}
	return cell
}

// Money is an amount as a cell Excel in Brazil reads as a number: 1234,56 (a comma for
// decimals, no thousands separator).
func Money(c money.Centavos) string { return strings.Replace(c.String(), ".", ",", 1) }
