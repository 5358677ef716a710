package results

import (
	"fmt"
	"testing"

	"pelotao/internal/participant"
)

// BenchmarkRankGroups30000 ranks 200 groups over a 30,000-line set (docs/budgets.md, "Race day"):
// the rule alone, without the database or JSON. Each group has 50 registrations found by bib and
// 50 by document (GRP-32); a tenth of the other lines name a group in their team column.
func BenchmarkRankGroups30000(b *testing.B) {
	const lines, nGroups = 30_000, 200
	grupos := make([]GrupoDoRanking, nGroups)
	for g := range grupos {
		grupos[g].Nome = fmt.Sprintf("Assessoria Ritmo %d", g)
	}
	rs := make([]Result, lines)
	for i := range rs {
		sec := 7600 + i*6/10
		r := Result{NumeroPeito: fmt.Sprint(10000 + i), Nome: fmt.Sprintf("Atleta Gonçalves %d", i), Sexo: []string{"F", "M"}[i%2],
			TempoLiquido: fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60), Status: StatusOK}
		r.Documento = participant.CompleteCPF(fmt.Sprint(100000000 + i))
		switch g := i % (3 * nGroups); {
		case i < 2*50*nGroups && i%2 == 0:
			grupos[i/2%nGroups].Peitos = append(grupos[i/2%nGroups].Peitos, r.NumeroPeito)
		case i < 2*50*nGroups:
			grupos[i/2%nGroups].Documentos = append(grupos[i/2%nGroups].Documentos, r.Documento)
			r.NumeroPeito = fmt.Sprint(90000 + i) // the timing company's own bib
		case g < nGroups/10:
			r.Equipe = fmt.Sprintf("ASSESSORIA  ritmo %d", g)
		}
		rs[i] = r
	}
	b.ReportAllocs()
	for b.Loop() {
		got := RankGroups(rs, grupos, 3)
		if len(got.PorConcluintes) != nGroups || len(got.PorTempo["F"]) != nGroups {
			b.Fatalf("%d groups ranked, %d by time", len(got.PorConcluintes), len(got.PorTempo["F"]))
		}
	}
}
