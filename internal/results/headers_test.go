package results

import (
	"fmt"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/sheet"
)

// headerSpellings are headers as timing companies, ticketing exports and the real files write
// them (docs/requirements.md RESULT-15), with the field each must be read as ("" for none:
// left out). Each is read alone, as the only column of its kind.
var headerSpellings = []struct{ header, field string }{
	// Bib
	{"Nº Peito", fieldNumeroPeito}, {"Nº de peito", fieldNumeroPeito}, {"N° Peito", fieldNumeroPeito},
	{"No. Peito", fieldNumeroPeito}, {"num_peito", fieldNumeroPeito}, {"Número do Peito", fieldNumeroPeito},
	{"Peito", fieldNumeroPeito}, {"NUM. PEITO", fieldNumeroPeito}, {"Num", fieldNumeroPeito}, {"Nº", fieldNumeroPeito},
	{"Bib", fieldNumeroPeito}, {"Bib Number", fieldNumeroPeito}, {"Dorsal", fieldNumeroPeito}, {"Startnr", fieldNumeroPeito},
	{"s-nr", fieldNumeroPeito}, {"nr", fieldNumeroPeito}, {"Numeral", fieldNumeroPeito}, {"Race Number", fieldNumeroPeito},
	// Overall place
	{"Posição", fieldPosicao}, {"posicao", fieldPosicao}, {"Classificação", fieldPosicao}, {"Classificação Geral", fieldPosicao},
	{"Class.", fieldPosicao}, {"Colocação", fieldPosicao}, {"Coloc", fieldPosicao}, {"Pos", fieldPosicao}, {"Pos.", fieldPosicao},
	{"Place", fieldPosicao}, {"Overall_Rank", fieldPosicao}, {"Rank ", fieldPosicao}, {"position", fieldPosicao},
	{"Platz", fieldPosicao}, {"koht", fieldPosicao}, {"Puesto", fieldPosicao}, {"Geral", fieldPosicao},
	// Places within a group
	{"Pos. Categoria", fieldPosicaoCategoria}, {"pos_categoria", fieldPosicaoCategoria}, {"Cl.Fx.", fieldPosicaoCategoria},
	{"Class. Cat.", fieldPosicaoCategoria}, {"catPlace", fieldPosicaoCategoria}, {"Div_Rank", fieldPosicaoCategoria},
	{"Division Place", fieldPosicaoCategoria}, {"kl_koht", fieldPosicaoCategoria}, {"Classificação por Faixa", fieldPosicaoCategoria},
	{"Age Group Rank", fieldPosicaoCategoria},
	{"Pos. Sexo", fieldPosicaoSexo}, {"sexPlace", fieldPosicaoSexo}, {"Classificação por sexo", fieldPosicaoSexo},
	{"Gender Place", fieldPosicaoSexo}, {"Colocação Gênero", fieldPosicaoSexo},
	// Names
	{"Nome", fieldNome}, {"Atleta", fieldNome}, {"Nome do Atleta", fieldNome}, {"NOME COMPLETO", fieldNome}, {"Name", fieldNome},
	{"nimi", fieldNome}, {"Nombre", fieldNome}, {"firstname", fieldPrenome}, {"First Name", fieldPrenome},
	{"lastname", fieldSobrenome}, {"Sobrenome", fieldSobrenome}, {"Surname", fieldSobrenome},
	// Times
	{"Tempo Líquido", fieldTempoLiquido}, {"tempo_liquido", fieldTempoLiquido}, {"Tempo_Liquido", fieldTempoLiquido},
	{"Líquido", fieldTempoLiquido}, {"Tempo", fieldTempoLiquido}, {"Tempo Chip", fieldTempoLiquido}, {"chiptime", fieldTempoLiquido},
	{"Chip Time", fieldTempoLiquido}, {"netTime", fieldTempoLiquido}, {"Net Time", fieldTempoLiquido}, {"Total_Time", fieldTempoLiquido},
	{" Time", fieldTempoLiquido}, {"Laufzeit", fieldTempoLiquido}, {"aeg", fieldTempoLiquido}, {"Tempo Oficial", fieldTempoLiquido},
	{"Tempo Bruto", fieldTempoBruto}, {"tempo_bruto", fieldTempoBruto}, {"Bruto", fieldTempoBruto}, {"Gun Time", fieldTempoBruto},
	{"guntime", fieldTempoBruto},
	// Others
	{"Sexo", fieldSexo}, {"Gênero", fieldSexo}, {"Gender", fieldSexo}, {"M/F", fieldSexo},
	{"Categoria", fieldCategoria}, {"Faixa Etária", fieldCategoria}, {"Faixa", fieldCategoria}, {"Division", fieldCategoria},
	{"Age Group", fieldCategoria}, {"vanus_kl", fieldCategoria}, {"Kategorie", fieldCategoria},
	{"Equipe", fieldEquipe}, {"Assessoria", fieldEquipe}, {"Team", fieldEquipe}, {"Verein", fieldEquipe},
	{"Status", fieldStatus}, {"Situação", fieldStatus},
	{"Race", fieldProva}, {"Prova", fieldProva}, {"Modalidade", fieldProva}, {"Wettbewerb", fieldProva}, {"Distância", fieldProva},
	{"ContactId", fieldID}, {"id", fieldID},
	// Splits, and columns left out
	{"parcial_1", ParcialPrefix + "parcial_1"}, {"Swim", ParcialPrefix + "Swim"}, {"Bike", ParcialPrefix + "Bike"},
	{"Run", ParcialPrefix + "Run"}, {"T1", ParcialPrefix + "T1"}, {"5 km", ParcialPrefix + "5 km"}, {"10K", ParcialPrefix + "10K"},
	{"matu 12,3", ParcialPrefix + "matu 12,3"}, {"halftime", ParcialPrefix + "halftime"}, {"Split 2", ParcialPrefix + "Split 2"},
	{"pace_medio", Ignorar}, {"Pace Médio", Ignorar}, {"Ritmo", Ignorar}, {"Idade", Ignorar}, {"Country", Ignorar},
	{"Startzeit", Ignorar}, {"Rückstand", Ignorar}, {"Observação", Ignorar},
}

