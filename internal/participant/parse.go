package participant

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pelotao/internal/sheet"
)

// FileError is a file that cannot be read as a list of participants at all (no header, no
// name column…): nothing in it is imported.
type FileError struct{ Message string }

func (e *FileError) Error() string { return e.Message }

// MaxRows bounds the participants of one file: well above the largest Brazilian races.
const MaxRows = 60_000

// Row is one participant read from the file, with the row it came from.
type Row struct {
	Line int
	P    Participant
}

// Parsed is a file read into participants, before it meets the event's current list.
type Parsed struct {
	Columns   []sheet.Column
	Questions []sheet.Question
	Rows      []Row
	Errors    []sheet.RowError
	// HasInscricao: the file has a registration id column, so re-imports match on it.
	HasInscricao bool
}

// textLimits bound the free-text fields, in characters.
var textLimits = map[string]int{
	FieldNome: 150, FieldTelefone: 40, FieldPercurso: 100, FieldCamiseta: 20, FieldEquipe: 150, FieldInscricao: 100,
}

// Parse reads a spreadsheet (sheet.Read with Vocabulary) into participants. A file that cannot be read at all
// is a *FileError or *MappingError; bad cells are Parsed.Errors, one per cell, and two rows of
// one person in one modality (or one registration id, or one bib) are an error on the later
// row. today bounds birth dates.
func Parse(t *sheet.Table, mapping map[string]string, today time.Time) (Parsed, error) {
	if len(t.Rows) > MaxRows {
		return Parsed{}, &FileError{fmt.Sprintf("O arquivo tem %d linhas de inscritos; o limite é de %d por arquivo.", len(t.Rows), MaxRows)}
	}
	cols, questions, err := MatchHeaders(t, mapping)
	if err != nil {
		return Parsed{}, err
	}
	at := map[string]int{}
	for i, c := range cols {
		if c.Field != Ignorar {
			at[c.Field] = i
		}
	}
	if err := checkHeader(t.Header, t.HeaderLine(), at); err != nil {
		return Parsed{}, err
	}
	_, hasInscricao := at[FieldInscricao]
	out := Parsed{Columns: cols, Questions: questions, HasInscricao: hasInscricao}
	byDoc := map[string]int{}  // document and modality → row
	byInsc := map[string]int{} // registration id → row
	byBib := map[int]int{}     // bib → row
	for _, row := range t.Rows {
		if blank(row.Cells) {
			continue
		}
		r := rowReader{cells: row.Cells, at: at, header: t.Header, line: row.Number}
		p := r.participant(today)
		// Duplicates are found whatever else is wrong with the row: each value read counts.
		if p.Documento.Numero != "" {
			key := p.Documento.Tipo + ":" + p.Documento.Numero + "|" + Key(p.Percurso)
			if prev, dup := byDoc[key]; dup {
				r.fail(FieldDocumento, fmt.Sprintf("%s repetido na modalidade %q: já está na linha %d.", docLabel(p.Documento.Tipo), p.Percurso, prev))
			} else {
				byDoc[key] = r.line
			}
		}
		if p.Inscricao != "" {
			if prev, dup := byInsc[p.Inscricao]; dup {
				r.fail(FieldInscricao, fmt.Sprintf("Inscrição %q repetida: já está na linha %d.", p.Inscricao, prev))
			} else {
				byInsc[p.Inscricao] = r.line
			}
		}
		if p.NumeroPeito != nil {
			if prev, dup := byBib[*p.NumeroPeito]; dup {
				r.fail(FieldNumeroPeito, fmt.Sprintf("Nº de peito %d repetido: já está na linha %d.", *p.NumeroPeito, prev))
			} else {
				byBib[*p.NumeroPeito] = r.line
			}
		}
		out.Errors = append(out.Errors, r.sorted()...)
		if len(r.errs) == 0 {
			out.Rows = append(out.Rows, Row{Line: r.line, P: p})
		}
	}
	return out, nil
}

// checkHeader makes sure the header (row line) has the columns every participant needs.
func checkHeader(header []string, line int, at map[string]int) error {
	if len(at) == 0 {
		for _, cell := range header {
			if _, err := ParseCPF(cell); err == nil {
				return &FileError{"A primeira linha parece ser de dados (tem um CPF), não o cabeçalho: inclua uma linha 1 com os nomes das colunas (Nome, CPF, Modalidade…)."}
			}
		}
		return &FileError{"Nenhuma coluna do cabeçalho (linha 1) foi reconhecida. A linha 1 deve ter os nomes das colunas, como Nome, CPF, Nascimento, Sexo, Modalidade, Camiseta, Pago."}
	}
	var missing []string
	if _, ok := at[FieldNome]; !ok {
		missing = append(missing, "a coluna de nome (Nome, Atleta ou Name)")
	}
	_, doc := at[FieldDocumento]
	_, pass := at[FieldPassaporte]
	if !doc && !pass {
		missing = append(missing, "a coluna de documento (CPF, Documento ou Passaporte)")
	}
	if len(missing) > 0 {
		return &FileError{fmt.Sprintf("Falta %s no cabeçalho (linha %d). Renomeie a coluna ou escolha o campo de cada coluna no mapeamento.", strings.Join(missing, " e "), line)}
	}
	return nil
}

func docLabel(tipo string) string {
	if tipo == Passaporte {
		return "Passaporte"
	}
	return "CPF"
}

