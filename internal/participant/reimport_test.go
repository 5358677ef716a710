package participant

import (
	"strings"
	"testing"
	"time"
)

func mustParse(t *testing.T, s string) Parsed {
	t.Helper()
	p, err := Parse(table(t, s), nil, today)
	if err != nil || len(p.Errors) > 0 {
		t.Fatalf("parse: %v %+v", err, p.Errors)
	}
	return p
}

// stored gives parsed rows ids, as a first import would.
func stored(p Parsed) []Participant {
	out := make([]Participant, len(p.Rows))
	for i, r := range p.Rows {
		out[i] = r.P
		out[i].ID = "p" + string(rune('a'+i))
	}
	return out
}

func TestReimportByDocument(t *testing.T) {
	first := mustParse(t, `
Nome;CPF;Modalidade;Camiseta;Pago
Ana;529.982.247-25;10 km;P;Não
Bia;111.444.777-35;5 km;M;Sim
Caio;74143662;5 km;G;Sim
Ana;529.982.247-25;5 km;P;Sim`)
	existing := stored(first)
	existing[1].KitRetirado = &Kit{At: time.Date(2026, 11, 20, 9, 14, 0, 0, time.UTC), Balcao: "2", Por: "Rita"}

	// Same file: nothing changes.
	if plan := PlanImport(existing, nil, first, Settings{}); plan.Counts() != (Counts{Unchanged: 4}) || len(plan.Errors) > 0 {
		t.Fatalf("same file: %+v", plan.Counts())
	}
	// Ana paid for the 10 km; Bia moved to 10 km (her pickup stays); Caio is gone; Duda is new.
	again := mustParse(t, `
Nome;CPF;Modalidade;Camiseta;Pago
Bia;111.444.777-35;10 km;M;Sim
Ana;52998224725;10 km;P;Sim
Duda;00074143662;5 km;P;Sim
Ana;529.982.247-25;5 km;P;Sim`)
	again.Rows[2].P.Documento.Numero = "00741436892" // another valid CPF than Caio's
	plan := PlanImport(existing, nil, again, Settings{})
	if plan.Counts() != (Counts{Added: 1, Updated: 2, Unchanged: 1, Missing: 1}) {
		t.Fatalf("counts: %+v", plan.Counts())
	}
	for _, u := range plan.Update {
		switch u.P.ID {
		case "pb":
			if u.P.Percurso != "10 km" || u.P.KitRetirado == nil || u.P.KitRetirado.Balcao != "2" {
				t.Errorf("Bia: %+v", u.P)
			}
			if c := u.Changes[FieldPercurso]; c[0] != "5 km" || c[1] != "10 km" || len(u.Changes) != 1 {
				t.Errorf("Bia's changes: %v", u.Changes)
			}
		case "pa":
			if !u.P.Pago || len(u.Changes) != 1 {
				t.Errorf("Ana 10 km: %+v %v", u.P, u.Changes)
			}
		default:
			t.Errorf("unexpected update of %s", u.P.ID)
		}
	}
	if plan.Missing[0].ID != "pc" || plan.Add[0].P.Nome != "Duda" || plan.Add[0].Line != 4 {
		t.Fatalf("missing %+v, added %+v", plan.Missing, plan.Add)
	}
}

func TestReimportByRegistrationKeepsAbsentColumns(t *testing.T) {
	first := mustParse(t, `
Inscrição;Nome;CPF;E-mail;Peito
10;Ana;529.982.247-25;ana@exemplo.com.br;7
11;Bia;111.444.777-35;bia@exemplo.com.br;8`)
	existing := stored(first)
	// The registration id says who is who, even when the document was corrected; a file without
	// the e-mail or bib column keeps them.
	again := mustParse(t, `
Inscrição;Nome;CPF
11;Bia Lima;111.444.777-35
10;Ana;00074143662`)
	plan := PlanImport(existing, nil, again, Settings{})
	if plan.Counts() != (Counts{Updated: 2}) {
		t.Fatalf("counts: %+v %+v", plan.Counts(), plan.Errors)
	}
	for _, u := range plan.Update {
		if u.P.Email == "" || u.P.NumeroPeito == nil {
			t.Errorf("absent columns lost: %+v", u.P)
		}
	}
}

func TestBibRanges(t *testing.T) {
	settings, err := Settings{FaixasPeito: []FaixaPeito{{Percurso: "5 km", Inicio: 1, Fim: 3}, {Percurso: "10 KM", Inicio: 1000, Fim: 1999}}}.Clean()
	if err != nil {
		t.Fatal(err)
	}
	parsed := mustParse(t, `
Nome;CPF;Modalidade;Peito
Ana;529.982.247-25;5 km;2
Bia;111.444.777-35;5 km;
Caio;00074143662;10 km;
Duda;00741436892;5 km;
Eva;52998224725;Caminhada;`)
	plan := PlanImport(nil, nil, parsed, settings)
	if len(plan.Errors) > 0 {
		t.Fatal(plan.Errors)
	}
	var got []string
	for _, r := range plan.Add {
		bib := "-"
		if r.P.NumeroPeito != nil {
			bib = itoa(*r.P.NumeroPeito)
		}
		got = append(got, r.P.Nome+"="+bib)
	}
	if strings.Join(got, " ") != "Ana=2 Bia=1 Caio=1000 Duda=3 Eva=-" {
		t.Fatalf("bibs: %v", got)
	}
	// A full range and a bib held by someone the file no longer has are row errors.
	existing := stored(parsed)
	for i := range existing {
		existing[i].NumeroPeito = plan.Add[i].P.NumeroPeito
	}
	next := mustParse(t, `
Nome;CPF;Modalidade;Peito
Fabi;00000000191;5 km;
Gil;12345678909;10 km;1000`)
	p2 := PlanImport(existing, nil, next, settings)
	if len(p2.Errors) != 2 || p2.Errors[0].Row != 2 || !strings.Contains(p2.Errors[0].Message, "não tem mais números livres") ||
		p2.Errors[1].Row != 3 || !strings.Contains(p2.Errors[1].Message, "1000 já é de Caio") {
		t.Fatalf("errors: %+v", p2.Errors)
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestSettingsClean(t *testing.T) {
	_, err := Settings{FaixasPeito: []FaixaPeito{
		{Percurso: "5 km", Inicio: 1, Fim: 500}, {Percurso: "5 KM", Inicio: 600, Fim: 700},
		{Percurso: "10 km", Inicio: 400, Fim: 300}, {Percurso: "", Inicio: 0, Fim: 10},
		{Percurso: "21 km", Inicio: 450, Fim: 550},
	}}.Clean()
	fe, ok := err.(SettingsError)
	if !ok || fe["faixasPeito.1.percurso"] == "" || fe["faixasPeito.2.fim"] == "" || fe["faixasPeito.3.percurso"] == "" || fe["faixasPeito.3.inicio"] == "" {
		t.Fatalf("errors: %v", err)
	}
	_, err = Settings{FaixasPeito: []FaixaPeito{{Percurso: "5 km", Inicio: 1, Fim: 500}, {Percurso: "21 km", Inicio: 450, Fim: 550}}}.Clean()
	if fe, ok := err.(SettingsError); !ok || !strings.Contains(fe["faixasPeito.1.inicio"], "sobrepõe") {
		t.Fatalf("overlap: %v", err)
	}
}
