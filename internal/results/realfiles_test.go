package results

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/sheet"
)

// realFiles is where the real public results files are kept, outside the repository (their
// licences do not let them in): ../shared/data/results from the repository's root.
var realFiles = filepath.Join("..", "..", "..", "shared", "data", "results")

// readReal reads one of the real files with the results vocabulary; the test skips (outside CI)
// when the files are not on this machine.
func readReal(t *testing.T, name, sheetName string) *sheet.Table {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(realFiles, name))
	if os.IsNotExist(err) && os.Getenv("CI") != "true" {
		t.Skipf("the real results files are not here (%s): %v", realFiles, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	tab, err := sheet.Read(data, sheet.Options{Vocabulary: Vocabulary, Sheet: sheetName})
	if err != nil {
		t.Fatalf("sheet.Read(%s): %v", name, err)
	}
	return tab
}

// parseClean parses a table that must give no row error.
func parseClean(t *testing.T, tab *sheet.Table, o Options) *Parsed {
	t.Helper()
	if o.RankBy == "" {
		o.RankBy = event.TempoLiquido
	}
	p := Parse(tab, o)
	if len(p.Errors) > 0 {
		t.Fatalf("%d row errors, the first %+v", len(p.Errors), p.Errors[:min(5, len(p.Errors))])
	}
	return p
}

func fieldsOf(p *Parsed) map[string]string {
	m := map[string]string{}
	for _, c := range p.Columns {
		m[c.Header] = c.Field
	}
	return m
}

func wantFields(t *testing.T, p *Parsed, want map[string]string) {
	t.Helper()
	got := fieldsOf(p)
	for h, f := range want {
		if got[h] != f {
			t.Errorf("column %q read as %q, want %q", h, got[h], f)
		}
	}
}

func find(t *testing.T, rs []Result, nome string) Result {
	t.Helper()
	i := slices.IndexFunc(rs, func(r Result) bool { return r.Nome == nome })
	if i < 0 {
		t.Fatalf("no result named %q", nome)
	}
	return rs[i]
}

func hasNote(notes []string, part string) bool {
	return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, part) })
}

func placeOf(p *int) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// The Porto Alegre Marathon: a title line, double-encoded accents (some twice over), Coloc as the
// place within each sex, Tempo (gun) beside Liquido (net), "-" as a category place.
func TestRealPortoAlegre(t *testing.T) {
	tab := readReal(t, "porto_alegre_marathon_2019_42k.csv", "")
	p := parseClean(t, tab, Options{Km: 42.195, Sport: "Corrida de Rua"})
	if len(p.Questions) > 0 {
		t.Errorf("questions: %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"Coloc": fieldPosicao, "Num": fieldNumeroPeito, "Nome": fieldNome, "Faixa": fieldCategoria,
		"Cl.Fx.": fieldPosicaoCategoria, "Tempo": fieldTempoBruto, "Liquido": fieldTempoLiquido})
	if !hasNote(tab.Notes, "corrompidos") || !hasNote(tab.Notes, "cabeçalho (linha 2)") || !hasNote(p.Notes, "classificação por sexo") {
		t.Errorf("notes: %q %q", tab.Notes, p.Notes)
	}
	if c := CountOf(p.Results); c.Total != 3167 || c.Finishers != 3167 {
		t.Errorf("counts %+v", c)
	}
	for _, r := range p.Results {
		if sheet.LooksGarbled(r.Nome) || sheet.LooksGarbled(r.Equipe) {
			t.Fatalf("garbled line left: %+v", r)
		}
	}
	first := p.Results[0]
	if first.Nome != "ALISSON PERES DA ROCHA" || first.NumeroPeito != "43" || first.TempoBruto != "2:18:30" || first.TempoLiquido != "2:18:27" || placeOf(first.Posicao) != "1" {
		t.Errorf("first: %+v", first)
	}
	fabio := find(t, p.Results, "FÁBIO RAMOS DOS SANTOS")
	if fabio.Equipe != "SABUDEGA RUNNERS" || fabio.TempoLiquido != "2:28:55" || placeOf(fabio.PosicaoSexo) != "7" {
		t.Errorf("FÁBIO: %+v", fabio)
	}
	// The first woman: Coloc 1 is her place among women.
	cris := find(t, p.Results, "CRISTIANE ALVES SILVA")
	if placeOf(cris.PosicaoSexo) != "1" || cris.Sexo != "F" || placeOf(cris.Posicao) == "1" {
		t.Errorf("CRISTIANE: %+v", cris)
	}
}

