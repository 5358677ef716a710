package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// ORG-14: an account's organizer panel is every event it owns or holds a verified team role on,
// newest first, each with its participants, kits, result sets and money, whatever else the
// database holds.
func testPanel(t *testing.T, s store.Store) {
	ctx := context.Background()
	now := time.Now()
	mustCreateUser(t, s, "dono-1", "dono@example.com")
	mustCreateVerifiedUser(t, s, "u-ana", "ana@example.com")
	mustCreateVerifiedUser(t, s, "u-bia", "bia@example.com")
	mustCreateUser(t, s, "u-caio", "caio@example.com") // never verified
	busy := create(t, s, sampleEvent("Corrida Movimentada", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	quiet := create(t, s, sampleEvent("Corrida Tranquila", event.NewDate(2027, time.January, 10), "Natal", "RN"))
	others := sampleEvent("Corrida de Outra Dona", event.NewDate(2026, time.October, 4), "Olinda", "PE")
	others.OwnerID = "dono-2"
	theirs := create(t, s, others)
	addStaff(t, s, busy.ID, "ana@example.com", team.Gestao, staffT0)
	addStaff(t, s, busy.ID, "caio@example.com", team.Gestao, staffT0)
	addStaff(t, s, theirs.ID, "bia@example.com", team.Retirada, staffT0)

	valor := func(v money.Centavos, p participant.Participant) participant.Participant {
		p.Valor = &v
		return p
	}
	unpaid := person("Caio Devendo", "300000001", "5 km", 3)
	unpaid.Pago = false
	importAll(t, s, busy.ID, valor(5000, person("Ana Paga", "300000002", "5 km", 1)), valor(7000, person("Bia Paga", "300000003", "5 km", 2)),
		valor(4000, unpaid))
	importAll(t, s, theirs.ID, person("Davi Alheio", "300000004", "5 km", 1)) // another owner's figures stay theirs
	list, err := s.EventParticipants(ctx, busy.ID)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, busy.ID, pickup("painel-1", list[0].ID, "1", now))
	for _, set := range []results.Set{{EventID: busy.ID, Percurso: "5 km", Status: results.Oficial},
		{EventID: busy.ID, Percurso: "21,1 km", Status: results.Preliminar}, {EventID: theirs.ID, Percurso: "5 km", Status: results.Oficial}} {
		if _, err := s.ReplaceResultSet(ctx, set, SampleResults(3, "P")); err != nil {
			t.Fatal(err)
		}
	}
	// Two athletes sold here (R$ 89,90 each), R$ 10,00 of it returned; a refund still in progress
	// and an order not paid count for nothing.
	o := paidOrder(t, s, busy.ID, "painel-comprador", now, store.Capacity{}, athlete("Eva Comprou", "5 km", "1º lote"), athlete("Fábio Comprou", "5 km", "1º lote"))
	mustOrder(t, s, order(busy.ID, "painel-outro", now, store.Capacity{}, athlete("Gil Aguardando", "5 km", "1º lote")))
	paidOrder(t, s, theirs.ID, "painel-alheio", now, store.Capacity{}, athlete("Hugo Alheio", "5 km", "1º lote"))
	by := store.Actor{At: now}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "DP1", EndToEndID: o.Pagamentos[0].EndToEndID, Valor: 1000}, by); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetRefundStatus(ctx, "DP1", store.RefundReturned, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "DP2", EndToEndID: o.Pagamentos[0].EndToEndID, Valor: 500}, by); err != nil {
		t.Fatal(err)
	}

	busyFigures := store.PanelEvent{ID: busy.ID, Participants: 5, Paid: 4, KitsPickedUp: 1, ValorPago: 5000 + 7000 + 2*8990,
		ValorPendente: 4000, Official: 1, Preliminary: 1, Received: 2 * 8990, Refunded: 1000}
	with := func(e store.PanelEvent, role team.Role) store.PanelEvent {
		e.Role = role
		return e
	}
	for _, c := range []struct {
		user string
		want []store.PanelEvent
	}{
		{"dono-1", []store.PanelEvent{{ID: quiet.ID, Role: team.Owner}, with(busyFigures, team.Owner)}},
		{"u-ana", []store.PanelEvent{with(busyFigures, team.Gestao)}},
		{"u-bia", []store.PanelEvent{{ID: theirs.ID, Role: team.Retirada, Participants: 2, Paid: 2, ValorPago: 8990, Official: 1, Received: 8990}}},
		{"u-caio", nil}, // an unverified account holds no role (TEAM-6)
		{"ninguem", nil},
	} {
		got, err := s.Panel(ctx, c.user)
		if err != nil {
			t.Fatalf("panel of %s: %v", c.user, err)
		}
		if got == nil || len(got) != len(c.want) {
			t.Fatalf("panel of %s: %d events %+v, want %d", c.user, len(got), got, len(c.want))
		}
		for i, e := range got {
			var summary event.Summary
			if err := json.Unmarshal(e.Summary, &summary); err != nil || summary.ID != e.ID {
				t.Errorf("panel of %s: summary %s of %s (%v)", c.user, e.Summary, e.ID, err)
			}
			e.Summary = nil
			if !reflect.DeepEqual(e, c.want[i]) {
				t.Errorf("panel of %s, event %d:\n got %+v\nwant %+v", c.user, i, e, c.want[i])
			}
		}
	}
}
