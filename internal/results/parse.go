package results

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pelotao/internal/sheet"
	"pelotao/internal/textfold"
)

// Options are what Parse needs from the event besides the file.
type Options struct {
	// Km is the modality's distance, for the pace; 0 leaves the pace out.
	Km float64
	// RankBy is the event's tempoClassificacao: event.TempoLiquido or event.TempoBruto.
	RankBy string
	// Mapping overrides the guess for the headers it names (header as written → field).
	Mapping map[string]string
}

// Parsed is a file read as results. When Errors is not empty nothing of it may be saved.
type Parsed struct {
	Columns []Column
	Results []Result
	Errors  []sheet.RowError
}

// Limits on cell texts, so that a result line stays a line.
const (
	maxNome  = 200
	maxTexto = 100
	maxPeito = 12
)

var bibRE = regexp.MustCompile(`^[0-9A-Za-z-]+$`)

// statusWords are what timing companies write for a result without a place, folded.
var statusWords = map[string]string{
	"ok": StatusOK, "concluiu": StatusOK, "completou": StatusOK, "finalizou": StatusOK, "finished": StatusOK, "fin": StatusOK,
	"dnf": StatusDNF, "nc": StatusDNF, "nao completou": StatusDNF, "nao concluiu": StatusDNF, "abandono": StatusDNF, "abandonou": StatusDNF,
	"dns": StatusDNS, "nl": StatusDNS, "nao largou": StatusDNS, "ausente": StatusDNS,
	"dsq": StatusDSQ, "dq": StatusDSQ, "desc": StatusDSQ, "desclassificado": StatusDSQ, "desclassificada": StatusDSQ, "disqualified": StatusDSQ,
}

// noTime are what files write in a time cell left empty.
var noTime = map[string]bool{"-": true, "--": true, "–": true, "—": true, "x": true}

func statusOf(cell string) (string, bool) {
	s, ok := statusWords[strings.Trim(textfold.Fold(cell), ".")]
	return s, ok
}

// line is a result being read, with what ranking needs.
type line struct {
	Result
	row        int
	bruto      int64 // ms; 0 when absent
	liquido    int64
	filePlaces [3]int // posicao, posicaoSexo, posicaoCategoria from the file; 0 when absent
}

// Parse reads a table as the results of one modality. Row problems are collected, never
// returned as an error: the caller shows them all.
func Parse(t *sheet.Table, o Options) *Parsed {
	cols, errs := mapColumns(t.Header, o.Mapping)
	p := &Parsed{Columns: cols}
	if len(errs) > 0 {
		p.Errors = errs
		return p
	}
	idx := map[string]int{}
	for i, c := range cols {
		if c.Field != Ignorar {
			idx[c.Field] = i
		}
	}
	lines := make([]*line, 0, len(t.Rows))
	bibRow := map[string]int{}
	for _, row := range t.Rows {
		l, rowErrs := readRow(row, cols, idx)
		errs = append(errs, rowErrs...)
		if l == nil {
			continue
		}
		if first, dup := bibRow[l.NumeroPeito]; dup {
			errs = append(errs, sheet.RowError{Row: row.Number, Column: cols[idx[fieldNumeroPeito]].Header,
				Message: fmt.Sprintf("Número de peito %s repetido (já está na linha %d).", l.NumeroPeito, first)})
			continue
		}
		bibRow[l.NumeroPeito] = row.Number
		lines = append(lines, l)
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b sheet.RowError) int { return cmp.Compare(a.Row, b.Row) })
		p.Errors = errs
		return p
	}
	rank(lines, o.RankBy, placesInFile(lines))
	p.Results = make([]Result, len(lines))
	for i, l := range lines {
		if l.Status == StatusOK {
			l.Pace = pace(cmp.Or(l.liquido, l.bruto), o.Km)
		}
		l.Ordem = i + 1
		p.Results[i] = l.Result
	}
	return p
}

// placesInFile tells which kinds of place (overall, by sex, by category) the file gives for
// every finisher; a kind given only for some is computed for all.
func placesInFile(lines []*line) [3]bool {
	all := [3]bool{true, true, true}
	finishers := 0
	for _, l := range lines {
		if l.Status != StatusOK {
			continue
		}
		finishers++
		for k := range 3 {
			all[k] = all[k] && l.filePlaces[k] > 0
		}
	}
	if finishers == 0 {
		return [3]bool{}
	}
	return all
}

