package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// paidOrder makes and confirms an order of the given athletes, paid at now.
func paidOrder(t *testing.T, s store.Store, eventID, buyer string, now time.Time, c store.Capacity, items ...store.NewRegistration) store.Order {
	t.Helper()
	o := mustOrder(t, s, order(eventID, buyer, now, c, items...))
	paid, err := s.ConfirmOrder(context.Background(), store.Payment{EndToEndID: "E" + o.Txid, Txid: o.Txid, Valor: o.Total, Horario: now}, c)
	if err != nil {
		t.Fatal(err)
	}
	return paid
}

// REG-105: a paid order refunded in full takes its participants out of the event (lists, totals,
// documents) and the roster asked from a cursor names them as removed; the registrations stay,
// cancelled, in the order with its history; the slot is free again.
func testRefundRemovesParticipants(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"5 km": 2}}
	now := time.Now()
	importAll(t, s, eventID, person("Zeca Importado", "111222333", "5 km", 0))
	o := paidOrder(t, s, eventID, "rm-1", now, c, athlete("Ana Sai", "5 km", ""), athlete("Bia Sai", "5 km", ""))
	_, cursor, err := s.Roster(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if sum, _ := s.ParticipantSummary(ctx, eventID); sum.Total != 3 {
		t.Fatalf("before the refund: %d participants", sum.Total)
	}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "DRM1", EndToEndID: o.Pagamentos[0].EndToEndID, Valor: o.Total, Motivo: "m"},
		store.Actor{UserID: "dono", At: now}); err != nil {
		t.Fatal(err)
	}
	pending, err := s.RefundsInProgress(ctx)
	if err != nil || len(pending) == 0 || pending[len(pending)-1].OrderID != o.ID {
		t.Fatalf("refunds in progress: %+v %v", pending, err)
	}
	got, err := s.SetRefundStatus(ctx, "DRM1", store.RefundReturned, now)
	if err != nil || got.Status != store.OrderRefunded {
		t.Fatalf("refunded: %+v %v", got, err)
	}
	for _, r := range got.Inscricoes {
		if r.Status != store.RegistrationCanceled || r.Codigo == "" {
			t.Errorf("registration after the refund: %+v", r)
		}
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil || len(ps) != 1 || ps[0].Nome != "Zeca Importado" {
		t.Fatalf("participants after the refund: %+v %v", ps, err)
	}
	if sum, _ := s.ParticipantSummary(ctx, eventID); sum.Total != 1 {
		t.Fatalf("totals after the refund: %d", sum.Total)
	}
	if page, err := s.ListParticipants(ctx, store.ParticipantQuery{EventID: eventID}); err != nil || page.Total != 1 {
		t.Fatalf("list after the refund: %d %v", page.Total, err)
	}
	delta, next, err := s.Roster(ctx, eventID, cursor)
	if err != nil || len(delta) != 2 || next <= cursor {
		t.Fatalf("roster delta: %+v %d %v", delta, next, err)
	}
	for _, p := range delta {
		if !p.Removido || (p.ID != o.Inscricoes[0].ParticipantID && p.ID != o.Inscricoes[1].ParticipantID) {
			t.Errorf("roster delta entry %+v, want a removal of the order's participants", p)
		}
	}
	if all, _, _ := s.Roster(ctx, eventID, 0); len(all) != 1 || all[0].Removido {
		t.Fatalf("a first roster read lists removals: %+v", all)
	}
	if h, _ := s.OrderHistory(ctx, o.ID); len(h) < 4 {
		t.Fatalf("the order's history was not kept: %+v", h)
	}
	again := athlete("Ana Sai", "5 km", "")
	again.DocNumero = o.Inscricoes[0].DocNumero
	mustOrder(t, s, order(eventID, "rm-2", now, c, again, athlete("Caio Entra", "5 km", ""))) // slots and the document are free

	got = mustOrder(t, s, order(eventID, "rm-3", now, store.Capacity{}, freeAthlete("Duda Gratis", "Caminhada")))
	if got, err = s.CancelOrder(ctx, got.ID, store.Actor{UserID: "rm-3", At: now}); err != nil || got.Status != store.OrderCanceled {
		t.Fatalf("a free order cancelled: %+v %v", got, err)
	}
	if ps, _ := s.EventParticipants(ctx, eventID); len(ps) != 1 {
		t.Fatalf("a cancelled free order's participant stays: %d participants", len(ps))
	}
}

// REG-114: a payment that confirms nothing is recorded once, for its return; the order is
// found by its txid and by a registration.
func testRecordPayment(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "rp-1", now, store.Capacity{}, athlete("Ana Diverge", "5 km", "")))
	p := store.Payment{EndToEndID: "E-diverge", Txid: o.Txid, Valor: o.Total - 1, Horario: now}
	for range 2 {
		got, err := s.RecordPayment(ctx, p, "valor diferente")
		if err != nil || got.Status != store.OrderAwaiting || len(got.Pagamentos) != 1 {
			t.Fatalf("recorded: %+v %v", got, err)
		}
	}
	if _, err := s.RecordPayment(ctx, store.Payment{EndToEndID: "E-x", Txid: "NENHUM", Valor: 1, Horario: now}, "m"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown txid: %v", err)
	}
	if got, err := s.OrderByTxid(ctx, o.Txid); err != nil || got.ID != o.ID {
		t.Fatalf("by txid: %+v %v", got, err)
	}
	if got, err := s.OrderOfRegistration(ctx, o.Inscricoes[0].ID); err != nil || got.ID != o.ID {
		t.Fatalf("of registration: %+v %v", got, err)
	}
	if _, err := s.OrderByTxid(ctx, "NENHUM"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown txid: %v", err)
	}
	h, _ := s.OrderHistory(ctx, o.ID)
	if len(h) != 2 || h[1].Tipo != store.OrderReturnedEvent {
		t.Fatalf("history: %+v", h)
	}
}

