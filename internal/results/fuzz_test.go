package results

import (
	"os"
	"path/filepath"
	"testing"

	"pelotao/internal/sheet"
)

// FuzzParse: any readable file gives results or row errors, never a panic; results have
// unique bibs, consecutive Ordem, and places only when they finished.
func FuzzParse(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.*")
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
	}
	f.Fuzz(func(t *testing.T, data []byte, bruto bool) {
		tab, err := sheet.Read(data, sheet.Options{Vocabulary: Vocabulary})
		if err != nil {
			return
		}
		o := Options{Km: 10}
		if bruto {
			o.RankBy = "bruto"
		}
		p := Parse(tab, o)
		if len(p.Errors) > 0 {
			if len(p.Results) > 0 {
				t.Fatal("results beside errors")
			}
			for _, e := range p.Errors {
				if e.Row < 1 || e.Message == "" {
					t.Fatalf("error %+v", e)
				}
			}
			return
		}
		sets := [][]Result{p.Results}
		for _, race := range p.Races {
			sets = append(sets, race.Results)
		}
		for _, rs := range sets {
			keys := map[string]bool{}
			for i, r := range rs {
				if keys[r.Chave] || r.Chave == "" || r.Ordem != i+1 || r.NumeroPeito != "" && r.NumeroPeito != r.Chave {
					t.Fatalf("result %d: %+v", i, r)
				}
				keys[r.Chave] = true
				if (r.Posicao != nil) != (r.Status == StatusOK) {
					t.Fatalf("place %v with status %s", r.Posicao, r.Status)
				}
			}
		}
	})
}
