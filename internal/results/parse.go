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
	// Km is the modality's distance, for the pace, when the file is one modality; 0 leaves the
	// pace out.
	Km float64
	// RankBy is the event's tempoClassificacao: event.TempoLiquido or event.TempoBruto.
	RankBy string
	// Sport is the event's categoria, for the paces that are plausible.
	Sport string
	// Mapping overrides the guess for the headers it names (header as written → field).
	Mapping map[string]string
	// Modalities are the event's, for a file whose race column splits it into modalities.
	Modalities []Modality
	// Races maps a race as the file writes it to a modality's name ("" leaves it out), for the
	// races the organizer answered.
	Races map[string]string
}

// Modality is what a race of the file may be published as.
type Modality struct {
	Nome string
	Km   float64
}

// Parsed is a file read as results. When Errors is not empty nothing of it may be saved; when
// Questions is not empty it may be previewed but not saved.
type Parsed struct {
	Columns []sheet.Column
	// Results are the file's lines when it is one modality (no race column).
	Results []Result
	// Races are the file's races when a column splits it, in the file's order.
	Races     []Race
	Errors    []sheet.RowError
	Questions []sheet.Question
	// Notes say in pt-BR what the organizer should know: a column read otherwise than named,
	// paces that cannot be, names that look garbled.
	Notes []string
}

// Race is one race of a file that holds several, and the modality it is published as.
type Race struct {
	Nome     string   `json:"nome"`     // as the file writes it
	Percurso string   `json:"percurso"` // the modality; "" while unanswered or left out
	Results  []Result `json:"-"`
	Counts   Counts   `json:"counts"`
}

// Limits on cell texts, so that a result line stays a line.
const (
	maxNome  = 200
	maxTexto = 100
	maxPeito = 12
	maxChave = 64
)

var (
	bibRE = regexp.MustCompile(`^[0-9A-Za-z-]+$`)
	keyRE = regexp.MustCompile(`^[0-9A-Za-z_.-]+$`)
)

// line is a result being read, with what ranking needs.
type line struct {
	Result
	row        int
	race       string
	bruto      int64 // ms; 0 when absent
	liquido    int64
	filePlaces [3]int // posicao, posicaoSexo, posicaoCategoria from the file; 0 when absent
	// unknownCode is a code in the place cell that is neither a number nor a known status
	// ("OTR"): the line is read as not classified, and the preview says so.
	unknownCode string
}

// codeRE is what a timing company's status code looks like: a few capitals.
var codeRE = regexp.MustCompile(`^[A-Z]{2,5}$`)

// reader reads the rows of one file with its columns decided.
type reader struct {
	cols []sheet.Column
	idx  map[string]int
}

func (rd reader) has(f string) bool { _, ok := rd.idx[f]; return ok }

// Parse reads a table as results: of one modality, or of the several its race column names.
// Row problems are collected, never returned as an error: the caller shows them all.
func Parse(t *sheet.Table, o Options) *Parsed {
	cols, questions, errs := readColumns(t, o.Mapping)
	p := &Parsed{Columns: cols, Questions: questions}
	if len(errs) > 0 {
		p.Errors = errs
		return p
	}
	rd := reader{cols: cols, idx: map[string]int{}}
	for i, c := range cols {
		if c.Field != Ignorar && !strings.HasPrefix(c.Field, ParcialPrefix) {
			rd.idx[c.Field] = i
		}
	}
	if !rd.has(fieldNome) && !rd.has(fieldPrenome) && !rd.has(fieldSobrenome) {
		p.Notes = append(p.Notes, "A planilha não tem coluna de nome: os atletas aparecerão sem nome.")
	}
	if !rd.has(fieldNumeroPeito) {
		key := "a linha da planilha"
		if rd.has(fieldID) {
			key = "a coluna “" + cols[rd.idx[fieldID]].Header + "”"
		}
		p.Notes = append(p.Notes, "A planilha não tem número de peito: a página de cada atleta usa "+key+".")
	}
	lines := make([]*line, 0, len(t.Rows))
	keyRow := map[string]int{}
	for _, row := range t.Rows {
		l, rowErrs := rd.readRow(row)
		errs = append(errs, rowErrs...)
		if l == nil {
			continue
		}
		if first, dup := keyRow[l.race+"\x00"+l.Chave]; dup {
			col := cols[cmp.Or(rd.idx[fieldNumeroPeito], rd.idx[fieldID])].Header
			errs = append(errs, sheet.RowError{Row: row.Number, Column: col,
				Message: fmt.Sprintf("Número de peito %s repetido (já está na linha %d).", l.Chave, first)})
			continue
		}
		keyRow[l.race+"\x00"+l.Chave] = row.Number
		lines = append(lines, l)
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b sheet.RowError) int { return cmp.Compare(a.Row, b.Row) })
		p.Errors = errs
		return p
	}
	p.Notes = append(p.Notes, lineNotes(lines)...)
	if !rd.has(fieldProva) {
		p.Results, p.Notes = finish(lines, rd, o, o.Km, "", p.Notes)
		return p
	}
	byRace := map[string][]*line{}
	var order []string
	for _, l := range lines {
		if _, ok := byRace[l.race]; !ok {
			order = append(order, l.race)
		}
		byRace[l.race] = append(byRace[l.race], l)
	}
	for _, name := range order {
		race := Race{Nome: name}
		m, asked := raceModality(name, o)
		if asked != nil {
			p.Questions = append(p.Questions, *asked)
		}
		if m != nil {
			race.Percurso = m.Nome
			race.Results, p.Notes = finish(byRace[name], rd, o, m.Km, m.Nome, p.Notes)
			race.Counts = CountOf(race.Results)
		}
		p.Races = append(p.Races, race)
	}
	return p
}

