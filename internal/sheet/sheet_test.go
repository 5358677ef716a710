package sheet

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func readFile(t *testing.T, name string) *Table {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Read(data, Options{})
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return tab
}

// rowNumbers lists the spreadsheet numbers of the table's data rows.
func rowNumbers(tab *Table) []int {
	var ns []int
	for _, r := range tab.Rows {
		ns = append(ns, r.Number)
	}
	return ns
}

func TestReadExcelPtBRWindows1252(t *testing.T) {
	tab := readFile(t, "excel-ptbr-windows1252.csv")
	wantHeader := []string{"Classificação", "Nº de peito", "Nome", "Sexo", "Categoria", "Equipe", "Tempo Bruto", "Tempo Líquido"}
	if !reflect.DeepEqual(tab.Header, wantHeader) {
		t.Fatalf("header = %q, want %q", tab.Header, wantHeader)
	}
	// Row 4 is blank and is skipped, but row numbers stay the ones Excel shows; the quoted team
	// with a line break is one cell of row 5.
	if got, want := rowNumbers(tab), []int{2, 3, 5, 6}; !reflect.DeepEqual(got, want) {
		t.Fatalf("row numbers = %v, want %v", got, want)
	}
	if got := tab.Rows[0].Cell(2); got != "José Antônio da Conceição" {
		t.Errorf("name = %q", got)
	}
	if got := tab.Rows[1].Cell(5); got != "Corre, São João!" {
		t.Errorf("quoted team with a comma = %q", got)
	}
	if got := tab.Rows[2].Cell(5); got != "Equipe\nDois Irmãos" {
		t.Errorf("quoted team with a line break = %q", got)
	}
	if got := tab.Rows[3].Cells; len(got) != 5 || got[0] != "DNF" || got[3] != "M" {
		t.Errorf("row without times = %q (trailing empty cells trimmed)", got)
	}
}

func TestReadUTF8BOMComma(t *testing.T) {
	tab := readFile(t, "utf8-bom-comma.csv")
	if tab.Header[0] != "Inscrição" {
		t.Fatalf("the BOM stays in the first header: %q", tab.Header[0])
	}
	if len(tab.Header) != 9 || len(tab.Rows) != 2 || tab.Rows[1].Cell(1) != "Sérgio Peçanha" {
		t.Fatalf("table = %+v", tab)
	}
}

func TestReadTabsAndUTF16(t *testing.T) {
	tsv := readFile(t, "tabs-utf8.tsv")
	utf16 := readFile(t, "excel-unicode-text.txt")
	if !reflect.DeepEqual(tsv, utf16) {
		t.Fatalf("the same table as UTF-8 TSV and Excel's UTF-16 text differ:\n%+v\n%+v", tsv, utf16)
	}
	if got := tsv.Rows[1].Cell(2); got != "Françoise Éboué" {
		t.Errorf("name = %q", got)
	}
	if got := tsv.Rows[0].Cell(7); got != "1:20:59.8" {
		t.Errorf("chip time = %q", got)
	}
	if got, want := rowNumbers(tsv), []int{2, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("row numbers = %v, want %v", got, want)
	}
}

