package registration

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"pelotao/internal/event"
	"pelotao/internal/participant"
	"pelotao/internal/sheet"
)

// planilhaEvent is the event of testdata/athlete_cases.json: on 07/09/2026, the 5 km and the
// 10 km (16 years or more), shirts P, M and G.
func planilhaEvent() event.Event {
	e := event.New()
	e.DataEvento = d("2026-09-07")
	e.Inscricoes.Modo = event.ModoPelotao
	e.Inscricoes.TamanhosCamiseta = []string{"P", "M", "G"}
	e.Modalidades = []event.Modalidade{{Nome: "5 km", LargadaID: e.Largadas[0].ID},
		{Nome: "10 km", LargadaID: e.Largadas[0].ID, IdadeMinima: event.Int(16)}}
	return e
}

// planilhaHeader is a coach's header as Excel users type it.
var planilhaHeader = []string{"Nome completo", "CPF", "Data de nascimento", "Sexo", "E-mail", "Celular", "Modalidade",
	"Camiseta", "Contato de emergência", "Telefone de emergência"}

// planilhaAthlete is a valid row with the n-th CPF of a generated series.
func planilhaAthlete(n int) []string {
	cpf := participant.FormatCPF(participant.CompleteCPF(fmt.Sprintf("%09d", 200000000+n*7)))
	return []string{fmt.Sprintf("Atleta Número %d", n), cpf, "20/05/1990", "Feminino", "", "(41) 99876-5432", "5 km", "M",
		"José Conceição", "41 3333-4444"}
}

// semicolonCSV is rows as Excel's "CSV (separado por vírgulas)" writes them in Brazil.
func semicolonCSV(rows [][]string) []byte {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, ";") + "\r\n")
	}
	return []byte(b.String())
}

func windows1252(t *testing.T, data []byte) []byte {
	t.Helper()
	out, err := charmap.Windows1252.NewEncoder().Bytes(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func xlsxOf(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cells := make([]any, len(r))
		for j, c := range r {
			cells[j] = c
		}
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &cells); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func checkFile(t *testing.T, data []byte, registered map[participant.Documento]bool) (Planilha, error) {
	t.Helper()
	tab, err := sheet.Read(data, sheet.Options{Vocabulary: PlanilhaVocabulary})
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	e := planilhaEvent()
	return CheckPlanilha(&e, tab, d("2026-03-10"), registered)
}

func rowErr(row int, column, message string) sheet.RowError {
	return sheet.RowError{Row: row, Column: column, Message: message}
}

func rowsWith(n int, change func(i int, row []string)) [][]string {
	rows := [][]string{planilhaHeader}
	for i := 1; i <= n; i++ {
		r := planilhaAthlete(i)
		if change != nil {
			change(i, r)
		}
		rows = append(rows, r)
	}
	return rows
}

// GRP-53: a coach's file as Excel saves it (Windows-1252 with semicolons, UTF-8 with a BOM,
// XLSX) is read by the participants import's engine; 120 athletes with one bad row give that
// row's error only, at its line and column.
func TestPlanilhaRealFiles(t *testing.T) {
	bad := func(i int, r []string) {
		if i == 77 {
			r[2] = "31/02/1990" // no such day
		}
	}
	rows := rowsWith(120, bad)
	files := map[string][]byte{
		"windows-1252 semicolons": windows1252(t, semicolonCSV(rows)),
		"utf-8 with a BOM":        append([]byte("\xEF\xBB\xBF"), semicolonCSV(rows)...),
		"xlsx":                    xlsxOf(t, rows),
	}
	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			p, err := checkFile(t, data, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := []sheet.RowError{{Row: 78, Column: "Data de nascimento", Message: "Data inválida: use dd/mm/aaaa (por exemplo 31/12/1990)."}}
			if p.Linhas != 120 || len(p.Rows) != 119 || !slices.Equal(p.Errors, want) {
				t.Fatalf("linhas %d, valid %d, errors %v; want 120, 119, %v", p.Linhas, len(p.Rows), p.Errors, want)
			}
			a := p.Rows[0].Atleta
			if a.ContatoEmergencia.Nome != "José Conceição" || a.Sexo != "F" || a.Nascimento != d("1990-05-20") || p.Rows[0].Linha != 2 {
				t.Errorf("first row read as %+v (line %d)", a, p.Rows[0].Linha)
			}
		})
	}
}