// RESULT-18. Bota Pra Correr: four races in a race column mapped to the event's modalities, DSQ/DNS as
// places with a time, milliseconds, an unknown code ("OTR") in the place.
func TestRealBotaPraCorrer(t *testing.T) {
	tab := readReal(t, "bota_pra_correr_costa_do_conde_2022.csv", "")
	mods := []Modality{{"Asfalto 11 km", 11}, {"Asfalto 21 km", 21}, {"Trilha 5 km", 5}, {"Trilha 15 km", 15}}
	p := parseClean(t, tab, Options{Modalities: mods, Sport: "Corrida de Rua"})
	if len(p.Questions) > 0 {
		t.Fatalf("questions: %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"race": fieldProva, "catPlace": fieldPosicaoCategoria, "sexPlace": fieldPosicaoSexo,
		"place": fieldPosicao, "netTime": fieldTempoLiquido, "id": fieldID})
	got := map[string]string{}
	var total Counts
	for _, r := range p.Races {
		got[r.Nome] = r.Percurso
		total.Total += r.Counts.Total
		total.DSQ += r.Counts.DSQ
		total.DNS += r.Counts.DNS
		total.DNF += r.Counts.DNF
	}
	want := map[string]string{"ASFALTO - 11Km": "Asfalto 11 km", "ASFALTO - 21Km": "Asfalto 21 km", "TRILHA - 05Km": "Trilha 5 km", "TRILHA - 15Km": "Trilha 15 km"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("races → modalities %v, want %v", got, want)
	}
	if total.Total != 1011 || total.DSQ != 22 || total.DNS != 1 || total.DNF != 2 {
		t.Errorf("counts %+v", total)
	}
	if !hasNote(p.Notes, "“OTR” (2 linhas)") {
		t.Errorf("notes %q", p.Notes)
	}
	trail := p.Races[slices.IndexFunc(p.Races, func(r Race) bool { return r.Nome == "TRILHA - 15Km" })].Results
	if r := trail[0]; r.TempoLiquido == "" || !strings.Contains(trail[3].TempoLiquido, ".") || placeOf(r.Posicao) != "1" {
		t.Errorf("trail 15 km first lines: %s / %s", brief(r), brief(trail[3]))
	}
}

// RESULT-17. IRONMAN Brasil: TSV without a bib (ContactId is the key), swim/bike/run and T1/T2 as splits,
// DNS/DNF/DQ in a status column.
func TestRealIronman(t *testing.T) {
	tab := readReal(t, "ironman_brasil_florianopolis_2024.tsv", "")
	p := parseClean(t, tab, Options{Km: 226, Sport: "Triathlon"})
	if len(p.Questions) > 0 {
		t.Errorf("questions: %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"ContactId": fieldID, "Overall_Rank": fieldPosicao, "Div_Rank": fieldPosicaoCategoria,
		"Division": fieldCategoria, "Total_Time": fieldTempoLiquido, "Swim": "parcial:Swim", "Bike": "parcial:Bike", "Run": "parcial:Run",
		"T1": "parcial:T1", "Status": fieldStatus})
	if c := CountOf(p.Results); c != (Counts{Total: 1448, Finishers: 1256, DNF: 60, DNS: 126, DSQ: 6}) {
		t.Errorf("counts %+v", c)
	}
	r := p.Results[0]
	if r.Nome != "Reinaldo Colucci" || r.Chave != "dc5ba165-9124-48fd-9309-3c94f24db170" || r.NumeroPeito != "" || r.TempoLiquido != "7:58:37" ||
		len(r.Parciais) != 5 || r.Parciais[4] != (Parcial{"Run", "2:44:46"}) {
		t.Errorf("first: %+v", r)
	}
	if !hasNote(p.Notes, "usa a coluna “ContactId”") {
		t.Errorf("notes %q", p.Notes)
	}
}