func TestSniffDelimiter(t *testing.T) {
	cases := []struct {
		text string
		want rune
	}{
		{"Nome;Tempo\nJoão;0:30:00", ';'},
		{"Nome,Tempo\n", ','},
		{"Nome\tTempo\tEquipe, Assessoria\n", '\t'},
		{`"Sobrenome, Nome";Tempo` + "\n", ';'},
		{"Resultado oficial\n15/03/2026\nA;B;C", ';'}, // a title line before the header has none
		{"Nome,Tempo\n\"Silva; João\",0:30:00\n", ','},
	}
	for _, c := range cases {
		if got := sniffDelimiter(c.text); got != c.want {
			t.Errorf("sniffDelimiter(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestReadXLSX builds a workbook the way a timing company's would look: a date column with a
// pt-BR format, times with a time format, a formula whose cached value is read (and which a
// reader must never evaluate), a blank row, and a second sheet that is not read.
func TestReadXLSX(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	sh := f.GetSheetName(0)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("dd/mm/yyyy")})
	must(err)
	timeStyle, err := f.NewStyle(&excelize.Style{NumFmt: 21}) // shown as hh:mm:ss
	must(err)
	must(f.SetSheetRow(sh, "A1", &[]any{"Posição", "Atleta", "Nascimento", "Tempo líquido", "Total"}))
	must(f.SetSheetRow(sh, "A2", &[]any{1, "Luíza Brandão", 31137, 0.0209375, nil}))
	must(f.SetSheetRow(sh, "A4", &[]any{2, "Otávio Jucá", 32874, 0.5 / 24, nil}))
	must(f.SetCellStyle(sh, "C2", "C4", dateStyle))
	must(f.SetCellStyle(sh, "D2", "D4", timeStyle))
	// A formula with a cached value, as Excel saves it; the cached text must be what is read.
	must(f.SetCellFormula(sh, "E2", "A2+A4"))
	must(f.SetCellValue(sh, "E2", 3))
	must(f.SetCellFormula(sh, "E4", "=HYPERLINK(\"http://example.com\")"))
	_, err = f.NewSheet("Outra")
	must(err)
	must(f.SetCellValue("Outra", "A1", "não é lida"))
	var buf bytes.Buffer
	must(f.Write(&buf))

	tab, err := Read(buf.Bytes(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Posição", "Atleta", "Nascimento", "Tempo líquido", "Total"}; !reflect.DeepEqual(tab.Header, want) {
		t.Fatalf("header = %q", tab.Header)
	}
	if got, want := rowNumbers(tab), []int{2, 4}; !reflect.DeepEqual(got, want) {
		t.Fatalf("row numbers = %v, want %v", got, want)
	}
	want := [][]string{
		{"1", "Luíza Brandão", "31/03/1985", "00:30:09", "3"},
		{"2", "Otávio Jucá", "01/01/1990", "00:30:00"},
	}
	for i, w := range want {
		if got := tab.Rows[i].Cells; !reflect.DeepEqual(got, w) {
			t.Errorf("row %d = %q, want %q", tab.Rows[i].Number, got, w)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestReadRefuses(t *testing.T) {
	var zipNotWorkbook bytes.Buffer
	zipNotWorkbook.WriteString("PK\x03\x04 not really a zip")
	cases := []struct {
		name string
		data []byte
		want *Error
	}{
		{"empty", nil, ErrEmpty},
		{"only blanks", []byte(" \r\n\n\t"), ErrEmpty},
		{"too large", bytes.Repeat([]byte("a;b\n"), MaxBytes/4+1), ErrTooLarge},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), ErrNotSheet},
		{"pdf-like binary", append([]byte("%PDF-1.7\n"), 0, 1, 2, 3), ErrNotSheet},
		{"zip that is no workbook", zipNotWorkbook.Bytes(), ErrNotSheet},
		{"xls 97-2003", []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00"), ErrOldExcel},
		{"header only", []byte("Nome;Tempo\r\n"), ErrNoRows},
		{"header then blank rows", []byte("Nome;Tempo\r\n;\r\n\r\n"), ErrNoRows},
		{"first row blank", []byte("\r\nNome;Tempo\r\nAna;0:30:00\r\n"), ErrNoHeader},
		{"no header, data first", []byte("1;0:30:00\n2;0:31:00\n"), ErrNoHeader},
		{"too wide", []byte(strings.Repeat("a;", MaxColumns) + "a\n1\n"), ErrTooWide},
		{"too many rows", []byte("n\n" + strings.Repeat("1\n", MaxRows+1)), ErrTooMany},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tab, err := Read(c.data, Options{})
			if !errors.Is(err, c.want) {
				t.Fatalf("Read = %+v, %v; want %v", tab, err, c.want)
			}
		})
	}
}

func TestReadFromStopsAtLimit(t *testing.T) {
	// A 50 MB upload is refused after MaxBytes+1 bytes, without reading the rest.
	r := &countingReader{left: 50 << 20}
	if _, err := ReadFrom(r, Options{}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if r.read > MaxBytes+1 {
		t.Fatalf("read %d bytes of a 50 MB body", r.read)
	}
}

type countingReader struct{ left, read int }

func (r *countingReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, os.ErrClosed
	}
	n := min(len(p), r.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	r.left -= n
	r.read += n
	return n, nil
}

func TestHeaderWords(t *testing.T) {
	cases := map[string][]string{
		"num_peito":      {"num", "peito"},
		"Cl.Fx.":         {"cl", "fx"},
		"Tempo_Líquido":  {"tempo", "liquido"},
		"N° Peito":       {"no", "peito"},
		"No. Peito":      {"no", "peito"},
		"Nº":             {"no"},
		"#":              {"#"},
		"netTime":        {"net", "time"},
		"Overall_Rank":   {"overall", "rank"},
		"  Rank ":        {"rank"},
		"CLASSIFICAÇÃO":  {"classificacao"},
		"matu 12,3":      {"matu", "12", "3"},
		"E-mail":         {"e", "mail"},
		"Tempo Líquido ": {"tempo", "liquido"},
	}
	for h, want := range cases {
		if got := HeaderWords(h); !reflect.DeepEqual(got, want) {
			t.Errorf("HeaderWords(%q) = %q, want %q", h, got, want)
		}
	}
	if HeaderKey("10 KM") != HeaderKey("10km") || HeaderKey("Nº de peito") != HeaderKey("n° de Peito") {
		t.Error("HeaderKey does not fold case, spaces and the ordinal")
	}
}

// testVocabulary is a small vocabulary for the engine's mechanics; the domains' own are tested
// with their tables of real headers (internal/results, internal/participant).
var testVocabulary = NewVocabulary(
	Field{Name: "peito", Label: "o peito", Key: true, Names: []string{"peito", "bib", "#~0.5"}},
	Field{Name: "pos", Label: "a posição", Names: []string{"posicao", "place", "koht"}, Not: []string{"categoria"}},
	Field{Name: "posCat", Label: "a posição na categoria", Names: []string{"posicao categoria", "pos categoria"}},
	Field{Name: "liquido", Label: "o tempo líquido", Key: true, Names: []string{"tempo liquido", "liquido", "tempo~0.9", "chip time"}, Not: []string{"bruto"}},
	Field{Name: "bruto", Label: "o tempo bruto", Names: []string{"tempo bruto", "gun time", "tempo~0.5"}},
	Field{Name: "nome", Label: "o nome", Key: true, Names: []string{"nome", "name"}},
)

// RESULT-15: the engine's scoring, ties and weak guesses.
func TestRecognitionScoresColumnsBreaksTiesAndAsksAboutWeakGuesses(t *testing.T) {
	fields := func(r Recognition) []string {
		var out []string
		for _, c := range r.Columns {
			out = append(out, c.Field)
		}
		return out
	}
	cases := []struct {
		name      string
		header    []string
		mapping   map[string]string
		want      []string
		questions []string // "field:option,option"
	}{
		{"filler words and punctuation", []string{"Nº Peito", "Posição", "Pos. Categoria", "Tempo_Líquido", "Tempo Bruto"}, nil,
			[]string{"peito", "pos", "posCat", "liquido", "bruto"}, nil},
		{"a plain Tempo beside a Líquido is the gun time", []string{"Tempo", "Liquido"}, nil, []string{"bruto", "liquido"}, nil},
		{"compounds split on known words", []string{"chiptime", "guntime"}, nil, []string{"liquido", "bruto"}, nil},
		{"a filler costs a little: koht beats N koht", []string{"koht", "N koht"}, nil, []string{"pos", ""}, nil},
		{"two equal columns are asked about", []string{"Place", "Posição", "Nome"}, nil, []string{"pos", "", "nome"},
			[]string{"pos:Place,Posição"}},
		{"a weak key guess is asked about", []string{"#", "Nome"}, nil, []string{"peito", "nome"}, []string{"peito:#"}},
		{"the mapping settles a question", []string{"Place", "Posição", "Nome"}, map[string]string{"Posição": "pos", "Place": "ignorar"},
			[]string{"ignorar", "pos", "nome"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := testVocabulary.Recognise(&Table{Header: c.header}, c.mapping)
			if got := fields(rec); !reflect.DeepEqual(got, c.want) {
				t.Errorf("fields = %q, want %q", got, c.want)
			}
			var qs []string
			for _, q := range rec.Questions {
				qs = append(qs, q.Field+":"+strings.Join(q.Options, ","))
				if q.Message == "" || q.Kind != QuestionColumn {
					t.Errorf("question %+v", q)
				}
			}
			if !reflect.DeepEqual(qs, c.questions) {
				t.Errorf("questions = %q, want %q", qs, c.questions)
			}
		})
	}
}

// RESULT-16: the header is found, not assumed.
func TestReadFindsTheHeader(t *testing.T) {
	// A title line and the race's date before the header; then a second header row in English.
	data := "RESULTADO OFICIAL;;\n02/06/2019;;\n;;\nNome;Peito;Tempo Líquido\nname;bib;chip time\nAna;7;0:20:00\n"
	tab, err := Read([]byte(data), Options{Vocabulary: testVocabulary})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tab.Header, []string{"Nome", "Peito", "Tempo Líquido"}) || !reflect.DeepEqual(tab.HeaderAlt, []string{"name", "bib", "chip time"}) {
		t.Fatalf("header = %q / %q", tab.Header, tab.HeaderAlt)
	}
	if len(tab.Rows) != 1 || tab.Rows[0].Number != 6 || len(tab.Notes) != 2 {
		t.Fatalf("rows = %+v, notes = %q", tab.Rows, tab.Notes)
	}
	// A column named twice, and one not named, get names a mapping can use.
	tab, err = Read([]byte("Nome;Zeit;;Zeit\nAna;1;2;3\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Nome", "Zeit", "Coluna C", "Zeit (2)"}; !reflect.DeepEqual(tab.Header, want) {
		t.Fatalf("header = %q, want %q", tab.Header, want)
	}
}

// RESULT-16, RESULT-19: repaired, and what is left garbled is recognised.
func TestReadRepairsDoubleEncodedUTF8(t *testing.T) {
	// UTF-8 read as Windows-1252 and saved as UTF-8 again, as the Porto Alegre file was: Á is
	// C3 81, and 0x81 (undefined in Windows-1252) survives as U+0081.
	data := "Nome,Equipe\nJOÃƒO,SAÃšDE\nF\u00c3\u0081BIO RAMOS,EXÃ‰RCITO\nSÃO PAULO,ok\n"
	tab, err := Read([]byte(data), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{tab.Rows[0].Cell(0), tab.Rows[0].Cell(1), tab.Rows[1].Cell(0), tab.Rows[1].Cell(1), tab.Rows[2].Cell(0)}
	if want := []string{"JOÃO", "SAÚDE", "FÁBIO RAMOS", "EXÉRCITO", "SÃO PAULO"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("cells = %q, want %q", got, want)
	}
	if len(tab.Notes) != 1 || !strings.Contains(tab.Notes[0], "corrompidos") || !strings.Contains(tab.Notes[0], "JOÃƒO” → “JOÃO") {
		t.Fatalf("notes = %q", tab.Notes)
	}
	for s, want := range map[string]bool{"FÃBIO": false, "F\u00c3\u0081BIO": true, "JOÃƒO": true, "João": false, "Ã©": true, "x\ufffdy": true} {
		if LooksGarbled(s) != want {
			t.Errorf("LooksGarbled(%q) = %v", s, !want)
		}
	}
}

// hasDoubleLead finds the characters a double encoding leaves by their UTF-8 lead byte (C3),
// as strings.ContainsAny(s, doubleLeads) would, invalid UTF-8 included.
func TestHasDoubleLeadFindsTheDoubleEncodingsMarks(t *testing.T) {
	cases := map[string]bool{"JOÃƒO": true, "SÃO": true, "ÑANDU": true, "Ä": true, "São João": false, "Müller Søren": false,
		"plain": false, "": false, "\xc3": false, "x\xc3\xc3\x83": true, "ã\xc3(Ð": true}
	for s, want := range cases {
		if got := hasDoubleLead(s); got != want || got != strings.ContainsAny(s, doubleLeads) {
			t.Errorf("hasDoubleLead(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestReadSingleByteCodePages(t *testing.T) {
	// Windows-1257 (Estonian, Lithuanian): Š, Ž and ž are bytes that Windows-1252 reads as
	// Icelandic letters; pt-BR text in Windows-1252 stays Windows-1252.
	baltic := []byte("nimi;aeg\nPacevicius \xd0arunas;1:00:00\nTamk\xf5rv \xdeilvinas \xfeemaitis;2:00:00\n")
	tab, err := Read(baltic, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Rows[0].Cell(0) + "|" + tab.Rows[1].Cell(0); got != "Pacevicius Šarunas|Tamkõrv Žilvinas žemaitis" {
		t.Fatalf("names = %q", got)
	}
	if len(tab.Notes) != 1 || !strings.Contains(tab.Notes[0], "Windows-1257") {
		t.Fatalf("notes = %q", tab.Notes)
	}
	tab = readFile(t, "excel-ptbr-windows1252.csv")
	if tab.Rows[0].Cell(2) != "José Antônio da Conceição" || len(tab.Notes) != 0 {
		t.Fatalf("Windows-1252 read as %q, notes %q", tab.Rows[0].Cell(2), tab.Notes)
	}
}

func TestExportWritesBOMAndSemicolonsAndNeutralisesFormulas(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]string{
		{"Nome", "Equipe", "Observação"},
		{"João; \"Zé\"", "=HYPERLINK(\"http://x\")", "+55 11"},
		{"-1", "@SUM(A1)", "\tcmd"},
		{"\r=1", "ação", ""},
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "\xEF\xBB\xBFNome;Equipe;Observação\r\n" +
		"\"João; \"\"Zé\"\"\";\"'=HYPERLINK(\"\"http://x\"\")\";'+55 11\r\n" +
		"'-1;'@SUM(A1);'\tcmd\r\n" +
		"\"'=1\";ação;\r\n" // csv with CRLF line ends drops a lone CR
	if buf.String() != want {
		t.Fatalf("export =\n%q\nwant\n%q", buf.String(), want)
	}
	// What is written reads back as the neutralised cells.
	tab, err := Read(buf.Bytes(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Rows[0].Cells[1]; got != "'=HYPERLINK(\"http://x\")" {
		t.Errorf("read back = %q", got)
	}
}
