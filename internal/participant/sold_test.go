package participant

import (
	"strings"
	"testing"
)

// sold is a registration paid in Pelotão, as confirming its order makes it.
func sold(id, nome string, doc Documento, percurso string, bib int) Participant {
	return Participant{ID: id, Inscricao: "r-" + id, InscricaoID: "r-" + id, Nome: nome, Documento: doc, Percurso: percurso,
		Camiseta: "M", Pago: true, NumeroPeito: &bib, Origem: OrigemPelotao, Codigo: "7XK2MP9QRZ", Categoria: "Geral"}
}

// REG-143: a row whose CPF (in any modality) or passport is of a registration sold in Pelotão is
// reported on its line and neither added nor changes it; the registration is not missing from
// the file, and its bib stays taken.
func TestImportLeavesSoldRegistrations(t *testing.T) {
	settings, err := Settings{FaixasPeito: []FaixaPeito{{Percurso: "5 km", Inicio: 100, Fim: 199}}}.Clean()
	if err != nil {
		t.Fatal(err)
	}
	first := mustParse(t, `
Nome;CPF;Modalidade;Camiseta;Pago;Peito
Bia Importada;111.444.777-35;5 km;M;Sim;150`)
	existing := stored(first)
	ana := sold("ps", "Ana Paga", Documento{CPF, "52998224725"}, "5 km", 100)
	john := sold("pj", "John Paid", Documento{Passaporte, "AB123456"}, "10 km", 7)
	existing = append(existing, ana, john)

	parsed := mustParse(t, `
Nome;Tipo de documento;CPF;Modalidade;Camiseta;Pago
Bia Importada;CPF;111.444.777-35;5 km;G;Sim
Ana da Planilha;CPF;529.982.247-25;10 km;GG;Não
John;Passaporte;ab 123456;10 km;P;Sim
Caio Novo;CPF;00074143662;5 km;M;Sim`)
	plan := PlanImport(existing, nil, parsed, settings)
	if len(plan.Errors) > 0 {
		t.Fatalf("errors: %+v", plan.Errors)
	}
	if plan.Counts() != (Counts{Added: 1, Updated: 1}) {
		t.Fatalf("counts: %+v (the sold registrations are neither updated nor missing)", plan.Counts())
	}
	if len(plan.JaInscritos) != 2 {
		t.Fatalf("notices: %+v", plan.JaInscritos)
	}
	for i, want := range []struct {
		row  int
		text string
	}{{3, "CPF já inscrito pelo Pelotão (Ana Paga, código 7XK2MP9QRZ)"}, {4, "Passaporte já inscrito pelo Pelotão (John Paid"}} {
		n := plan.JaInscritos[i]
		if n.Row != want.row || n.Column != "CPF" || !strings.Contains(n.Message, want.text) {
			t.Errorf("notice %d: %+v, want row %d with %q", i, n, want.row, want.text)
		}
	}
	if u := plan.Update[0]; u.P.ID != "pa" || u.P.Camiseta != "G" {
		t.Errorf("update: %+v", u.P)
	}
	// Caio takes the range's next free bib after the sold registration's 100.
	if a := plan.Add[0]; a.P.Nome != "Caio Novo" || a.P.NumeroPeito == nil || *a.P.NumeroPeito != 101 {
		t.Errorf("added: %+v", a.P)
	}

	// A file that gives a sold registration's bib to someone else is a row error.
	clash := mustParse(t, `
Nome;CPF;Modalidade;Peito
Duda;00741436892;10 km;7`)
	if p := PlanImport(existing, nil, clash, settings); len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Message, "7 já é de John Paid") {
		t.Fatalf("a sold bib given again: %+v", p.Errors)
	}
}

// REG-141: a participant sold here is found by its registration code, however typed, and by no
// part of it; the code's term cannot be the start of a query's word.
func TestSearchByCodigo(t *testing.T) {
	p := sold("ps", "Ana Paga", Documento{CPF, "52998224725"}, "5 km", 100)
	terms := SearchTerms(p)
	if terms[len(terms)-1] != "#7XK2MP9QRZ" {
		t.Fatalf("SearchTerms: %q", terms)
	}
	for _, q := range []string{"7XK2MP9QRZ", "7xk2-mp9q-rz", " 7XK2 MP9Q RZ "} {
		if got := QueryCodigo(q); got != "#7XK2MP9QRZ" {
			t.Errorf("QueryCodigo(%q) = %q", q, got)
		}
	}
	for _, q := range []string{"7XK2", "Ana Paga", "52998224725"} {
		if got := QueryCodigo(q); got != "" {
			t.Errorf("QueryCodigo(%q) = %q, want none", q, got)
		}
	}
	for _, q := range []string{"7xk2", "7XK2MP9QRZ"} {
		for _, qt := range QueryTerms(q) {
			for _, st := range terms {
				if strings.HasPrefix(st, qt) && strings.HasPrefix(st, "#") {
					t.Errorf("query word %q starts the code's term %q", qt, st)
				}
			}
		}
	}
}

// REG-181: a row whose document is held by an order awaiting payment is reported on its line
// ("inscrição em andamento no Pelotão", with the athlete) and not added; a sold registration's
// notice stays its own.
func TestImportLeavesHeldRegistrations(t *testing.T) {
	parsed := mustParse(t, `
Nome;CPF;Modalidade;Camiseta;Pago
Ana da Planilha;529.982.247-25;5 km;M;Sim
Caio Novo;00074143662;5 km;M;Sim`)
	held := []Held{{Documento: Documento{CPF, "52998224725"}, Nome: "Ana Segurada"}, {Documento: Documento{CPF, "11144477735"}, Nome: "Bia"}}
	plan := PlanImport(nil, held, parsed, Settings{})
	if len(plan.Errors) > 0 || plan.Counts() != (Counts{Added: 1}) || plan.Add[0].P.Nome != "Caio Novo" {
		t.Fatalf("plan: %+v %+v", plan.Counts(), plan.Errors)
	}
	want := "CPF com inscrição em andamento no Pelotão (Ana Segurada, pedido aguardando pagamento): a linha não é importada"
	if len(plan.JaInscritos) != 1 || plan.JaInscritos[0].Row != 2 || plan.JaInscritos[0].Column != "CPF" ||
		!strings.HasPrefix(plan.JaInscritos[0].Message, want) {
		t.Fatalf("notices: %+v", plan.JaInscritos)
	}
}
