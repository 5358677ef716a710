// Package sheet reads a spreadsheet upload (CSV, TSV or XLSX, as organizers and timing companies
// export them) into rows of strings, writes the CSV exports, and recognises what each column
// holds: the one header-recognition engine of every import (docs/architecture.md "Imports").
// The domains (results, participants) name their fields as a Vocabulary and read the cells.
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

// Table is one sheet of a file: its header and the data rows that have any cell filled.
type Table struct {
	// Header names each column as the file does; a name given twice gets " (2)", an empty one
	// "Coluna C", so that every column has a name a mapping can use.
	Header []string
	// HeaderAlt is a second header row under the first (a file in two languages), or nil.
	HeaderAlt []string
	// HeaderRow is the header's row as a spreadsheet numbers it (0 in a table built by hand: 1).
	HeaderRow int
	Rows      []Row
	// Sheet is the sheet read, of Sheets (an XLSX's; nil for text).
	Sheet  string
	Sheets []string
	// Notes say, in pt-BR, what was done to read the file: an encoding guessed or repaired,
	// lines before the header left out.
	Notes []string
}

// HeaderLine is the row number errors about the header point at.
func (t *Table) HeaderLine() int { return max(t.HeaderRow, 1) }

// headerTexts are the names of column i in the header rows.
func (t *Table) headerTexts(i int) []string {
	texts := []string{t.Header[i]}
	if i < len(t.HeaderAlt) && t.HeaderAlt[i] != "" {
		texts = append(texts, t.HeaderAlt[i])
	}
	return texts
}

// Row is a data row. Number is the row number a spreadsheet shows, so that an error can point
// at it even when blank rows or lines before the header were skipped.
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

// Options say how to read a file.
type Options struct {
	// Vocabulary finds the header: the row among the first ones whose cells name the most
	// fields. Without one, the header is the first row with a letter.
	Vocabulary *Vocabulary
	// Sheet is the XLSX sheet to read, by name; "" reads the first.
	Sheet string
}

// ReadFrom reads r to its end, refusing more than MaxBytes without reading the rest.
func ReadFrom(r io.Reader, o Options) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	return Read(data, o)
}

// Read sniffs the format by content, never by file name, and reads one sheet.
func Read(data []byte, o Options) (*Table, error) {
	switch {
	case len(data) > MaxBytes:
		return nil, ErrTooLarge
	case len(bytes.TrimSpace(data)) == 0:
		return nil, ErrEmpty
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return readXLSX(data, o)
	case bytes.HasPrefix(data, []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")):
		return nil, ErrOldExcel
	}
	text, notes, err := decodeText(data)
	if err != nil {
		return nil, err
	}
	t, err := readCSV(text, o)
	if err != nil {
		return nil, err
	}
	t.Notes = append(notes, t.Notes...)
	return t, nil
}

// headerSearch is how many rows may come before the header (a title, the race's date).
const headerSearch = 20

// collector gathers a sheet's rows in order, enforcing the limits, and then finds the header.
type collector struct {
	rows []Row
	o    Options
}

// add takes the row numbered n.
func (c *collector) add(n int, cells []string) error {
	for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" {
		cells = cells[:len(cells)-1]
	}
	if len(cells) > MaxColumns {
		return ErrTooWide
	}
	if len(cells) == 0 {
		return nil
	}
	if len(c.rows) == MaxRows+headerSearch {
		return ErrTooMany
	}
	c.rows = append(c.rows, Row{Number: n, Cells: cells})
	return nil
}

func (c *collector) table() (*Table, error) {
	h := c.headerRow()
	if h < 0 {
		return nil, ErrNoHeader
	}
	t := &Table{Header: columnNames(c.rows[h].Cells), HeaderRow: c.rows[h].Number}
	rest := c.rows[h+1:]
	if len(rest) > 0 && c.secondHeader(rest[0].Cells) {
		t.HeaderAlt = rest[0].Cells
		for len(t.Header) < len(t.HeaderAlt) {
			t.Header = append(t.Header, columnLetter(len(t.Header)))
		}
		t.Notes = append(t.Notes, fmt.Sprintf("O cabeçalho ocupa duas linhas (%d e %d).", c.rows[h].Number, rest[0].Number))
		rest = rest[1:]
	}
	if h > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("As linhas antes do cabeçalho (linha %d) foram ignoradas.", c.rows[h].Number))
	}
	if len(rest) == 0 {
		return nil, ErrNoRows
	}
	if len(rest) > MaxRows {
		return nil, ErrTooMany
	}
	t.Rows = rest
	return t, nil
}

// headerRow is the index of the row that reads most like a header: among the first rows, the
// one whose cells name the most fields; without a vocabulary, or when no row names any, the
// first row with a letter. -1 when the first row has neither letters nor fields.
func (c *collector) headerRow() int {
	best, bestN := -1, 0
	if c.o.Vocabulary != nil {
		for i, r := range c.rows[:min(len(c.rows), headerSearch)] {
			if n := c.named(r.Cells); n > bestN {
				best, bestN = i, n
			}
		}
	}
	if best >= 0 {
		return best
	}
	if len(c.rows) > 0 && c.rows[0].Number == 1 && hasLetter(c.rows[0].Cells) {
		return 0
	}
	return -1
}

// named counts the distinct fields the cells name.
func (c *collector) named(cells []string) int {
	seen := map[string]bool{}
	for _, cell := range cells {
		if g := c.o.Vocabulary.Best(cell); g.Field != "" && g.Score >= confident {
			seen[g.Field] = true
		}
	}
	return len(seen)
}

// secondHeader tells a second header row (the header again, in another language) from the first
// data row: it names fields too and has no cell that is a number or a time.
func (c *collector) secondHeader(cells []string) bool {
	if c.o.Vocabulary == nil || c.named(cells) < 2 {
		return false
	}
	for _, cell := range cells {
		if numberLike(cell) {
			return false
		}
	}
	return true
}

func numberLike(cell string) bool {
	cell = strings.TrimSpace(cell)
	if cell == "" {
		return false
	}
	for _, r := range cell {
		if !strings.ContainsRune("0123456789:.,/+- ", r) {
			return false
		}
	}
	return true
}

// columnNames are the header's cells made usable as names: trimmed, an empty one called by its
// column's letter, a repeated one numbered.
func columnNames(cells []string) []string {
	names := make([]string, len(cells))
	seen := map[string]int{}
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if c == "" {
			c = columnLetter(i)
		}
		seen[c]++
		if seen[c] > 1 {
			c = fmt.Sprintf("%s (%d)", c, seen[c])
		}
		names[i] = c
	}
	return names
}

// columnLetter names column i (0-based) as a spreadsheet does: "Coluna A", "Coluna AB".
func columnLetter(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return "Coluna " + s
}

// RowError is a problem with one cell or row of an import: the row as a spreadsheet numbers it
// (the header is row 1), the column's header ("" for the whole row) and a pt-BR message. The
// API answers a file with row errors with all of them, in error.rows[].
type RowError struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
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