// GRP-54: each row is checked with the order's athlete rules (the same messages as the form:
// testdata/athlete_cases.json), the event's modalities, ages and shirts; a document twice in
// the file or registered in the event already is the row's error.
func TestPlanilhaRowChecks(t *testing.T) {
	taken := participant.CompleteCPF(fmt.Sprintf("%09d", 200000000+3*7))
	cases := []struct {
		name   string
		change func(r []string)
		want   []sheet.RowError // of line 2, the first athlete
	}{
		{"a valid row", func([]string) {}, nil},
		{"a name of one word", func(r []string) { r[0] = "Ana" }, []sheet.RowError{rowErr(2, "Nome completo", Const.Messages.NomeCompleto)}},
		{"a wrong CPF", func(r []string) { r[1] = "123.456.789-00" },
			[]sheet.RowError{rowErr(2, "CPF", "CPF inválido: os dígitos verificadores não conferem.")}},
		{"a modality the event does not have", func(r []string) { r[6] = "42 km" }, []sheet.RowError{rowErr(2, "Modalidade", Const.Messages.Percurso)}},
		{"a shirt the event does not offer", func(r []string) { r[7] = "GG" }, []sheet.RowError{rowErr(2, "Camiseta", Const.Messages.Camiseta)}},
		{"an age under the modality's", func(r []string) { r[2], r[6] = "01/01/2012", "10 km" },
			[]sheet.RowError{rowErr(2, "Data de nascimento", Fill(Const.Messages.IdadeMinima, "modalidade", "10 km", "idade", "16", "data", "07/09/2026"))}},
		{"a minor without a guardian", func(r []string) { r[2] = "01/01/2012" }, []sheet.RowError{
			rowErr(2, "documento do responsável", Const.Messages.ResponsavelDoc),
			rowErr(2, "responsável", Fill(Const.Messages.ResponsavelNome, "maioridade", itoa(Const.Limits.Maioridade)))}},
		{"a sex that is not F or M", func(r []string) { r[3] = "X" }, []sheet.RowError{rowErr(2, "Sexo", Const.Messages.Sexo)}},
		{"an unknown sex", func(r []string) { r[3] = "Z" }, []sheet.RowError{rowErr(2, "Sexo", "Sexo não reconhecido: use F, M ou X.")}},
		{"a phone without its area code", func(r []string) { r[5] = "99876-5432" }, []sheet.RowError{rowErr(2, "Celular", Const.Messages.Celular)}},
		{"no emergency contact", func(r []string) { r[8], r[9] = "", "" }, []sheet.RowError{
			rowErr(2, "Contato de emergência", event.MsgObrigatorio), rowErr(2, "Telefone de emergência", event.MsgObrigatorio)}},
		{"a document registered already", func(r []string) { r[1] = participant.FormatCPF(taken) },
			[]sheet.RowError{rowErr(2, "CPF", "Este documento já está inscrito neste evento.")}},
		{"the document of line 3 again", func(r []string) {}, nil}, // the repetition is line 3's (below)
	}
	registered := map[participant.Documento]bool{{Tipo: participant.CPF, Numero: taken}: true}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := rowsWith(2, func(i int, r []string) {
				if i == 1 {
					c.change(r)
				}
			})
			rows = rows[:2] // the first athlete only; the repetition case adds its own
			if c.name == "the document of line 3 again" {
				rows = append(rows, planilhaAthlete(1))
			}
			p, err := checkFile(t, windows1252(t, semicolonCSV(rows)), registered)
			if err != nil {
				t.Fatal(err)
			}
			want := c.want
			if c.name == "the document of line 3 again" {
				want = []sheet.RowError{rowErr(3, "CPF", "Este documento já está na linha 2 da planilha.")}
			}
			if !slices.Equal(p.Errors, want) {
				t.Errorf("errors = %v, want %v", p.Errors, want)
			}
		})
	}
}