// Key is how modality names compare (bib ranges, duplicates): folded, so "10 KM" is "10 km"
// and "10km" too.
func Key(s string) string { return sheet.HeaderKey(s) }

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// rowReader reads one data row, collecting its errors.
type rowReader struct {
	cells  []string
	at     map[string]int
	header []string
	line   int
	errs   []sheet.RowError
}

// cell is the trimmed text of field's column, without control characters; "" without the column.
func (r *rowReader) cell(field string) string {
	i, ok := r.at[field]
	if !ok || i >= len(r.cells) {
		return ""
	}
	s := strings.TrimSpace(strings.Map(func(c rune) rune {
		if unicode.IsControl(c) {
			return ' '
		}
		return c
	}, strings.ToValidUTF8(r.cells[i], "\uFFFD")))
	// An export neutralises a formula-looking cell with a leading ' (sheet.Neutralise), which
	// spreadsheets read as "this is text": so does the import, and an export reads back as it was.
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@", rune(s[1])) {
		s = s[1:]
	}
	return s
}

func (r *rowReader) fail(field, message string) {
	column := ""
	if i, ok := r.at[field]; ok {
		column = r.header[i]
	} else if field == FieldDocumento {
		if i, ok := r.at[FieldPassaporte]; ok {
			column = r.header[i]
		}
	}
	r.errs = append(r.errs, sheet.RowError{Row: r.line, Column: column, Message: message})
}

// sorted is the row's errors from its left column to its right, as the organizer reads them.
func (r *rowReader) sorted() []sheet.RowError {
	index := make(map[string]int, len(r.header))
	for i := len(r.header) - 1; i >= 0; i-- {
		index[r.header[i]] = i
	}
	sort.SliceStable(r.errs, func(a, b int) bool { return index[r.errs[a].Column] < index[r.errs[b].Column] })
	return r.errs
}

func (r *rowReader) text(field string) string {
	s := r.cell(field)
	if max := textLimits[field]; max > 0 && utf8.RuneCountInString(s) > max {
		r.fail(field, fmt.Sprintf("Texto longo demais: use no máximo %d caracteres.", max))
	}
	return s
}

func (r *rowReader) participant(today time.Time) Participant {
	p := Participant{
		Nome:      strings.Join(strings.Fields(r.text(FieldNome)), " "),
		Telefone:  r.text(FieldTelefone),
		Percurso:  strings.Join(strings.Fields(r.text(FieldPercurso)), " "),
		Camiseta:  strings.ToUpper(r.text(FieldCamiseta)),
		Equipe:    r.text(FieldEquipe),
		Inscricao: r.text(FieldInscricao),
	}
	if p.Nome == "" {
		r.fail(FieldNome, "Informe o nome do inscrito.")
	}
	var err error
	if p.Email, err = parseEmail(r.cell(FieldEmail)); err != nil {
		r.fail(FieldEmail, err.Error())
	}
	r.document(&p)
	p.Nascimento = optional(r, FieldNascimento, func(s string) (string, error) { return ParseDate(s, today) })
	if p.Sexo, err = ParseSexo(r.cell(FieldSexo)); err != nil {
		r.fail(FieldSexo, err.Error())
	}
	p.NumeroPeito = optional(r, FieldNumeroPeito, parseBib)
	if p.Pago, err = parsePaid(r.cell(FieldPago)); err != nil {
		r.fail(FieldPago, err.Error())
	}
	p.Valor = optional(r, FieldValor, parseValor)
	return p
}

// optional reads a cell the file may leave empty: nil when it is, the row's error for the field
// when parse refuses it.
func optional[T any](r *rowReader, field string, parse func(string) (T, error)) *T {
	s := r.cell(field)
	if s == "" {
		return nil
	}
	v, err := parse(s)
	if err != nil {
		r.fail(field, err.Error())
		return nil
	}
	return &v
}

// document reads the row's CPF or passport (DocumentoOf).
func (r *rowReader) document(p *Participant) {
	doc, field, problem := DocumentoOf(r.cell(FieldTipoDocumento), r.cell(FieldDocumento), r.cell(FieldPassaporte))
	if problem != "" {
		r.fail(field, problem)
		return
	}
	p.Documento = doc
}

// DocumentoOf reads a row's CPF or passport from its cells: the document column holds a CPF
// unless the row's document type says passport; a passport column is used when the row has no
// CPF. A cell that cannot be read gives the field to blame and a pt-BR problem.
func DocumentoOf(tipoCell, docCell, passCell string) (d Documento, field, problem string) {
	tipo, err := parseDocType(tipoCell)
	if err != nil {
		return d, FieldTipoDocumento, err.Error()
	}
	doc := docCell
	if tipo == CPF && doc == "" && passCell != "" {
		tipo, doc = Passaporte, passCell
	} else if tipo == Passaporte && doc == "" {
		doc = passCell
	}
	switch {
	case doc == "":
		return d, FieldDocumento, "Informe o CPF (ou o passaporte, para estrangeiros)."
	case tipo == CPF:
		n, err := ParseCPF(doc)
		if err != nil {
			return d, FieldDocumento, err.Error()
		}
		return Documento{Tipo: CPF, Numero: n}, "", ""
	}
	field = FieldDocumento
	if docCell == "" {
		field = FieldPassaporte
	}
	n, err := parsePassport(doc)
	if err != nil {
		return d, field, err.Error()
	}
	return passport(n), "", ""
}