// REG-102: the finance figures: received, returned (DEVOLVIDO only), orders by status (a hold
// passed counts as expired) and the confirmed registrations with their lot, modality and day.
func testFinance(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	a := paidOrder(t, s, eventID, "f-1", now, store.Capacity{}, athlete("Ana", "5 km", "1º lote"), athlete("Bia", "21,1 km", "1º lote"))
	paidOrder(t, s, eventID, "f-2", now, store.Capacity{}, athlete("Caio", "5 km", "2º lote"))
	mustOrder(t, s, order(eventID, "f-3", now, store.Capacity{}, athlete("Davi", "5 km", "2º lote")))
	mustOrder(t, s, order(eventID, "f-4", now.Add(-time.Hour), store.Capacity{}, athlete("Eva", "5 km", "2º lote")))
	by := store.Actor{At: now}
	if _, err := s.AddRefund(ctx, a.ID, store.Refund{ID: "DF1", EndToEndID: a.Pagamentos[0].EndToEndID, Valor: 1000}, by); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetRefundStatus(ctx, "DF1", store.RefundReturned, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRefund(ctx, a.ID, store.Refund{ID: "DF2", EndToEndID: a.Pagamentos[0].EndToEndID, Valor: 500}, by); err != nil {
		t.Fatal(err) // still in progress: not counted as returned
	}
	f, err := s.EventFinance(ctx, eventID, now)
	if err != nil {
		t.Fatal(err)
	}
	if f.Recebido != 3*8990 || f.Reembolsado != 1000 {
		t.Errorf("received %d, refunded %d; want %d and 1000", f.Recebido, f.Reembolsado, 3*8990)
	}
	// REG-272: the refund under way is counted apart, as soon as it is asked.
	if f.ReembolsoEmProcessamento != 500 {
		t.Errorf("refunding %d, want 500", f.ReembolsoEmProcessamento)
	}
	if f.Pedidos[store.OrderPaid] != 2 || f.Pedidos[store.OrderAwaiting] != 1 || f.Pedidos[store.OrderExpired] != 1 {
		t.Errorf("orders by status: %v", f.Pedidos)
	}
	lots := map[string]int{}
	for _, g := range f.Vendas {
		lots[g.Lote] += g.Inscricoes
		// Paid moments ago: the group's hour holds the payment (or the one before, past the hour).
		if g.Total != money.Centavos(g.Inscricoes)*8990 || g.Hora.Minute() != 0 || time.Since(g.Hora) > 2*time.Hour || g.Hora.After(time.Now()) {
			t.Errorf("sold %+v", g)
		}
	}
	if lots["1º lote"] != 2 || lots["2º lote"] != 1 || len(lots) != 2 {
		t.Errorf("sold registrations: %+v", f.Vendas)
	}
}

// REG-111: an edit writes the registration, its participant (with a new rev, so the kit roster
// sees it) and the order's history; a document registered in the event is refused.
func testEditRegistration(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	o := paidOrder(t, s, eventID, "ed-1", now, store.Capacity{}, athlete("Ana Edita", "5 km", ""))
	other := paidOrder(t, s, eventID, "ed-2", now, store.Capacity{}, athlete("Bia Outra", "5 km", ""))
	_, cursor, err := s.Roster(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	reg := o.Inscricoes[0]
	doc := participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF("987654321")}
	by := store.Actor{UserID: "dono", Nome: "Dona", At: now}
	got, err := s.EditRegistration(ctx, reg.ID, store.RegistrationEdit{Nome: "Ana Edita Silva", Documento: doc, Categoria: "F30",
		Camiseta: "G", Atleta: []byte(`{"equipe":"Pelotão Runners","sexo":"F"}`),
		Changes: map[string]store.Change{"camiseta": {De: "M", Para: "G"}, "documento": {De: reg.DocNumero, Para: doc.Numero}}}, by)
	if err != nil || got.Inscricoes[0].Camiseta != "G" || got.Inscricoes[0].Nome != "Ana Edita Silva" || got.Inscricoes[0].Categoria != "F30" {
		t.Fatalf("edited: %+v %v", got, err)
	}
	delta, _, err := s.Roster(ctx, eventID, cursor)
	if err != nil || len(delta) != 1 || delta[0].Camiseta != "G" || delta[0].Equipe != "Pelotão Runners" ||
		delta[0].Documento != doc || delta[0].Categoria != "F30" || delta[0].Codigo != reg.Codigo {
		t.Fatalf("the participant after the edit: %+v %v", delta, err)
	}
	h, _ := s.OrderHistory(ctx, o.ID)
	if last := h[len(h)-1]; last.Tipo != store.OrderEditedEvent || last.Por != "dono" || len(last.Detalhe) == 0 {
		t.Fatalf("history: %+v", h)
	}
	taken := store.RegistrationEdit{Nome: "Ana", Documento: participant.Documento{Tipo: participant.CPF, Numero: other.Inscricoes[0].DocNumero},
		Camiseta: "G", Atleta: []byte(`{}`), Changes: map[string]store.Change{"documento": {}}}
	if _, err := s.EditRegistration(ctx, reg.ID, taken, by); !errors.Is(err, store.ErrAlreadyRegistered) {
		t.Fatalf("a document taken: %v", err)
	}
	if _, err := s.EditRegistration(ctx, "nenhuma", taken, by); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown registration: %v", err)
	}
	if page, _ := s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: "silva"}); page.Total != 1 {
		t.Fatalf("the new name is not searchable: %d", page.Total)
	}
}
