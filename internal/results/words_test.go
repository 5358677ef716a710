package results

import (
	"encoding/json"
	"os"
	"testing"

	"pelotao/internal/event"
)

// TestRankingTimeSharedCases runs the cases web/src/lib/results/resultFormat.test.ts runs too: the results
// page shows first the time the certificate prints (RESULT-10).
func TestRankingTimeSharedCases(t *testing.T) {
	var table struct {
		Cases []struct{ RankBy, TempoBruto, TempoLiquido, Want string }
	}
	f, err := os.Open("testdata/ranking_time.json")
	if err == nil {
		defer f.Close()
		err = json.NewDecoder(f).Decode(&table)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	names := map[string]string{event.TempoBruto: "tempo bruto", event.TempoLiquido: "tempo líquido"}
	for _, c := range table.Cases {
		r := Result{TempoBruto: c.TempoBruto, TempoLiquido: c.TempoLiquido}
		want := map[string]string{event.TempoBruto: c.TempoBruto, event.TempoLiquido: c.TempoLiquido}[c.Want]
		if tempo, nome := RankingTime(r, c.RankBy); tempo != want || nome != names[c.Want] {
			t.Errorf("RankingTime(%+v, %q) = %q, %q; want %q, %q", r, c.RankBy, tempo, nome, want, names[c.Want])
		}
	}
}

// TestPaceOf: the pace of the printed time, so a gun time of 0:50:00 over 10 km is 5:00 /km even
// when the net time is faster (and the pace stored at import was of it, the event having ranked by
// net time then) (RESULT-10).
func TestPaceOf(t *testing.T) {
	cases := []struct {
		tempo string
		km    float64
		want  string
	}{
		{"0:50:00", 10, "5:00"},
		{"0:42:13.47", 10, "4:13"},
		{"1:45:30", 21.0975, "5:00"},
		{"0:37:21", 6, "6:14"},
		{"0:50:00", 0, ""},
		{"", 10, ""},
		{"DNF", 10, ""},
	}
	for _, c := range cases {
		if got := PaceOf(c.tempo, c.km); got != c.want {
			t.Errorf("PaceOf(%q, %v) = %q, want %q", c.tempo, c.km, got, c.want)
		}
	}
}

func TestPaceOver(t *testing.T) {
	ms := []event.Modalidade{{Nome: "5 km"}, {Nome: "10 km", Km: event.Decimal{Value: 10, Valid: true}}}
	for _, c := range []struct{ tempo, percurso, want string }{
		{"0:50:00", "10 km", "5:00"},
		{"0:50:00", "5 km", ""},  // no distance
		{"0:50:00", "21 km", ""}, // no such modality
	} {
		if got := PaceOver(c.tempo, c.percurso, ms); got != c.want {
			t.Errorf("PaceOver(%q, %q) = %q, want %q", c.tempo, c.percurso, got, c.want)
		}
	}
}
