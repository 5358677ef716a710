package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/sheet"
)

// demoSet is a modality's results as data, published after its event is stored.
type demoSet struct {
	percurso string
	status   string
	results  []results.Result
}

// timingSheet writes a modality's finishers as a timing company's export would come (pt-BR
// headers, ';', a split at half the distance), with a few athletes who did not finish or start,
// and reads it back through the same import the organizers use.
func timingSheet(rng *rand.Rand, e event.Event, m event.Modalidade, fs []finisher) ([]results.Result, error) {
	half := m.Km.Value / 2
	split := strings.ReplaceAll(fmt.Sprintf("%g km", half), ".", ",")
	var b strings.Builder
	b.WriteString("Nº de peito;Nome;Sexo;Categoria;Equipe;Tempo bruto;Tempo líquido;" + split + ";Status\n")
	for _, f := range fs {
		partial := time.Duration(float64(f.liquido) * (0.47 + rng.Float64()*0.04)).Round(time.Second)
		fmt.Fprintf(&b, "%d;%s;%s;%s;%s;%s;%s;%s;\n", f.bib, f.nome, f.genero, f.categoria, f.equipe,
			clock(f.bruto), clock(f.liquido), clock(partial))
	}
	// About one in forty did not finish, one in sixty did not start: they have bibs past the field's.
	next := fs[len(fs)-1].bib + 1000
	for i := range len(fs)/40 + len(fs)/60 {
		st := "DNF"
		if i >= len(fs)/40 {
			st = "DNS"
		}
		genero := []string{"Feminino", "Masculino"}[rng.IntN(2)]
		nome := pick(rng, nomesMasculinos)
		if genero == "Feminino" {
			nome = pick(rng, nomesFemininos)
		}
		fmt.Fprintf(&b, "%d;%s %s;%s;;;;;;%s\n", next+i, nome, pick(rng, sobrenomes), genero, st)
	}
	tab, err := sheet.Read([]byte(b.String()), sheet.Options{Vocabulary: results.Vocabulary})
	if err != nil {
		return nil, err
	}
	p := results.Parse(tab, results.Options{Km: m.Km.Value, RankBy: e.TempoClassificacao})
	if len(p.Errors) > 0 {
		return nil, fmt.Errorf("results of %s: %+v", m.Nome, p.Errors[0])
	}
	return p.Results, nil
}
