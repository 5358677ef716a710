package registration

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/participant"
)

// REG-251, REG-252: the ages counted on the event's day, by testdata/idade_cases.json, the table
// the registration form runs too (web/src/features/registration/athleteForm.test.ts).
func TestRaceDayAgeCases(t *testing.T) {
	var table struct {
		DataProva   string
		IdadeMinima int
		Cases       []struct {
			Name        string
			DataProva   string
			IdadeMinima json.RawMessage // absent: the table's; null: none
			Nascimento  string
			Responsavel *participant.Responsavel
			Errors      map[string]string
		}
	}
	readTable(t, "idade_cases.json", &table)
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			e := raceEvent()
			e.DataEvento = d(table.DataProva)
			if c.DataProva != "" {
				e.DataEvento = d(c.DataProva)
			}
			m := event.Modalidade{Nome: "10 km", LargadaID: e.Largadas[0].ID, IdadeMinima: event.Int(table.IdadeMinima)}
			if len(c.IdadeMinima) > 0 {
				m.IdadeMinima = event.Integer{}
				if err := json.Unmarshal(c.IdadeMinima, &m.IdadeMinima); err != nil {
					t.Fatal(err)
				}
			}
			e.Modalidades = append(e.Modalidades, m)
			a := athlete(0)
			a.Percurso, a.Nascimento, a.Responsavel = "10 km", d(c.Nascimento), c.Responsavel
			o := Order{Atletas: []Athlete{a}}
			_, errs := checkOrder(&e, &o, today)
			got := map[string]string{}
			for k, v := range errs {
				got[strings.TrimPrefix(k, "atletas.0.")] = v
			}
			if !maps.Equal(got, c.Errors) {
				t.Errorf("errors = %v, want %v", got, c.Errors)
			}
		})
	}
}

// REG-252: the guardian is kept tidied for a minor and dropped for an adult.
func TestGuardianKeptOnlyForMinors(t *testing.T) {
	e := raceEvent()
	minor, adult := athlete(0), athlete(1)
	minor.Nascimento = d("2010-01-01")
	for _, a := range []*Athlete{&minor, &adult} {
		a.Responsavel = &participant.Responsavel{Nome: "  Marta Lima ", Documento: participant.Documento{Tipo: participant.CPF, Numero: "529.982.247-25"}}
	}
	o := Order{Atletas: []Athlete{minor, adult}}
	if _, errs := checkOrder(&e, &o, today); errs != nil {
		t.Fatal(errs)
	}
	want := participant.Responsavel{Nome: "Marta Lima", Documento: participant.Documento{Tipo: participant.CPF, Numero: "52998224725"}}
	if r := o.Atletas[0].Responsavel; r == nil || *r != want {
		t.Errorf("minor's guardian = %+v, want %+v", r, want)
	}
	if r := o.Atletas[1].Responsavel; r != nil {
		t.Errorf("adult's guardian = %+v, want none", r)
	}
}

// REG-252: an edit of a minor's registration made without a guardian (before the rule, or an
// organizer's change of the birth date) stores no blank guardian.
func TestEditStoresNoBlankGuardian(t *testing.T) {
	e := raceEvent()
	a := athlete(0)
	a.Nascimento = d("2010-01-01")
	got, err := Edit(&e, a, "Geral", Patch{Camiseta: ptr("G")}, false, today)
	if err != nil || got.Atleta.Responsavel != nil {
		t.Fatalf("edit: %+v, %v", got.Atleta.Responsavel, err)
	}
}