// Carrera de la Luz: no name, no bib, the time in whole seconds under "timerun" (asked about,
// being a weak guess), Hombre/Mujer.
func TestRealCali(t *testing.T) {
	tab := readReal(t, "carrera_de_la_luz_cali_2022.csv", "")
	p := parseClean(t, tab, Options{Km: 10})
	if len(p.Questions) != 1 || p.Questions[0].Field != fieldTempoLiquido || p.Questions[0].Guess != "timerun" {
		t.Fatalf("questions: %+v", p.Questions)
	}
	p = parseClean(t, tab, Options{Km: 10, Mapping: map[string]string{"timerun": fieldTempoLiquido}})
	if len(p.Questions) > 0 {
		t.Fatalf("answered, still asks %+v", p.Questions)
	}
	if c := CountOf(p.Results); c.Total != 1922 || c.Finishers != 1922 {
		t.Errorf("counts %+v", c)
	}
	r := p.Results[0]
	if r.TempoLiquido != "0:33:08" || r.Sexo != "M" || r.Chave != "1" || r.Pace != "3:19" || placeOf(r.Posicao) != "1" {
		t.Errorf("first: %+v", r)
	}
	women := slices.IndexFunc(p.Results, func(r Result) bool { return r.Sexo == "F" })
	if women < 0 || placeOf(p.Results[women].PosicaoSexo) != "1" {
		t.Errorf("no woman first among women")
	}
}

// Mauerweglauf: BOM, CRLF, ';', "1." places and statuses in Platz, times over 24 hours, a
// column named twice, four competitions in Wettbewerb answered by the organizer.
func TestRealMauerweglauf(t *testing.T) {
	tab := readReal(t, "mauerweglauf_100meilen_berlin_2022.csv", "")
	if !slices.Contains(tab.Header, "Zeit2220 (2)") || tab.Header[0] != "Platz" {
		t.Fatalf("header %q", tab.Header)
	}
	mods := []Modality{{"100 milhas", 161}, {"Revezamento 2", 161}, {"Revezamento 4", 161}, {"Revezamento 10", 161}}
	p := parseClean(t, tab, Options{Modalities: mods})
	var asked []string
	for _, q := range p.Questions {
		asked = append(asked, q.Field)
	}
	if slices.Sort(asked); fmt.Sprint(asked) != "[10+ 1er 2er 4er]" {
		t.Fatalf("races asked %q", asked)
	}
	races := map[string]string{"1er": "100 milhas", "2er": "Revezamento 2", "4er": "Revezamento 4", "10+": "Revezamento 10"}
	p = parseClean(t, tab, Options{Modalities: mods, Races: races})
	if len(p.Questions) > 0 {
		t.Fatalf("answered, still asks %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"Platz": fieldPosicao, "Startnr": fieldNumeroPeito, "Laufzeit": fieldTempoLiquido,
		"Wettbewerb": fieldProva, "Verein": fieldEquipe, "Kategorie": fieldCategoria, "Startzeit": Ignorar})
	solo := p.Races[slices.IndexFunc(p.Races, func(r Race) bool { return r.Nome == "1er" })]
	if solo.Percurso != "100 milhas" || solo.Counts.DNF != 131 || solo.Counts.DNS != 123 {
		t.Errorf("solo %+v", solo.Counts)
	}
	r := solo.Results[0]
	if placeOf(r.Posicao) != "1" || !strings.HasPrefix(r.TempoLiquido, "1") {
		t.Errorf("winner %s", brief(r))
	}
	over24 := slices.IndexFunc(solo.Results, func(r Result) bool { return len(r.TempoLiquido) == 8 && r.TempoLiquido[:2] > "24" })
	if over24 < 0 {
		t.Errorf("no time over 24 h read")
	}
}

