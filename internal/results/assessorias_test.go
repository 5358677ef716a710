package results

import (
	"encoding/json"
	"strings"
	"testing"

	"pelotao/internal/sheet"
)

func finisher(bib, nome, sexo, equipe, liquido, bruto string) Result {
	return Result{NumeroPeito: bib, Nome: nome, Sexo: sexo, Equipe: equipe, TempoLiquido: liquido, TempoBruto: bruto, Status: StatusOK}
}

// GRP-41: groups match by registration, else by the folded team column; finishers only.
func TestRankGroupsCountsFinishersByRegistrationThenTeamName(t *testing.T) {
	grupos := []GrupoDoRanking{
		{Nome: "Assessoria Corre Curitiba", Peitos: []string{"101", "102"}},
		{Nome: "Pé Vermelho Runners", Peitos: []string{"201"}},
		{Nome: "Sem Ninguém"},
	}
	dnf := finisher("202", "Dora", "F", "Pé Vermelho Runners", "", "")
	dnf.Status = StatusDNF
	rs := []Result{
		// The bib wins over what the team column says.
		finisher("101", "Ana", "F", "Pé Vermelho Runners", "0:45:00", "0:45:10"),
		finisher("102", "Bia", "F", "", "0:50:00", "0:50:05"),
		// No registration: the team column, folded (case, accents, spaces).
		finisher("900", "Caio", "M", "  ASSESSORIA corre   curitíba ", "0:40:00", ""),
		finisher("901", "Davi", "M", "pe vermelho runners", "", "0:41:00"),
		dnf,
		finisher("902", "Eva", "F", "Outra Equipe", "0:39:00", ""),
		finisher("", "Fábio", "M", "", "0:38:00", ""),
	}
	got := RankGroups(rs, grupos, 1)
	want := []ConcluintesDoGrupo{{"Assessoria Corre Curitiba", 3}, {"Pé Vermelho Runners", 1}}
	if g, w := mustJSON(t, got.PorConcluintes), mustJSON(t, want); g != w {
		t.Errorf("porConcluintes = %s, want %s", g, w)
	}
	// Davi has only a gun time: it counts.
	if m := got.PorTempo["M"]; len(m) != 2 || m[0].Nome != "Assessoria Corre Curitiba" || m[0].Tempo != "0:40:00" || m[1].Tempo != "0:41:00" {
		t.Errorf("porTempo M = %+v", m)
	}
}

// GRP-32: a finisher whose bib matches no registration counts for the group whose registration
// holds their document, before the team column is read; GroupOf names the group as the ranking
// counts it.
func TestRankGroupsMatchesTheDocumentBeforeTheTeamName(t *testing.T) {
	grupos := []GrupoDoRanking{
		{Nome: "Corre Curitiba", Peitos: []string{"101"}, Documentos: []string{"52998224725"}},
		{Nome: "Pé Vermelho", Documentos: []string{"FX123456"}},
	}
	withDoc := func(bib, nome, equipe, documento string) Result {
		r := finisher(bib, nome, "F", equipe, "0:45:00", "")
		r.Documento = documento
		return r
	}
	rs := []Result{
		// Another bib (the timing company's own), her CPF, and another group in the team column.
		withDoc("7001", "Ana", "Pé Vermelho", "52998224725"),
		withDoc("", "Bia", "", "FX123456"),
		// The bib wins over the document.
		withDoc("101", "Cris", "", "FX123456"),
		// A document of no registration: the team column.
		withDoc("7002", "Duda", "pe vermelho", "11144477735"),
	}
	got := RankGroups(rs, grupos, 1)
	want := []ConcluintesDoGrupo{{"Corre Curitiba", 2}, {"Pé Vermelho", 2}}
	if g, w := mustJSON(t, got.PorConcluintes), mustJSON(t, want); g != w {
		t.Errorf("porConcluintes = %s, want %s", g, w)
	}
	for i, wantGroup := range []string{"Corre Curitiba", "Pé Vermelho", "Corre Curitiba", "Pé Vermelho"} {
		if g := GroupOf(rs[i], grupos); g != wantGroup {
			t.Errorf("GroupOf(%s) = %q, want %q", rs[i].Nome, g, wantGroup)
		}
	}
	if g := GroupOf(finisher("9", "Eva", "F", "Outra", "0:40:00", ""), grupos); g != "" {
		t.Errorf("GroupOf of no group = %q", g)
	}
}

