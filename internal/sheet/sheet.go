// Package sheet reads a spreadsheet upload (CSV, TSV or XLSX, as organizers and timing companies
// export them) into rows of strings, and writes the CSV exports. It only reads and writes cells:
// what a column means is the business of the domain that imports it (results, participants),
// which keeps its own header synonyms and matches them with Fields.
package sheet

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Limits on what Read accepts. MaxBytes is also what the HTTP layer bounds an upload's body by.
const (
	// MaxBytes fits a 30,000-row export with dozens of columns several times over.
	MaxBytes = 20 << 20
	// MaxRows bounds the data rows, and with them the memory a small file of empty lines could take.
	MaxRows = 100_000
	// MaxColumns bounds a row's cells for the same reason.
	MaxColumns = 300
)

// Error is a file that cannot be read as a spreadsheet, with a pt-BR message for the organizer.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

// Reasons a file is refused as a whole.
var (
	ErrEmpty    = &Error{"O arquivo está vazio."}
	ErrTooLarge = &Error{fmt.Sprintf("O arquivo passa de %d MB. Divida a planilha ou remova colunas que não serão importadas.", MaxBytes>>20)}
	ErrNotSheet = &Error{"O arquivo não parece uma planilha. Envie um CSV (separado por vírgula, ponto e vírgula ou tabulação) ou um XLSX."}
	ErrOldExcel = &Error{"Arquivos .xls (Excel 97-2003) não são aceitos. No Excel, use Salvar como → Pasta de Trabalho do Excel (.xlsx) ou CSV."}
	ErrNoHeader = &Error{"A primeira linha da planilha deve ter os nomes das colunas."}
	ErrNoRows   = &Error{"A planilha só tem a linha de cabeçalho: não há linhas de dados."}
	ErrTooMany  = &Error{fmt.Sprintf("A planilha passa de %d linhas de dados.", MaxRows)}
	ErrTooWide  = &Error{fmt.Sprintf("A planilha passa de %d colunas.", MaxColumns)}
)

// Table is a spreadsheet's first sheet: the header row and the data rows that have any cell filled.
type Table struct {
	Header []string
	Rows   []Row
}

// Row is a data row. Number is the row number a spreadsheet shows (the header is row 1), so
// that an error can point at it even when blank rows were skipped.
type Row struct {
	Number int
	Cells  []string
}

// Cell is the row's cell of column i, trimmed; "" when the row is shorter.
func (r Row) Cell(i int) string {
	if i < 0 || i >= len(r.Cells) {
		return ""
	}
	return strings.TrimSpace(r.Cells[i])
}

// ReadFrom reads r to its end, refusing more than MaxBytes without reading the rest.
func ReadFrom(r io.Reader) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	return Read(data)
}

// Read sniffs the format by content, never by file name, and reads the first sheet.
func Read(data []byte) (*Table, error) {
	switch {
	case len(data) > MaxBytes:
		return nil, ErrTooLarge
	case len(bytes.TrimSpace(data)) == 0:
		return nil, ErrEmpty
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return readXLSX(data)
	case bytes.HasPrefix(data, []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")):
		return nil, ErrOldExcel
	}
	text, err := decodeText(data)
	if err != nil {
		return nil, err
	}
	return readCSV(text)
}

// collector builds a Table from rows in sheet order, enforcing the limits and the header.
type collector struct {
	t      Table
	header bool
}

// add takes the row numbered n (1 for the header).
func (c *collector) add(n int, cells []string) error {
	for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" {
		cells = cells[:len(cells)-1]
	}
	if len(cells) > MaxColumns {
		return ErrTooWide
	}
	if !c.header {
		if n != 1 || !hasLetter(cells) {
			return ErrNoHeader
		}
		c.t.Header, c.header = cells, true
		return nil
	}
	if len(cells) == 0 {
		return nil
	}
	if len(c.t.Rows) == MaxRows {
		return ErrTooMany
	}
	c.t.Rows = append(c.t.Rows, Row{Number: n, Cells: cells})
	return nil
}

func (c *collector) table() (*Table, error) {
	if !c.header {
		return nil, ErrNoHeader
	}
	if len(c.t.Rows) == 0 {
		return nil, ErrNoRows
	}
	return &c.t, nil
}

// hasLetter tells a header row from a first data row that lost its header: every header has a
// name with letters ("5K", "Nome"), while a data row could be all numbers and times.
func hasLetter(cells []string) bool {
	for _, c := range cells {
		for _, r := range c {
			if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 0x7f {
				return true
			}
		}
	}
	return false
}

// RowError is a problem with one cell or row of an import: the row as a spreadsheet numbers it
// (the header is row 1), the column's header ("" for the whole row) and a pt-BR message. The
// API answers a file with row errors with all of them, in error.rows[].
type RowError struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}
