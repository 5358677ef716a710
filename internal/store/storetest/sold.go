package storetest

import (
	"context"
	"strings"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

// testSoldRegistrations: the participants a paid order makes are found by their registration
// code however typed (REG-141), carry their code, category, registration id and whether they had
// the 60+ half price in lists and in the kit desk's roster (REG-142, REG-145), and an import that
// lists one of their documents leaves them as they are (REG-143); a minor's guardian, from the
// registration's athlete, is the participant's in lists and roster (REG-253).
func testSoldRegistrations(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	importAll(t, s, eventID, person("Zeca Importado", "111222333", "5 km", 0))
	if err := s.SaveCoupon(ctx, store.Coupon{EventID: eventID, Codigo: "Amigos10", Tipo: store.CouponPercent, Valor: 1000, Ativo: true}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ana := athlete("Ana Sessenta", "5 km", "") // 60 or more: half price, no coupon
	ana.Desconto, ana.Total = 4495, 4495
	bia := athlete("Bia Cupom", "5 km", "")
	bia.UsaCupom, bia.Desconto, bia.Total = true, 899, 8091
	caio := athlete("Caio Cheio", "5 km", "")
	caio.Atleta = []byte(`{"sexo":"M","nascimento":"2012-01-05","responsavel":{"nome":"Marta Cheio","documento":{"tipo":"cpf","numero":"52998224725"}}}`)
	guardian := participant.Responsavel{Nome: "Marta Cheio", Documento: participant.Documento{Tipo: participant.CPF, Numero: "52998224725"}}
	o := order(eventID, "comprador", now, store.Capacity{}, ana, bia, caio)
	o.Cupom = "amigos10"
	made := mustOrder(t, s, o)
	paid, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E12345678202611261200codigos0001", Txid: made.Txid, Valor: made.Total, Horario: now}, store.Capacity{})
	if err != nil || len(paid.Inscricoes) != 3 {
		t.Fatalf("confirm: %+v %v", paid, err)
	}

	check := func(where string, p participant.Participant, r store.Registration) {
		t.Helper()
		if p.Origem != participant.OrigemPelotao || p.Codigo != r.Codigo || p.Categoria != "Geral" || p.InscricaoID != r.ID ||
			p.MeiaEntrada != (r.Nome == "Ana Sessenta") {
			t.Errorf("%s: %s: %+v", where, r.Nome, p)
		}
		if r.Nome == "Caio Cheio" && (p.Responsavel == nil || *p.Responsavel != guardian) || r.Nome != "Caio Cheio" && p.Responsavel != nil {
			t.Errorf("%s: %s's guardian: %+v", where, r.Nome, p.Responsavel)
		}
	}
	for _, r := range paid.Inscricoes {
		c := r.Codigo
		for _, q := range []string{c, strings.ToLower(c[:4] + "-" + c[4:8] + "-" + c[8:]), " " + c[:5] + " " + c[5:]} {
			page, err := s.ListParticipants(ctx, store.ParticipantQuery{EventID: eventID, Q: q})
			if err != nil || page.Total != 1 || len(page.Participants) != 1 || page.Participants[0].Nome != r.Nome {
				t.Fatalf("search %q for %s: %v (total %d), %v", q, r.Nome, names(page.Participants), page.Total, err)
			}
			check("search "+q, *page.Participants[0], r)
		}
		if page, err := s.ListParticipants(ctx, store.ParticipantQuery{EventID: eventID, Q: c[:6]}); err != nil || page.Total != 0 {
			t.Errorf("part of a code %q: %v, %v", c[:6], names(page.Participants), err)
		}
	}
	roster, _, err := s.Roster(ctx, eventID, 0)
	if err != nil || len(roster) != 4 {
		t.Fatalf("roster: %d %v", len(roster), err)
	}
	byName := map[string]participant.Participant{}
	for _, p := range roster {
		byName[p.Nome] = p
	}
	for _, r := range paid.Inscricoes {
		check("roster", byName[r.Nome], r)
	}
	if z := byName["Zeca Importado"]; z.Origem != participant.OrigemImportacao || z.Codigo != "" || z.InscricaoID != "" || z.MeiaEntrada {
		t.Errorf("the imported participant: %+v", z)
	}

	// Tomorrow's file from another platform lists Ana (another shirt) and someone new.
	before := byName["Ana Sessenta"]
	existing, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	fromFile := person("Ana da Planilha", "000000000", "10 km", 0)
	fromFile.Documento, fromFile.Camiseta = before.Documento, "GG"
	parsed := participant.Parsed{Columns: []sheet.Column{{Header: "Nome", Field: participant.FieldNome}, {Header: "CPF", Field: participant.FieldDocumento},
		{Header: "Modalidade", Field: participant.FieldPercurso}, {Header: "Camiseta", Field: participant.FieldCamiseta}},
		Rows: []participant.Row{{Line: 2, P: fromFile}, {Line: 3, P: person("Duda Nova", "333444555", "5 km", 0)}}}
	plan := participant.PlanImport(existing, nil, parsed, participant.Settings{})
	if plan.Counts() != (participant.Counts{Added: 1, Missing: 1}) || len(plan.JaInscritos) != 1 || plan.JaInscritos[0].Row != 2 ||
		!strings.Contains(plan.JaInscritos[0].Message, "já inscrito pelo Pelotão") {
		t.Fatalf("plan: %+v, notices %+v", plan.Counts(), plan.JaInscritos)
	}
	if err := s.ApplyImport(ctx, eventID, plan, importer); err != nil {
		t.Fatal(err)
	}
	after, err := s.GetParticipant(ctx, eventID, before.ID)
	if err != nil || after.Nome != before.Nome || after.Camiseta != before.Camiseta || after.Percurso != before.Percurso || after.Rev != before.Rev {
		t.Fatalf("the sold registration changed: %+v, was %+v (%v)", after, before, err)
	}
	if all, err := s.EventParticipants(ctx, eventID); err != nil || len(all) != 5 {
		t.Fatalf("participants after the import: %v, %v", names(all), err)
	}
}
