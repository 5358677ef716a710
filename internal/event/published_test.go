package event

import (
	"encoding/json"
	"os"
	"testing"
)

// EVT-33, HOME-19: what an event has published, by the table the web app's publishedResults
// runs too. files are the modalities' [pdfGeralURL, pdfCategoriasURL].
func TestPublishedResultsCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/published_results_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Name      string      `json:"name"`
			Sets      []string    `json:"sets"`
			Files     [][2]string `json:"files"`
			Published string      `json:"published"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range table.Cases {
		var e Event
		for _, f := range c.Files {
			e.Modalidades = append(e.Modalidades, Modalidade{Resultados: Resultados{PDFGeralURL: f[0], PDFCategoriasURL: f[1]}})
		}
		if got := e.PublishedResults(c.Sets); got != c.Published {
			t.Errorf("%s: PublishedResults = %q, want %q", c.Name, got, c.Published)
		}
		if got := e.Summary(c.Sets).Resultados; got != c.Published {
			t.Errorf("%s: Summary.Resultados = %q, want %q", c.Name, got, c.Published)
		}
	}
}