// readRow reads one data row; nil when the row has errors that leave no result.
func readRow(row sheet.Row, cols []Column, idx map[string]int) (*line, []sheet.RowError) {
	var errs []sheet.RowError
	fail := func(field, msg string) {
		errs = append(errs, sheet.RowError{Row: row.Number, Column: cols[idx[field]].Header, Message: msg})
	}
	cell := func(field string) string {
		i, ok := idx[field]
		if !ok {
			return ""
		}
		return row.Cell(i)
	}
	text := func(field string, max int) string {
		s := cell(field)
		if utf8.RuneCountInString(s) > max {
			fail(field, fmt.Sprintf("Texto com mais de %d caracteres.", max))
		}
		return s
	}
	l := &line{row: row.Number}
	l.Status = StatusOK
	l.Nome = text(fieldNome, maxNome)
	l.Sexo = sexo(cell(fieldSexo))
	l.Categoria = text(fieldCategoria, maxTexto)
	l.Equipe = text(fieldEquipe, maxTexto)
	l.Parciais = []Parcial{}

	l.NumeroPeito = cell(fieldNumeroPeito)
	switch {
	case l.NumeroPeito == "":
		fail(fieldNumeroPeito, "Informe o número de peito.")
	case len(l.NumeroPeito) > maxPeito || !bibRE.MatchString(l.NumeroPeito):
		fail(fieldNumeroPeito, fmt.Sprintf("Número de peito %q inválido: use só letras, algarismos e hífen (até %d).", l.NumeroPeito, maxPeito))
	}
	if l.Nome == "" {
		fail(fieldNome, "Informe o nome do atleta.")
	}

	// A status may be in its own column, or written where the place or a time would be.
	if s := cell(fieldStatus); s != "" {
		if st, ok := statusOf(s); ok {
			l.Status = st
		} else {
			fail(fieldStatus, fmt.Sprintf("Status %q desconhecido: use DNF, DNS ou DSQ (ou NC, DESC), ou deixe em branco.", s))
		}
	}
	for _, f := range []string{fieldPosicao, fieldTempoLiquido, fieldTempoBruto} {
		if st, ok := statusOf(cell(f)); ok && st != StatusOK {
			l.Status = st
		}
	}

	readTime := func(field string) (raceTime, bool) {
		s := cell(field)
		if s == "" || noTime[s] {
			return raceTime{}, false
		}
		if _, ok := statusOf(s); ok {
			return raceTime{}, false
		}
		if strings.HasPrefix(s, "=") {
			fail(field, fmt.Sprintf("A célula %q parece uma fórmula: exporte a planilha com os valores, não as fórmulas.", s))
			return raceTime{}, false
		}
		t, msg := parseTime(s)
		if msg != "" {
			fail(field, msg)
			return raceTime{}, false
		}
		return t, true
	}
	if t, ok := readTime(fieldTempoBruto); ok {
		l.TempoBruto, l.bruto = t.text, t.ms
	}
	if t, ok := readTime(fieldTempoLiquido); ok {
		l.TempoLiquido, l.liquido = t.text, t.ms
	}
	for i, c := range cols {
		name, ok := strings.CutPrefix(c.Field, ParcialPrefix)
		if !ok || row.Cell(i) == "" || noTime[row.Cell(i)] {
			continue
		}
		s := row.Cell(i)
		if strings.HasPrefix(s, "=") {
			errs = append(errs, sheet.RowError{Row: row.Number, Column: c.Header, Message: fmt.Sprintf("A célula %q parece uma fórmula: exporte a planilha com os valores, não as fórmulas.", s)})
			continue
		}
		t, msg := parseTime(s)
		if msg != "" {
			errs = append(errs, sheet.RowError{Row: row.Number, Column: c.Header, Message: msg})
			continue
		}
		l.Parciais = append(l.Parciais, Parcial{Nome: name, Tempo: t.text})
	}
	if l.Status == StatusOK && l.bruto == 0 && l.liquido == 0 && len(errs) == 0 {
		col := fieldTempoLiquido
		if _, ok := idx[col]; !ok {
			col = fieldTempoBruto
		}
		fail(col, "Informe o tempo, ou o status (DNF, DNS, DSQ) de quem não concluiu.")
	}

	for i, f := range []string{fieldPosicao, fieldPosicaoSexo, fieldPosicaoCategoria} {
		s := cell(f)
		if s == "" || l.Status != StatusOK {
			continue
		}
		if _, isStatus := statusOf(s); isStatus {
			continue
		}
		n, err := strconv.Atoi(strings.TrimRight(s, "º°oª."))
		if err != nil || n < 1 {
			fail(f, fmt.Sprintf("Posição %q inválida: use um número inteiro a partir de 1.", s))
			continue
		}
		l.filePlaces[i] = n
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return l, nil
}

// sexo reads F, M or X from what files write ("Feminino", "Masc.", "Female", "W").
func sexo(s string) string {
	switch f := strings.Trim(textfold.Fold(s), "."); f {
	case "":
		return ""
	case "f", "fem", "feminino", "female", "w", "woman", "women", "mulher":
		return "F"
	case "m", "masc", "masculino", "male", "man", "men", "homem":
		return "M"
	default:
		return "X"
	}
}
