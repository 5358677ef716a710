package registration

import (
	"encoding/json"
	"maps"
	"os"
	"testing"

	"pelotao/internal/event"
)

// REG-70, REG-251, REG-252: the athlete's checks by testdata/athlete_cases.json, the table the
// registration form runs too (web/src/features/registration/athleteCases.test.ts).
func TestAthleteCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/athlete_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Today  string
		Evento struct {
			DataProva   string
			Modalidades []struct {
				Nome        string
				IdadeMinima event.Integer
			}
			TamanhosCamiseta []string
		}
		Atleta map[string]any
		Cases  []struct {
			Name    string
			Kits    []string
			Atletas []map[string]any
			Errors  map[string]string
		}
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			e := event.New()
			e.DataEvento = d(table.Evento.DataProva)
			e.Inscricoes.Modo = event.ModoPelotao
			e.Inscricoes.TamanhosCamiseta = table.Evento.TamanhosCamiseta
			for _, m := range table.Evento.Modalidades {
				e.Modalidades = append(e.Modalidades, event.Modalidade{Nome: m.Nome, LargadaID: e.Largadas[0].ID, IdadeMinima: m.IdadeMinima})
			}
			if c.Kits != nil {
				e.Inscricoes.TipoPreco = event.TipoPrecoKit
				for _, k := range c.Kits {
					e.Inscricoes.PrecosPorKit = append(e.Inscricoes.PrecosPorKit, event.PrecoKit{KitNome: k, Valor: event.Dec(50)})
				}
			}
			o := Order{Atletas: []Athlete{}}
			for _, fields := range c.Atletas {
				a := maps.Clone(table.Atleta)
				maps.Copy(a, fields)
				o.Atletas = append(o.Atletas, decodeAthlete(t, a))
			}
			_, errs := checkOrder(&e, &o, d(table.Today))
			if got := map[string]string(errs); !maps.Equal(got, c.Errors) {
				t.Errorf("errors = %v, want %v", got, c.Errors)
			}
		})
	}
}

// decodeAthlete reads fields as the server reads an athlete of an order's body.
func decodeAthlete(t *testing.T, fields map[string]any) Athlete {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	var a Athlete
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}