// GRP-55: a file of more than 200 athletes is refused whole; a file without a column the form
// asks says which, at the header's line.
func TestPlanilhaLimitsAndColumns(t *testing.T) {
	if _, err := checkFile(t, semicolonCSV(rowsWith(MaxPlanilhaRows+1, nil)), nil); err != ErrPlanilhaGrande {
		t.Errorf("201 rows: %v, want ErrPlanilhaGrande", err)
	}
	if p, err := checkFile(t, semicolonCSV(rowsWith(MaxPlanilhaRows, nil)), nil); err != nil || len(p.Errors) != 0 || len(p.Rows) != 200 {
		t.Errorf("200 rows: %d valid, errors %v, %v", len(p.Rows), p.Errors, err)
	}
	rows := rowsWith(1, nil)
	for i := range rows {
		rows[i] = append(slices.Clone(rows[i][:7]), rows[i][8:]...) // no Camiseta
	}
	p, err := checkFile(t, semicolonCSV(rows), nil)
	want := []sheet.RowError{{Row: 1, Message: "Falta a coluna camiseta. Use o modelo ou dê à coluna esse nome."}}
	if err != nil || !slices.Equal(p.Errors, want) || len(p.Rows) != 0 {
		t.Errorf("no shirt column: %v, %v", p.Errors, err)
	}
}

// GRP-53, REG-252: a minor's guardian is read from the guardian's columns, told apart from the
// athlete's name and CPF; a guardian's CPF that does not check is the row's error at its column.
func TestPlanilhaGuardian(t *testing.T) {
	header := append(slices.Clone(planilhaHeader), "Nome do responsável", "CPF do responsável")
	minor := append(planilhaAthlete(1), "Maria Conceição", "529.982.247-25")
	minor[2] = "01/01/2012"
	wrong := append(planilhaAthlete(2), "Maria Conceição", "529.982.247-00")
	wrong[2] = "01/01/2012"
	adult := append(planilhaAthlete(3), "", "")
	p, err := checkFile(t, windows1252(t, semicolonCSV([][]string{header, minor, wrong, adult})), nil)
	want := []sheet.RowError{rowErr(3, "CPF do responsável", "CPF inválido: os dígitos verificadores não conferem.")}
	if err != nil || !slices.Equal(p.Errors, want) || len(p.Rows) != 2 {
		t.Fatalf("errors %v, want %v (%v)", p.Errors, want, err)
	}
	r := p.Rows[0].Atleta.Responsavel
	if p.Rows[0].Atleta.Nome != "Atleta Número 1" || r == nil || r.Nome != "Maria Conceição" ||
		r.Documento != (participant.Documento{Tipo: participant.CPF, Numero: "52998224725"}) || p.Rows[1].Atleta.Responsavel != nil {
		t.Errorf("read %+v and %+v", p.Rows[0].Atleta, p.Rows[1].Atleta)
	}
}

// GRP-53: a passport column serves a foreign athlete whose CPF cell is blank.
func TestPlanilhaPassport(t *testing.T) {
	header := append(slices.Clone(planilhaHeader), "Passaporte")
	row := append(planilhaAthlete(1), "ab12345")
	row[1] = ""
	p, err := checkFile(t, semicolonCSV([][]string{header, row}), nil)
	if err != nil || len(p.Errors) != 0 || p.Rows[0].Atleta.Documento != (participant.Documento{Tipo: participant.Passaporte, Numero: "AB12345"}) {
		t.Fatalf("errors %v, %v, rows %+v", p.Errors, err, p.Rows)
	}
}