func TestHeaderSpellings(t *testing.T) {
	if len(headerSpellings) < 60 {
		t.Fatalf("only %d spellings", len(headerSpellings))
	}
	for _, c := range headerSpellings {
		// Each header beside a name and a time (or a bib), so that the table is a file; a
		// split's column holds a time.
		header := []string{c.header, "Atleta X", "Chegada"}
		tab := &sheet.Table{Header: header, Rows: []sheet.Row{{Number: 2, Cells: []string{"0:20:00", "Ana", "0:21:00"}}}}
		cols, _, _ := readColumns(tab, map[string]string{"Atleta X": Ignorar, "Chegada": Ignorar})
		if got := cols[0].Field; got != c.field {
			t.Errorf("%q read as %q, want %q (guesses %v)", c.header, got, c.field, Vocabulary.Guesses(c.header))
		}
	}
}

// The half-marathon file of a Brazilian timing company (issue 26): "1." places, "-" for no
// place, "DNF/Tempo Excedido" in the time cell, filler words and underscores in the header.
func TestHalfMarathonFile(t *testing.T) {
	file := strings.Join([]string{
		"posicao,num_peito,nome,equipe,sexo,categoria,pos_categoria,parcial_1,parcial_2,tempo_liquido,tempo_bruto,pace_medio",
		"1.,1507,Carla Menezes,Corre Natal,F,F3034,1.,0:38:10,1:15:02,1:19:30,1:19:41,3:46",
		"2.,88,João Batista,,M,M4044,1.,0:39:00,1:16:40,1:21:05,1:21:12,3:50",
		"3.,2301,Rita Sá,Corre Natal,F,F3034,2.,0:40:00,1:18:00,1:23:14,1:23:30,3:57",
		"-,412,Pedro Alves,,M,M4044,-,0:55:00,,DNF/Tempo Excedido,,",
		"-,413,Luana Reis,,F,F2529,-,,,DNS,,",
	}, "\n")
	tab, err := sheet.Read([]byte(file), sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatal(err)
	}
	p := Parse(tab, Options{Km: 21.0975, RankBy: event.TempoLiquido, Sport: "Corrida de Rua"})
	if len(p.Errors) > 0 || len(p.Questions) > 0 || len(p.Notes) > 0 {
		t.Fatalf("errors %+v questions %+v notes %q", p.Errors, p.Questions, p.Notes)
	}
	want := []string{
		"1507 ok 1 1 1 1:19:41 1:19:30 3:46 parcial_1=0:38:10,parcial_2=1:15:02",
		"88 ok 2 1 1 1:21:12 1:21:05 3:51 parcial_1=0:39:00,parcial_2=1:16:40",
		"2301 ok 3 2 2 1:23:30 1:23:14 3:57 parcial_1=0:40:00,parcial_2=1:18:00",
		"412 DNF - - -    parcial_1=0:55:00",
		"413 DNS - - -    ",
	}
	if got := briefs(p.Results); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("results =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A file whose bib column is headed "Nº Peito" (no "de"), refused whole before (issue 26).
func TestNoPeitoFile(t *testing.T) {
	file := "Classificação;Nº Peito;Atleta;Sexo;Tempo\n1º;7;Ana Lima;F;0:20:01\n2º;9;Bia Souza;Feminino;0:21:30\n"
	tab, err := sheet.Read([]byte(file), sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatal(err)
	}
	p := Parse(tab, Options{Km: 5})
	if len(p.Errors) > 0 || len(p.Questions) > 0 {
		t.Fatalf("errors %+v questions %+v", p.Errors, p.Questions)
	}
	if got := briefs(p.Results); fmt.Sprint(got) != fmt.Sprint([]string{"7 ok 1 1 -  0:20:01 4:00 ", "9 ok 2 2 -  0:21:30 4:18 "}) {
		t.Fatalf("results %q", got)
	}
}

// RESULT-17. Cells as files write them: statuses with words around, places with "." or "º", "-" and N/A,
// sex in four languages, times over 24 h, as day fractions, in seconds, with milliseconds.
func TestCellsReadStatusesPlacesSexesAndTimesAsFilesWriteThem(t *testing.T) {
	statuses := map[string]string{"DNF": StatusDNF, "dnf/Tempo Excedido": StatusDNF, "Não completou": StatusDNF, "Abandono": StatusDNF,
		"did not finish": StatusDNF, "NC": StatusDNF, "race stopped": StatusDNF, "DNS": StatusDNS, "Não largou": StatusDNS,
		"did not show up": StatusDNS, "DSQ": StatusDSQ, "DQ": StatusDSQ, "DESC": StatusDSQ, "Desclassificado (corte de percurso)": StatusDSQ,
		"OK": StatusOK, "Concluiu": StatusOK}
	for cell, want := range statuses {
		if got, ok := statusOf(cell, false); !ok || got != want {
			t.Errorf("statusOf(%q) = %q, %v; want %q", cell, got, ok, want)
		}
	}
	if st, ok := statusOf("N/A", true); !ok || st != StatusDNF {
		t.Errorf("N/A as a place = %q %v", st, ok)
	}
	for _, cell := range []string{"N/A", "0:42:13", "Ana Não", "12"} {
		if st, ok := statusOf(cell, false); ok {
			t.Errorf("statusOf(%q) = %q", cell, st)
		}
	}
	for cell, want := range map[string]int{"1": 1, "1.": 1, "1º": 1, "12°": 12, "3.0": 3, "#4": 4} {
		if got, ok := place(cell); !ok || got != want {
			t.Errorf("place(%q) = %d %v", cell, got, ok)
		}
	}
	for cell, want := range map[string]string{"M": "M", "H": "M", "Masculino": "M", "Male": "M", "Homem": "M", "Hombre": "M",
		"F": "F", "Feminino": "F", "Female": "F", "Mulher": "F", "Mujer": "F", "W": "F", "": "", "Outro": "X"} {
		if got := sexo(cell); got != want {
			t.Errorf("sexo(%q) = %q, want %q", cell, got, want)
		}
	}
	for cell, want := range map[string]string{"27:38:50": "27:38:50", "100:02:03": "100:02:03", "0.348773148148148": "8:22:14",
		"1988": "0:33:08", "01:15:48.615": "1:15:48.615", "0,5": "12:00:00"} {
		if got, msg := parseTime(cell); msg != "" || got.text != want {
			t.Errorf("parseTime(%q) = %q %q, want %q", cell, got.text, msg, want)
		}
	}
}

// RESULT-19. A marathon published into a 6 km modality is noted, and so is a file read as another's distance.
func TestImplausiblePaces(t *testing.T) {
	file := "Peito;Nome;Tempo\n1;Ana;2:18:30\n2;Bia;2:40:00\n3;Cris;3:30:00\n"
	tab, err := sheet.Read([]byte(file), sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatal(err)
	}
	if p := Parse(tab, Options{Km: 6, Sport: "Corrida de Rua"}); len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "26:40/km, mais lento que caminhando") {
		t.Errorf("6 km notes %q", p.Notes)
	}
	if p := Parse(tab, Options{Km: 42.195, Sport: "Corrida de Rua"}); len(p.Notes) != 0 {
		t.Errorf("42 km notes %q", p.Notes)
	}
	if p := Parse(tab, Options{Km: 100, Sport: "Corrida de Rua"}); len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "recorde mundial") {
		t.Errorf("100 km notes %q", p.Notes)
	}
}