// Tartu Rattamaraton: Windows-1257, four lines before the header, two header rows, decimal-comma
// kilometres as split names.
func TestRealTartu(t *testing.T) {
	tab := readReal(t, "tartu_rattamaraton_2014_mtb.csv", "")
	if !hasNote(tab.Notes, "Windows-1257") || !hasNote(tab.Notes, "duas linhas (5 e 6)") || tab.HeaderAlt[3] != "name" {
		t.Fatalf("notes %q, alt %q", tab.Notes, tab.HeaderAlt)
	}
	p := parseClean(t, tab, Options{Km: 89, Sport: "Ciclismo"})
	if len(p.Questions) > 0 {
		t.Errorf("questions: %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"koht": fieldPosicao, "N koht": Ignorar, "nr": fieldNumeroPeito, "nimi": fieldNome,
		"aeg": fieldTempoLiquido, "vanus_kl": fieldCategoria, "kl_koht": fieldPosicaoCategoria, "matu 12,3": "parcial:matu 12,3"})
	if c := CountOf(p.Results); c.Total != 3065 {
		t.Errorf("counts %+v", c)
	}
	if !slices.ContainsFunc(p.Results, func(r Result) bool { return strings.Contains(r.Nome, "Šarunas") }) {
		t.Errorf("no Š read")
	}
	if r := p.Results[0]; r.TempoLiquido != "2:29:11" || len(r.Parciais) != 6 || placeOf(r.Posicao) != "1" {
		t.Errorf("first %s", brief(r))
	}
	if len(p.Notes) > 0 {
		t.Errorf("notes %q", p.Notes)
	}
}

// WMTRC: an XLSX of two sheets (both offered), times as fractions of a day on the first, as text
// on the second, statuses in Rank written out ("did not show up", "race stopped").
func TestRealWMTRC(t *testing.T) {
	tab := readReal(t, "wmtrc_trail_championships_2021_2023.xlsx", "")
	if fmt.Sprint(tab.Sheets) != "[Table 1 Table 2]" || tab.Sheet != "Table 1" {
		t.Fatalf("sheets %q %q", tab.Sheets, tab.Sheet)
	}
	answer := func(p *Parsed) map[string]string {
		m := map[string]string{}
		for _, q := range p.Questions {
			if q.Kind != sheet.QuestionRace {
				t.Fatalf("question %+v", q)
			}
			m[q.Field] = "Trail"
		}
		return m
	}
	mods := []Modality{{"Trail", 40}}
	for _, name := range []string{"Table 1", "Table 2"} {
		tab := readReal(t, "wmtrc_trail_championships_2021_2023.xlsx", name)
		p := parseClean(t, tab, Options{Modalities: mods, Sport: "Trail Running"})
		p = parseClean(t, tab, Options{Modalities: mods, Races: answer(p), Sport: "Trail Running"})
		var all Counts
		for _, r := range p.Races {
			all.Total += r.Counts.Total
			all.Finishers += r.Counts.Finishers
			all.DNF += r.Counts.DNF
			all.DNS += r.Counts.DNS
		}
		want := map[string]int{"Table 1": 663, "Table 2": 1287}[name]
		if all.Total != want || all.DNF == 0 || all.DNS == 0 {
			t.Errorf("%s: counts %+v", name, all)
		}
		first := p.Races[0].Results[0]
		if placeOf(first.Posicao) != "1" || first.TempoLiquido == "" || strings.Contains(first.TempoLiquido, "0.") {
			t.Errorf("%s: first %s", name, brief(first))
		}
	}
}

// Loch Ness: a metadata line, first and last names joined, DNF places with N/A times and
// 00:00:00, N/A half splits of finishers.
func TestRealLochNess(t *testing.T) {
	tab := readReal(t, "lochness_marathon_2018_with_dnf.csv", "")
	p := parseClean(t, tab, Options{Km: 42.195})
	if len(p.Questions) > 0 {
		t.Errorf("questions: %+v", p.Questions)
	}
	wantFields(t, p, map[string]string{"position": fieldPosicao, "firstname": fieldPrenome, "lastname": fieldSobrenome,
		"guntime": fieldTempoBruto, "chiptime": fieldTempoLiquido, "halftime": "parcial:halftime"})
	if c := CountOf(p.Results); c != (Counts{Total: 2825, Finishers: 2810, DNF: 15}) {
		t.Errorf("counts %+v", c)
	}
	if r := p.Results[0]; r.Nome != "Mohammad Aburezeq" || r.TempoLiquido != "2:22:56" || r.Parciais[0] != (Parcial{"halftime", "1:09:21"}) {
		t.Errorf("first %+v", r)
	}
	if r := find(t, p.Results, "Chris Belton"); r.Status != StatusDNF || r.TempoLiquido != "" || r.TempoBruto != "" {
		t.Errorf("DNF %+v", r)
	}
}
