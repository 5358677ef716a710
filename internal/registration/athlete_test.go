package registration

import (
	"encoding/json"
	"maps"
	"os"
	"testing"

	"pelotao/internal/event"
)

// athleteCases is testdata/athlete_cases.json (its _about says how a case reads).
type athleteCases struct {
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

// REG-70, REG-251, REG-252: the athlete's checks by testdata/athlete_cases.json, the table the
// registration form runs too (web/src/features/registration/athleteCases.test.ts).
func TestAthleteCases(t *testing.T) {
	var table athleteCases
	readTable(t, "athlete_cases.json", &table)
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

// readTable reads testdata/name, a table of cases the registration form's tests run too, into table.
func readTable(t *testing.T, name string, table any) {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, table); err != nil {
		t.Fatal(err)
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
