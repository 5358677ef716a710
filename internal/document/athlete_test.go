package document

import (
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
)

// An event ranked by gun time prints the gun time, and the pace of that time, whatever the pace
// stored at import (of the time ranked by then): 0:50:00 over 10 km is 5:00 /km (RESULT-10).
func TestAthleteOfPaceOfThePrintedTime(t *testing.T) {
	e := &event.Event{Titulo: "Corrida da Dona", TempoClassificacao: event.TempoBruto,
		Modalidades: []event.Modalidade{{Nome: "10 km", Km: event.Decimal{Value: 10, Valid: true}}}}
	a := results.AthleteResult{ResultSet: results.Set{Percurso: "10 km"},
		Athlete: results.Athlete{Result: results.Result{TempoBruto: "0:50:00", TempoLiquido: "0:48:20", Pace: "4:50", Status: results.StatusOK}}}
	if w := AthleteOf(e, a); w.Tempo != "0:50:00" || w.TempoNome != "tempo bruto" || w.Pace != "5:00" {
		t.Errorf("ranked by gun time: %q (%s), pace %q", w.Tempo, w.TempoNome, w.Pace)
	}
	e.TempoClassificacao = event.TempoLiquido
	if w := AthleteOf(e, a); w.Tempo != "0:48:20" || w.Pace != "4:50" {
		t.Errorf("ranked by net time: %q, pace %q", w.Tempo, w.Pace)
	}
	e.Modalidades[0].Km = event.Decimal{}
	if w := AthleteOf(e, a); w.Pace != "" {
		t.Errorf("a modality without a distance prints pace %q", w.Pace)
	}
}