// GRP-54: the shared case table of the athlete's checks (testdata/athlete_cases.json, which the
// order and the registration form run), run through a spreadsheet: the same fields are refused,
// with the same messages but where the import's cell readers speak first (a document, a date or
// a sex they cannot read is told in the import's words).
func TestPlanilhaRunsTheAthleteCases(t *testing.T) {
	var table athleteCases
	readTable(t, "athlete_cases.json", &table)
	header := []string{"Nome", "CPF", "Passaporte", "Nascimento", "Sexo", "E-mail", "Celular", "Modalidade", "Camiseta", "Kit",
		"Contato de emergência", "Telefone de emergência"}
	columns := map[string]string{"nome": "Nome", "nascimento": "Nascimento", "sexo": "Sexo", "email": "E-mail", "celular": "Celular",
		"percurso": "Modalidade", "camiseta": "Camiseta", "kit": "Kit", "contatoEmergencia.nome": "Contato de emergência",
		"contatoEmergencia.telefone": "Telefone de emergência", "responsavel.nome": "responsável", "responsavel.documento": "documento do responsável"} // the sheet has no guardian's columns here
	ran := 0
	for _, c := range table.Cases {
		if len(c.Atletas) == 0 || slices.ContainsFunc(c.Atletas, func(a map[string]any) bool {
			_, equipe := a["equipe"]
			_, aceite := a["aceiteRegulamento"]
			return equipe || aceite
		}) {
			t.Logf("%s: not a spreadsheet's case (no rows, or a team or the rules' acceptance, which the sheet has no column for)", c.Name)
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			e := event.New()
			e.DataEvento = d(table.Evento.DataProva)
			e.Inscricoes.Modo = event.ModoPelotao
			e.Inscricoes.TamanhosCamiseta = table.Evento.TamanhosCamiseta
			for _, m := range table.Evento.Modalidades {
				e.Modalidades = append(e.Modalidades, event.Modalidade{Nome: m.Nome, LargadaID: e.Largadas[0].ID, IdadeMinima: m.IdadeMinima})
			}
			if c.Kits != nil {
				e.Inscricoes.TipoPreco = event.TipoPrecoKit
				for _, k := range c.Kits {
					e.Inscricoes.PrecosPorKit = append(e.Inscricoes.PrecosPorKit, event.PrecoKit{KitNome: k, Valor: event.Dec(50)})
				}
			}
			rows := [][]string{header}
			for _, fields := range c.Atletas {
				m := maps.Clone(table.Atleta)
				maps.Copy(m, fields)
				a := decodeAthlete(t, m)
				cpf, pass := a.Documento.Numero, ""
				if a.Documento.Tipo == participant.Passaporte {
					cpf, pass = "", a.Documento.Numero
				}
				rows = append(rows, []string{a.Nome, cpf, pass, a.Nascimento.String(), a.Sexo, a.Email, a.Celular, a.Percurso, a.Camiseta, a.Kit,
					a.ContatoEmergencia.Nome, a.ContatoEmergencia.Telefone})
			}
			tab, err := sheet.Read(semicolonCSV(rows), sheet.Options{Vocabulary: PlanilhaVocabulary})
			if err != nil {
				t.Fatal(err)
			}
			p, err := CheckPlanilha(&e, tab, d(table.Today), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, re := range p.Errors {
				got[fmt.Sprintf("%d/%s", re.Row, re.Column)] = re.Message
			}
			want := map[string]string{}
			for k, msg := range c.Errors {
				var i int
				var field string
				if _, err := fmt.Sscanf(strings.Replace(k, ".", " ", 2), "atletas %d %s", &i, &field); err != nil {
					t.Fatalf("case key %q: %v", k, err)
				}
				column := columns[field]
				if field == "documento" {
					column = "CPF"
					if rows[i+1][1] == "" && rows[i+1][2] != "" {
						column = "Passaporte"
					}
				}
				want[fmt.Sprintf("%d/%s", i+2, column)] = msg
			}
			if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
				t.Fatalf("refused %v, want %v", got, want)
			}
			for k, msg := range want {
				readByTheImport := strings.HasSuffix(k, "/CPF") || strings.HasSuffix(k, "/Passaporte") || strings.HasSuffix(k, "/Nascimento") || strings.HasSuffix(k, "/Sexo")
				if got[k] != msg && !readByTheImport {
					t.Errorf("%s: %q, want %q", k, got[k], msg)
				}
			}
		})
	}
	if ran < 40 {
		t.Errorf("only %d cases ran", ran)
	}
}