// GRP-32: a document cell is read as the registrations keep theirs: a CPF's 11 digits however
// written, a passport's letters and digits in upper case, nothing for what is neither.
func TestDocumentKey(t *testing.T) {
	for in, want := range map[string]string{
		"529.982.247-25": "52998224725", "52998224725": "52998224725", " 1234567890": "01234567890",
		"fx-123456": "FX123456", "AB 12 34 5": "AB12345", "": "", "123": "", "não informado": "NOINFORMADO",
	} {
		if got := DocumentKey(in); got != want {
			t.Errorf("DocumentKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// GRP-32: the results import reads a CPF or document column into each line's Documento.
func TestParseReadsTheDocumentColumn(t *testing.T) {
	tab, err := sheet.Read([]byte("Pos;Peito;Nome;CPF;Tempo\n1;10;Ana;529.982.247-25;0:40:00\n2;11;Bia;;0:41:00\n"), sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatal(err)
	}
	p := Parse(tab, Options{})
	if len(p.Errors) > 0 || len(p.Results) != 2 {
		t.Fatalf("errors %v, results %v", p.Errors, p.Results)
	}
	if p.Results[0].Documento != "52998224725" || p.Results[1].Documento != "" {
		t.Errorf("documents %q %q", p.Results[0].Documento, p.Results[1].Documento)
	}
	if b := mustJSON(t, p.Results[0]); strings.Contains(b, "52998224725") || strings.Contains(b, "documento") {
		t.Errorf("a result's JSON holds its document: %s", b)
	}
}

// GRP-42: the sum of the best n of each sex, only groups with n, a tie to the smaller n-th time.
func TestRankGroupsSumsTheBestNTimesPerSex(t *testing.T) {
	grupos := []GrupoDoRanking{
		{Nome: "Alfa", Peitos: []string{"1", "2", "3", "4"}},
		{Nome: "Beta", Peitos: []string{"11", "12", "13"}},
		{Nome: "Gama", Peitos: []string{"21", "22"}},
	}
	rs := []Result{
		finisher("1", "A1", "F", "", "0:40:00", ""),
		finisher("2", "A2", "F", "", "0:42:00", ""),
		finisher("3", "A3", "F", "", "0:44:00", ""),
		finisher("4", "A4", "F", "", "0:30:00", ""), // Alfa's best three: 30 + 40 + 42 = 1:52:00
		finisher("11", "B1", "F", "", "0:36:00", ""),
		finisher("12", "B2", "F", "", "0:38:00", ""),
		finisher("13", "B3", "F", "", "0:38:00.50", ""), // Beta: 1:52:00.50
		finisher("21", "G1", "F", "", "0:20:00", ""),
		finisher("22", "G2", "F", "", "0:20:00", ""), // Gama has two: not ranked with n = 3
	}
	got := RankGroups(rs, grupos, 3)
	f := got.PorTempo["F"]
	if len(f) != 2 || f[0].Nome != "Alfa" || f[0].Tempo != "1:52:00" || f[1].Nome != "Beta" || f[1].Tempo != "1:52:00.500" {
		t.Fatalf("porTempo F = %+v", f)
	}
	if g, w := mustJSON(t, f[0].Atletas), `["A4","A1","A2"]`; g != w {
		t.Errorf("Alfa's athletes = %s, want %s (fastest first)", g, w)
	}
	if len(got.PorTempo["M"]) != 0 {
		t.Errorf("porTempo M = %+v, want none", got.PorTempo["M"])
	}

	// Equal sums: the smaller n-th time ranks first.
	tie := RankGroups([]Result{
		finisher("1", "A1", "M", "", "0:30:00", ""), finisher("2", "A2", "M", "", "0:50:00", ""),
		finisher("11", "B1", "M", "", "0:39:00", ""), finisher("12", "B2", "M", "", "0:41:00", ""),
	}, grupos, 2)
	if m := tie.PorTempo["M"]; len(m) != 2 || m[0].Nome != "Beta" || m[0].Tempo != m[1].Tempo {
		t.Errorf("tie = %+v, want Beta first on the smaller 2nd time", m)
	}
}

// The answer is lists, never null, for a page to read without checks.
func TestRankGroupsWithoutGroupsAnswersEmptyLists(t *testing.T) {
	got := mustJSON(t, RankGroups([]Result{finisher("1", "A", "F", "X", "0:40:00", "")}, nil, 3))
	if want := `{"porConcluintes":[],"porTempo":{"F":[],"M":[]}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
