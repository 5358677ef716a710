package results

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/sheet"
)

func table(t testing.TB, name string) *sheet.Table {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := sheet.Read(data, sheet.Options{Vocabulary: Vocabulary})
	if err != nil {
		t.Fatalf("sheet.Read(%s): %v", name, err)
	}
	return tab
}

// brief is a result reduced to what a table test compares: bib, status, places, times, pace.
func brief(r Result) string {
	place := func(p *int) string {
		if p == nil {
			return "-"
		}
		return itoa(*p)
	}
	var splits []string
	for _, s := range r.Parciais {
		splits = append(splits, s.Nome+"="+s.Tempo)
	}
	return strings.Join([]string{r.NumeroPeito, r.Status, place(r.Posicao), place(r.PosicaoSexo), place(r.PosicaoCategoria),
		r.TempoBruto, r.TempoLiquido, r.Pace, strings.Join(splits, ",")}, " ")
}

func itoa(n int) string { return strconv.Itoa(n) }

func briefs(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = brief(r)
	}
	return out
}

func TestTimingFilesParseIntoPlacesStatusesAndSplits(t *testing.T) {
	cases := []struct {
		file    string
		opts    Options
		columns []string
		want    []string
	}{{
		// Excel pt-BR: places in the file ("1º"), sex and category places computed, the
		// file's pace ignored (computed from the event's 10 km), DNF in the place cell, NC
		// in the time cell, "-" for a split not taken.
		file: "ptbr-excel-10km.csv", opts: Options{Km: 10, RankBy: event.TempoLiquido},
		columns: []string{"posicao", "numeroPeito", "nome", "sexo", "categoria", "equipe", "tempoBruto", "tempoLiquido", "parcial:5 km", "ignorar"},
		want: []string{
			"1023 ok 1 1 1 0:33:12 0:33:10 3:19 5 km=0:16:20",
			"587 ok 2 1 1 0:35:48 0:35:41 3:34 5 km=0:17:40",
			"2210 ok 3 2 1 0:38:05 0:38:01 3:48 5 km=0:18:59",
			"15 ok 4 2 1 0:41:30 0:40:02 4:00 ",
			"3001 DNF - - -    5 km=0:25:13",
			"3002 DNF - - -    ",
		},
	}, {
		// A chip-timing TSV in English without places: computed by net time, equal times share
		// a place, DSQ and DNS from the Status column come last, fractions kept.
		file: "chip-timing-21km.tsv", opts: Options{Km: 21.1},
		columns: []string{"numeroPeito", "nome", "sexo", "categoria", "equipe", "tempoBruto", "tempoLiquido", "parcial:Half", "status"},
		want: []string{
			"301 ok 1 1 1 1:21:04.3 1:20:59.8 3:50 Half=0:40:10",
			"88 ok 1 1 1 1:20:58.0 1:20:59.8 3:50 Half=0:40:02",
			"7 ok 3 1 1 1:25:40.1 1:25:31.0 4:03 Half=0:42:55",
			"120 ok 4 2 2 1:31:12.6 1:30:44.2 4:18 Half=0:45:01",
			"45 DSQ - - - 1:19:30.0 1:19:20.5  ",
			"46 DNS - - -    ",
		},
	}, {
		// The same file ranked by gun time, as the event may choose: the pace is of the gun time
		// (RESULT-10): 3:51, 4:04 and 4:19 where the net times' are 3:50, 4:03 and 4:18.
		file: "chip-timing-21km.tsv", opts: Options{Km: 21.1, RankBy: event.TempoBruto},
		want: []string{
			"88 ok 1 1 1 1:20:58.0 1:20:59.8 3:50 Half=0:40:02",
			"301 ok 2 2 2 1:21:04.3 1:20:59.8 3:51 Half=0:40:10",
			"7 ok 3 1 1 1:25:40.1 1:25:31.0 4:04 Half=0:42:55",
			"120 ok 4 2 2 1:31:12.6 1:30:44.2 4:19 Half=0:45:01",
			"45 DSQ - - - 1:19:30.0 1:19:20.5  ",
			"46 DNS - - -    ",
		},
	}}
	for _, c := range cases {
		t.Run(c.file+" "+c.opts.RankBy, func(t *testing.T) {
			p := Parse(table(t, c.file), c.opts)
			if len(p.Errors) > 0 {
				t.Fatalf("errors: %+v", p.Errors)
			}
			if c.columns != nil {
				var got []string
				for _, col := range p.Columns {
					got = append(got, col.Field)
				}
				if !reflect.DeepEqual(got, c.columns) {
					t.Errorf("columns = %q\nwant %q", got, c.columns)
				}
			}
			if got := briefs(p.Results); !reflect.DeepEqual(got, c.want) {
				t.Errorf("results =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			for i, r := range p.Results {
				if r.Ordem != i+1 {
					t.Errorf("%s: ordem %d at %d", r.NumeroPeito, r.Ordem, i)
				}
			}
		})
	}
}

func TestParseKeepsNamesAndTexts(t *testing.T) {
	p := Parse(table(t, "ptbr-excel-10km.csv"), Options{Km: 10})
	r := p.Results[1]
	if r.Nome != "Maria Luíza Gonçalves" || r.Sexo != "F" || r.Categoria != "F2529" || r.Equipe != "Corre, São João!" {
		t.Fatalf("result = %+v", r)
	}
	if c := CountOf(p.Results); c != (Counts{Total: 6, Finishers: 4, DNF: 2}) {
		t.Fatalf("counts = %+v", c)
	}
}

func TestParseRowErrors(t *testing.T) {
	p := Parse(table(t, "com-erros.csv"), Options{Km: 5})
	if len(p.Results) != 0 {
		t.Fatalf("a file with errors gave %d results", len(p.Results))
	}
	want := []sheet.RowError{
		{Row: 3, Column: "Tempo", Message: `Tempo "1:61:00" inválido: minutos e segundos vão de 00 a 59.`},
		{Row: 4, Column: "Peito", Message: "Número de peito 10 repetido (já está na linha 2)."},
		{Row: 6, Column: "Tempo", Message: `A célula "=A2+1" parece uma fórmula: exporte a planilha com os valores, não as fórmulas.`},
		{Row: 7, Column: "Tempo", Message: "Informe o tempo, ou o status (DNF, DNS, DSQ) de quem não concluiu."},
		{Row: 9, Column: "Posição", Message: `Posição "oitavo" inválida: use um número inteiro a partir de 1.`},
		{Row: 10, Column: "Peito", Message: `Número de peito "17 A" inválido: use só letras, algarismos e hífen (até 12).`},
	}
	if !reflect.DeepEqual(p.Errors, want) {
		t.Fatalf("errors =\n%+v\nwant\n%+v", p.Errors, want)
	}
}

func TestParseHeaderErrorsAndMapping(t *testing.T) {
	tab := &sheet.Table{
		Header: []string{"Colocação", "Competidor", "Nº", "Tempo Chip", "Volta 1", "Observação"},
		Rows:   []sheet.Row{{Number: 2, Cells: []string{"1", "Ana Lima", "7", "0:20:00", "0:10:00", "x"}}},
	}
	noTime := &sheet.Table{Header: []string{"Nome", "Peito", "Chegada"}, Rows: []sheet.Row{{Number: 2, Cells: []string{"Ana", "7", "09:12"}}}}
	p := Parse(noTime, Options{})
	if want := []sheet.RowError{{Row: 1, Column: "", Message: "A planilha não tem coluna de tempo (Tempo líquido, Chip time, Tempo bruto ou Gun time): escolha qual coluna é o tempo."}}; !reflect.DeepEqual(p.Errors, want) {
		t.Fatalf("errors = %+v", p.Errors)
	}
	// The mapping names the athlete column and renames the split; unnamed headers are guessed.
	p = Parse(tab, Options{Mapping: map[string]string{"Competidor": "nome", "Volta 1": "parcial: Km 2,5", "Observação": "ignorar"}})
	if len(p.Errors) > 0 {
		t.Fatalf("errors = %+v", p.Errors)
	}
	if got := brief(p.Results[0]); got != "7 ok 1 - -  0:20:00  Km 2,5=0:10:00" {
		t.Fatalf("result = %q", got)
	}
	bad := []struct {
		mapping map[string]string
		want    sheet.RowError
	}{
		{map[string]string{"Competidor": "apelido"}, sheet.RowError{Row: 1, Column: "Competidor", Message: `Campo "apelido" desconhecido no mapeamento.`}},
		{map[string]string{"Competidor": "nome", "Idade": "ignorar"}, sheet.RowError{Row: 1, Column: "Idade", Message: `A coluna "Idade" do mapeamento não está na planilha.`}},
		{map[string]string{"Competidor": "nome", "Observação": "nome"}, sheet.RowError{Row: 1, Column: "Observação", Message: `As colunas "Competidor" e "Observação" são lidas como o mesmo campo; indique no mapeamento qual usar.`}},
		{map[string]string{"Competidor": "nome", "Volta 1": "parcial:"}, sheet.RowError{Row: 1, Column: "Volta 1", Message: "Dê um nome à parcial (parcial:<nome>)."}},
	}
	for _, b := range bad {
		p := Parse(tab, Options{Mapping: b.mapping})
		if len(p.Errors) == 0 || p.Errors[0] != b.want {
			t.Errorf("mapping %v: errors = %+v, want %+v", b.mapping, p.Errors, b.want)
		}
	}
}

func TestParseTime(t *testing.T) {
	good := map[string]string{
		"0:42:13": "0:42:13", "00:42:13": "0:42:13", "42:13": "0:42:13", "3:05:09.47": "3:05:09.47",
		"0:42:13,4": "0:42:13.4", "1:02:03.123": "1:02:03.123", "12:00:00": "12:00:00", "5:09": "0:05:09",
		"123:04:05": "123:04:05", "01:02:03,12": "1:02:03.12", "0:00:00": "0:00:00", "0,5": "12:00:00", "3725": "1:02:05",
	}
	for in, want := range good {
		got, msg := parseTime(in)
		if msg != "" || got.text != want {
			t.Errorf("parseTime(%q) = %q, %q; want %q", in, got.text, msg, want)
		}
	}
	if got, _ := parseTime("0:42:13.47"); got.ms != (42*60+13)*1000+470 {
		t.Errorf("ms = %d", got.ms)
	}
	for _, bad := range []string{"1:61:00", "0:42:60", "1:2:03", "0:42:3", "42", "0:42:13.4567", "abc", "1h02", "-0:42:13",
		"1:02:03:04", "1234:00:00", "1:02:03.", "1.5:02:03", "1:02.5:03", "1:02:003", ":02:03", "1::03", "0:42:13 ", "١:02:03"} {
		if _, msg := parseTime(bad); msg == "" {
			t.Errorf("parseTime(%q) accepted", bad)
		}
	}
	if got := pace(40*60*1000+2000, 10); got != "4:00" {
		t.Errorf("pace = %q", got)
	}
}

// Every cell of a split column is read twice (timesIn, then the line), hundreds of thousands of
// cells in a large marathon's file: a time costs the allocation of its text alone.
func TestParseTimeAllocatesOnlyItsText(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { parseTime("1:02:03.47") }); n > 1 {
		t.Errorf("parseTime allocates %v times a time", n)
	}
}

