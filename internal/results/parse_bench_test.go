package results

import (
	"fmt"
	"strings"
	"testing"

	"pelotao/internal/sheet"
)

// BenchmarkReadAndParse30000 reads and parses a 30,000-line timing file (the largest race the
// product is made for), the part of an import before the database.
func BenchmarkReadAndParse30000(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Nº de peito;Nome;Sexo;Categoria;Equipe;Tempo bruto;Tempo líquido;21 km\n")
	for i := range 30_000 {
		sec := 7600 + i*6/10
		fmt.Fprintf(&sb, "%d;Atleta Gonçalves %d;%s;F3034;Equipe Pé na Estrada;%d:%02d:%02d;%d:%02d:%02d;1:%02d:%02d\n",
			10000+i, i, []string{"F", "M"}[i%2], sec/3600, sec/60%60, sec%60, sec/3600, sec/60%60, sec%60, i%60, i%60)
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		tab, err := sheet.Read(data, sheet.Options{Vocabulary: Vocabulary})
		if err != nil {
			b.Fatal(err)
		}
		if p := Parse(tab, Options{Km: 42.195}); len(p.Errors) > 0 || len(p.Results) != 30_000 {
			b.Fatalf("%d errors", len(p.Errors))
		}
	}
}