// finish ranks one modality's lines and sets their pace (of the time they are ranked by, the
// one shown beside it) and order.
func finish(lines []*line, rd reader, o Options, km float64, percurso string, notes []string) ([]Result, []string) {
	fromFile := placesInFile(lines)
	if fromFile[0] && !firstToLast(lines) {
		// The file numbers its races together (a relay's teams among the solo runners).
		fromFile[0] = false
		notes = append(notes, fmt.Sprintf("A coluna “%s” numera as provas do arquivo juntas: as posições de %s foram calculadas pelo tempo.",
			rd.cols[rd.idx[fieldPosicao]].Header, cmp.Or(percurso, "cada prova")))
	}
	if note := sexPlaces(lines, rd, &fromFile); note != "" {
		notes = append(notes, note)
	}
	rank(lines, o.RankBy, fromFile)
	out := make([]Result, len(lines))
	for i, l := range lines {
		if l.Status == StatusOK {
			l.Pace = pace(rankingMs(l, o.RankBy), km)
		}
		l.Ordem = i + 1
		out[i] = l.Result
	}
	if note := implausiblePaces(lines, o.Sport, km, percurso); note != "" {
		notes = append(notes, note)
	}
	return out, notes
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

// firstToLast tells overall places that are the lines' own: from 1 to at most the finishers.
func firstToLast(lines []*line) bool {
	lowest, highest, finishers := 0, 0, 0
	for _, l := range lines {
		if l.Status != StatusOK {
			continue
		}
		finishers++
		n := l.filePlaces[0]
		if lowest == 0 || n < lowest {
			lowest = n
		}
		highest = max(highest, n)
	}
	return lowest == 1 && highest <= finishers
}

// sexPlaces reads an overall place that repeats between the sexes, and only between them, as the
// place by sex it is (a file that lists men and women with a "1" each), leaving the overall place
// to be computed.
func sexPlaces(lines []*line, rd reader, fromFile *[3]bool) string {
	if !fromFile[0] || fromFile[1] || !rd.has(fieldSexo) {
		return ""
	}
	type sexPlace struct {
		sexo  string
		place int
	}
	all, bySex := map[int]bool{}, map[sexPlace]bool{}
	repeats := false
	for _, l := range lines {
		if l.Status != StatusOK {
			continue
		}
		n := l.filePlaces[0]
		if bySex[sexPlace{l.Sexo, n}] {
			return "" // repeats within a sex: ties, not places by sex
		}
		bySex[sexPlace{l.Sexo, n}] = true
		repeats = repeats || all[n]
		all[n] = true
	}
	if !repeats {
		return ""
	}
	for _, l := range lines {
		l.filePlaces[1], l.filePlaces[0] = l.filePlaces[0], 0
	}
	fromFile[0], fromFile[1] = false, true
	return fmt.Sprintf("A coluna “%s” repete as posições entre masculino e feminino: foi lida como classificação por sexo, e a geral foi calculada pelo tempo.",
		rd.cols[rd.idx[fieldPosicao]].Header)
}

// readRow reads one data row; nil when the row has errors that leave no result.
func (rd reader) readRow(row sheet.Row) (*line, []sheet.RowError) {
	var errs []sheet.RowError
	fail := func(field, msg string) {
		errs = append(errs, sheet.RowError{Row: row.Number, Column: rd.cols[rd.idx[field]].Header, Message: msg})
	}
	cell := func(field string) string {
		i, ok := rd.idx[field]
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
	l.race = cell(fieldProva)
	if rd.has(fieldNome) {
		l.Nome = text(fieldNome, maxNome)
	} else {
		l.Nome = strings.Join(strings.Fields(cell(fieldPrenome)+" "+cell(fieldSobrenome)), " ")
	}
	l.Sexo = sexo(cell(fieldSexo))
	l.Categoria = text(fieldCategoria, maxTexto)
	l.Equipe = text(fieldEquipe, maxTexto)
	l.Documento = DocumentKey(cell(fieldDocumento))
	l.Parciais = []Parcial{}

	l.NumeroPeito = cell(fieldNumeroPeito)
	switch {
	case rd.has(fieldNumeroPeito) && l.NumeroPeito == "":
		fail(fieldNumeroPeito, "Informe o número de peito.")
	case len(l.NumeroPeito) > maxPeito || l.NumeroPeito != "" && !bibRE.MatchString(l.NumeroPeito):
		fail(fieldNumeroPeito, fmt.Sprintf("Número de peito %q inválido: use só letras, algarismos e hífen (até %d).", l.NumeroPeito, maxPeito))
	}
	l.Chave = l.NumeroPeito
	if !rd.has(fieldNumeroPeito) {
		l.Chave = cell(fieldID)
		if !rd.has(fieldID) || l.Chave == "" {
			l.Chave = "linha-" + strconv.Itoa(row.Number)
		} else if len(l.Chave) > maxChave || !keyRE.MatchString(l.Chave) {
			fail(fieldID, fmt.Sprintf("Código %q inválido: use só letras, algarismos, ponto, hífen e sublinhado (até %d).", l.Chave, maxChave))
		}
	}

	// A status may be in its own column, or written where the place or a time would be.
	if s := cell(fieldStatus); s != "" {
		if st, ok := statusOf(s, true); ok {
			l.Status = st
		} else {
			fail(fieldStatus, fmt.Sprintf("Status %q desconhecido: use DNF, DNS ou DSQ (ou NC, DESC), ou deixe em branco.", s))
		}
	}
	for _, f := range []string{fieldPosicao, fieldTempoLiquido, fieldTempoBruto} {
		if st, ok := statusOf(cell(f), f == fieldPosicao); ok && st != StatusOK {
			l.Status = st
		}
	}

	readTime := func(header, s string) (raceTime, bool) {
		if s == "" || noTime(s) {
			return raceTime{}, false
		}
		if _, ok := statusOf(s, false); ok {
			return raceTime{}, false
		}
		if strings.HasPrefix(s, "=") {
			errs = append(errs, sheet.RowError{Row: row.Number, Column: header, Message: fmt.Sprintf("A célula %q parece uma fórmula: exporte a planilha com os valores, não as fórmulas.", s)})
			return raceTime{}, false
		}
		t, msg := parseTime(s)
		if msg != "" {
			errs = append(errs, sheet.RowError{Row: row.Number, Column: header, Message: msg})
			return raceTime{}, false
		}
		return t, t.ms > 0
	}
	header := func(field string) string { return rd.cols[rd.idx[field]].Header }
	if t, ok := readTime(header(fieldTempoBruto), cell(fieldTempoBruto)); ok && rd.has(fieldTempoBruto) {
		l.TempoBruto, l.bruto = t.text, t.ms
	}
	if t, ok := readTime(header(fieldTempoLiquido), cell(fieldTempoLiquido)); ok && rd.has(fieldTempoLiquido) {
		l.TempoLiquido, l.liquido = t.text, t.ms
	}
	for i, c := range rd.cols {
		name, ok := strings.CutPrefix(c.Field, ParcialPrefix)
		if !ok {
			continue
		}
		if t, ok := readTime(c.Header, row.Cell(i)); ok {
			l.Parciais = append(l.Parciais, Parcial{Nome: name, Tempo: t.text})
		}
	}
	if l.Status == StatusOK && l.bruto == 0 && l.liquido == 0 && len(errs) == 0 {
		if _, isStatus := statusOf(cell(fieldPosicao), true); isStatus || noTime(cell(fieldPosicao)) && cell(fieldPosicao) != "" {
			l.Status = StatusDNF // no place and no time: the file's way of saying it was not completed
		} else {
			col := fieldTempoLiquido
			if !rd.has(col) {
				col = fieldTempoBruto
			}
			fail(col, "Informe o tempo, ou o status (DNF, DNS, DSQ) de quem não concluiu.")
		}
	}

	for i, f := range []string{fieldPosicao, fieldPosicaoSexo, fieldPosicaoCategoria} {
		s := cell(f)
		if s == "" || noTime(s) || l.Status != StatusOK {
			continue
		}
		if _, isStatus := statusOf(s, true); isStatus {
			continue
		}
		n, ok := place(s)
		if !ok && codeRE.MatchString(s) {
			l.Status, l.unknownCode = StatusDNF, s
			break
		}
		if !ok {
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

// place reads "1", "1º", "1.", "1°" and "#1".
func place(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimLeft(strings.TrimRight(s, "º°oª. "), "#"))
	if err != nil {
		// An XLSX number cell read as "3.0" is still a place.
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && f == float64(int(f)) {
			n, err = int(f), nil
		}
	}
	return n, err == nil && n >= 1
}

// sexo reads F, M or X from what files write ("Feminino", "Masc.", "Female", "H", "Mujer").
func sexo(s string) string {
	switch f := strings.Trim(textfold.Fold(s), "."); f {
	case "":
		return ""
	case "f", "fem", "feminino", "female", "w", "woman", "women", "mulher", "mujer", "weiblich", "femenino":
		return "F"
	case "m", "masc", "masculino", "male", "man", "men", "homem", "h", "hombre", "mannlich", "maennlich":
		return "M"
	default:
		return "X"
	}
}