func TestMaisRapidoQue(t *testing.T) {
	cases := [][3]int{{1, 100, 99}, {100, 100, 0}, {12, 3456, 99}, {1728, 3456, 50}, {1, 1, 0}, {0, 10, 0}}
	for _, c := range cases {
		if got := MaisRapidoQue(c[0], c[1]); got != c[2] {
			t.Errorf("MaisRapidoQue(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}

func TestPlacesAreSaidOutOfTheFinishersWithTheRankingTime(t *testing.T) {
	p := func(n int) *int { return &n }
	a := Athlete{Result: Result{Sexo: "F", Categoria: "F3034", Posicao: p(12), PosicaoSexo: p(3), PosicaoCategoria: p(1)},
		Concluintes: 3456, TotalSexo: 1200, TotalCategoria: 140}
	want := Words{"12º de 3.456 no geral", "3º de 1.200 no feminino", "1º de 140 na categoria F3034"}
	if got := PlaceWords(a); got != want {
		t.Fatalf("PlaceWords = %+v", got)
	}
	a.Posicao, a.Sexo = nil, "X"
	if got := PlaceWords(a); got.Geral != "" || got.Sexo != "" {
		t.Fatalf("without places = %+v", got)
	}
	r := Result{TempoBruto: "0:43:01", TempoLiquido: "0:42:13.47"}
	if tempo, nome := RankingTime(r, event.TempoBruto); tempo != "0:43:01" || nome != "tempo bruto" {
		t.Errorf("bruto = %q %q", tempo, nome)
	}
	if tempo, nome := RankingTime(r, event.TempoLiquido); tempo != "0:42:13.47" || nome != "tempo líquido" {
		t.Errorf("líquido = %q %q", tempo, nome)
	}
	if tempo, _ := RankingTime(Result{TempoBruto: "1:00:00"}, event.TempoLiquido); tempo != "1:00:00" {
		t.Errorf("no net time = %q", tempo)
	}
}
