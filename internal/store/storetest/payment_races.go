package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/sale"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

// testCancelRacesPayment races a cancellation and a payment of each of 200 orders (the two
// started together, ten orders at a time): each order ends paid, with its participant and the
// cancellation refused, or cancelled, with no participant, the payment refused and recorded so
// that it goes back in full. Never a cancelled order keeping its money or its participant
// (REG-182, REG-183).
func testCancelRacesPayment(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	const n, together = 200, 10
	made := make([]store.Order, n)
	for i := range made {
		o, err := s.CreateOrder(ctx, order(eventID, fmt.Sprint("racer-", i), now, store.Capacity{}, athlete("Ana Corrida", "5 km", "")))
		if err != nil {
			t.Fatal(err)
		}
		made[i] = o
	}
	buyer := store.Actor{UserID: "racer", Nome: "Ana Corrida", At: now}
	pay := func(o store.Order) store.Payment {
		return store.Payment{EndToEndID: "E-race-" + o.ID, Txid: o.Txid, Valor: o.Total, Horario: now}
	}
	cancelErr, confirmErr := make([]error, n), make([]error, n)
	for from := 0; from < n; from += together {
		var ready, done sync.WaitGroup
		gate := make(chan struct{})
		for i := from; i < from+together; i++ {
			ready.Add(2)
			done.Add(2)
			go func() {
				defer done.Done()
				ready.Done()
				<-gate
				// Half the cancellations read the order first, as the service does, so that on
				// either database the payment comes first about as often as the cancellation.
				if i%2 == 0 {
					if _, err := s.Order(ctx, made[i].ID); err != nil {
						cancelErr[i] = err
						return
					}
				}
				_, cancelErr[i] = s.CancelOrder(ctx, made[i].ID, buyer)
			}()
			go func() {
				defer done.Done()
				ready.Done()
				<-gate
				_, confirmErr[i] = s.ConfirmOrder(ctx, pay(made[i]), store.Capacity{})
			}()
		}
		ready.Wait()
		close(gate)
		done.Wait()
	}

	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	participantOf := map[string]bool{} // registration id → a participant has it
	for _, p := range ps {
		participantOf[p.Inscricao] = true
	}
	var paid, canceled int
	for i, o := range made {
		got := mustGet(t, s, o.ID)
		listed := participantOf[o.Inscricoes[0].ID]
		switch got.Status {
		case store.OrderPaid:
			paid++
			if confirmErr[i] != nil || !errors.Is(cancelErr[i], store.ErrNotPending) || !listed || len(got.Pagamentos) != 1 {
				t.Errorf("order %d paid: confirm %v, cancel %v, participant %v, %d payments", i, confirmErr[i], cancelErr[i], listed, len(got.Pagamentos))
			}
		case store.OrderCanceled:
			canceled++
			if cancelErr[i] != nil || !errors.Is(confirmErr[i], store.ErrNotPending) || listed || len(got.Pagamentos) != 1 {
				t.Errorf("order %d cancelled: cancel %v, confirm %v (want refused), participant %v, %d payments recorded (want 1, for its return)",
					i, cancelErr[i], confirmErr[i], listed, len(got.Pagamentos))
				continue
			}
			back := store.Refund{ID: "D" + o.ID, EndToEndID: got.Pagamentos[0].EndToEndID, Valor: got.Total, Motivo: "pedido cancelado",
				Status: store.RefundProcessing}
			if _, err := s.AddRefund(ctx, o.ID, back, store.Actor{Nome: "Pelotão", At: now}); err != nil {
				t.Errorf("order %d cancelled: its payment cannot go back: %v", i, err)
			}
		default:
			t.Errorf("order %d ended %s (cancel %v, confirm %v)", i, got.Status, cancelErr[i], confirmErr[i])
		}
	}
	if len(ps) != paid {
		t.Errorf("%d participants for %d paid orders", len(ps), paid)
	}
	t.Logf("%d paid, %d cancelled", paid, canceled)
}

// testImportThenPay: an order holds a CPF; the organizer's import lists it meanwhile. An import
// planned with the event's held documents leaves that row out, saying why (REG-181); one that
// adds it anyway (planned before the order) makes the order's Pix, on time or late, refused
// with the document named, recorded for its return, the order expirado — never a payment
// rolled back or the athlete twice in the event (REG-180).
func testImportThenPay(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	ana, bia := athlete("Ana Segurada", "5 km", ""), athlete("Bia Importada", "10 km", "")
	held := mustOrder(t, s, order(eventID, "held-1", now, store.Capacity{}, ana))
	mustOrder(t, s, order(eventID, "held-2", now.Add(-time.Hour), store.Capacity{}, athlete("Caio Expirado", "5 km", ""))) // its hold passed

	docs, err := s.HeldDocuments(ctx, eventID, now)
	if err != nil || len(docs) != 1 || docs[0].Nome != "Ana Segurada" || docs[0].Documento.Numero != ana.DocNumero {
		t.Fatalf("held documents: %+v %v (the expired hold is not one)", docs, err)
	}
	existing, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	fromFile := person("Ana da Planilha", "000000000", "10 km", 0)
	fromFile.Documento = participant.Documento{Tipo: ana.DocTipo, Numero: ana.DocNumero}
	parsed := participant.Parsed{Columns: []sheet.Column{{Header: "Nome", Field: participant.FieldNome}, {Header: "CPF", Field: participant.FieldDocumento},
		{Header: "Modalidade", Field: participant.FieldPercurso}},
		Rows: []participant.Row{{Line: 2, P: fromFile}, {Line: 3, P: person("Duda Nova", "333444555", "5 km", 0)}}}
	plan := participant.PlanImport(existing, docs, parsed, participant.Settings{})
	if plan.Counts() != (participant.Counts{Added: 1}) || len(plan.JaInscritos) != 1 || plan.JaInscritos[0].Row != 2 ||
		!strings.Contains(plan.JaInscritos[0].Message, "CPF com inscrição em andamento no Pelotão (Ana Segurada") {
		t.Fatalf("plan: %+v, notices %+v", plan.Counts(), plan.JaInscritos)
	}
	if err := s.ApplyImport(ctx, eventID, plan, importer); err != nil {
		t.Fatal(err)
	}

	// An import planned before the orders lists Ana (another modality) and Bia, whose late order's
	// Pix comes after.
	late := mustOrder(t, s, order(eventID, "held-3", now.Add(-time.Hour), store.Capacity{}, bia))
	if _, err := s.ExpireOrders(ctx, now); err != nil {
		t.Fatal(err)
	}
	anaFile, biaFile := fromFile, person("Bia da Planilha", "000000000", "10 km", 0)
	biaFile.Documento = participant.Documento{Tipo: bia.DocTipo, Numero: bia.DocNumero}
	importAll(t, s, eventID, anaFile, biaFile)
	for _, o := range []store.Order{held, late} {
		got, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-" + o.ID, Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{})
		var taken *store.AlreadyRegisteredError
		if !errors.As(err, &taken) || taken.Index != 0 || got.Status != store.OrderExpired || len(got.Pagamentos) != 1 ||
			got.Inscricoes[0].Status != store.RegistrationCanceled || got.Inscricoes[0].Codigo != "" {
			t.Fatalf("the Pix of %s after the import: %v, %s %+v", o.Inscricoes[0].Nome, err, got.Status, got.Inscricoes)
		}
		again, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-" + o.ID, Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{})
		if !errors.As(err, &taken) || taken.Index != 0 || again.Status != store.OrderExpired || len(again.Pagamentos) != 1 {
			t.Fatalf("the same Pix read again: %v %s", err, again.Status)
		}
		h, err := s.OrderHistory(ctx, o.ID)
		if err != nil || h[len(h)-1].Tipo != store.OrderReturnedEvent || !strings.Contains(string(h[len(h)-1].Detalhe), sale.DocumentTakenNote) {
			t.Fatalf("history: %+v %v", h, err)
		}
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[participant.Documento]bool{}
	for _, p := range ps {
		if seen[p.Documento] || p.Origem == participant.OrigemPelotao {
			t.Fatalf("participants: %v (each document once, none sold)", names(ps))
		}
		seen[p.Documento] = true
	}
	if len(ps) != 3 {
		t.Fatalf("participants: %v, want Duda, Ana and Bia from the files", names(ps))
	}
	if docs, err := s.HeldDocuments(ctx, eventID, now); err != nil || len(docs) != 0 {
		t.Fatalf("held after the refusals: %+v %v", docs, err)
	}
}

// testRefusalReadAgain: a payment the store refused, read again (a webhook delivered again, the
// reconciliation's tick, the day's statement), answers the same refusal — the athlete whose
// document was imported meanwhile (the second of two, the import in another modality), an order
// cancelled or paid before, a late payment without room — and the payment that confirmed its
// order answers nil, so that a return lost between the refusal and its refund is made when the
// payment is read again, and never a refused payment confirmed later (REG-301).
func testRefusalReadAgain(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	pay := func(o store.Order, e2e string, c store.Capacity) (store.Order, error) {
		return s.ConfirmOrder(ctx, store.Payment{EndToEndID: e2e, Txid: o.Txid, Valor: o.Total, Horario: now}, c)
	}
	type answer struct {
		o    store.Order
		e2e  string
		want func(error) bool
	}
	var answers []answer
	check := func(what string, o store.Order, e2e string, c store.Capacity, want func(error) bool) {
		t.Helper()
		got, err := pay(o, e2e, c)
		if !want(err) {
			t.Fatalf("%s: %v (%s)", what, err, got.Status)
		}
		answers = append(answers, answer{o, e2e, want})
	}
	taken := func(i int) func(error) bool {
		return func(err error) bool {
			var ar *store.AlreadyRegisteredError
			return errors.As(err, &ar) && ar.Index == i
		}
	}
	is := func(target error) func(error) bool { return func(err error) bool { return errors.Is(err, target) } }
	none := func(err error) bool { return err == nil }

	ana, bia := athlete("Ana Primeira", "5 km", ""), athlete("Bia Segunda", "5 km", "")
	two := mustOrder(t, s, order(eventID, "again-1", now, store.Capacity{}, ana, bia))
	biaFile := person("Bia da Planilha", "000000000", "10 km", 0) // another modality: the same athlete
	biaFile.Documento = participant.Documento{Tipo: bia.DocTipo, Numero: bia.DocNumero}
	importAll(t, s, eventID, biaFile)
	check("the Pix after Bia's import", two, "E-again-1", store.Capacity{}, taken(1))

	canceled := mustOrder(t, s, order(eventID, "again-2", now, store.Capacity{}, athlete("Caio Cancelado", "5 km", "")))
	if _, err := s.CancelOrder(ctx, canceled.ID, store.Actor{UserID: "again-2", Nome: "Caio", At: now}); err != nil {
		t.Fatal(err)
	}
	check("the Pix of a cancelled order", canceled, "E-again-2", store.Capacity{}, is(store.ErrNotPending))

	paid := mustOrder(t, s, order(eventID, "again-3", now, store.Capacity{}, athlete("Duda Paga", "5 km", "")))
	check("the Pix of an order", paid, "E-again-3", store.Capacity{}, none)
	check("a second Pix of the paid order", paid, "E-again-3b", store.Capacity{}, is(store.ErrNotPending))

	full := store.Capacity{Modalidades: map[string]int{"21,1 km": 1}}
	mustOrder(t, s, order(eventID, "again-4", now, full, athlete("Eva Segura", "21,1 km", "")))
	late := mustOrder(t, s, order(eventID, "again-5", now.Add(-time.Hour), store.Capacity{}, athlete("Fabi Atrasada", "21,1 km", "")))
	check("a late Pix without room", late, "E-again-5", full, is(store.ErrSoldOut))

	for _, a := range answers {
		before := mustGet(t, s, a.o.ID)
		got, err := pay(a.o, a.e2e, store.Capacity{}) // read again with room: a refusal stays one
		if !a.want(err) || got.Status != before.Status || len(got.Pagamentos) != len(before.Pagamentos) {
			t.Errorf("%s read again: %v, %s (was %s)", a.e2e, err, got.Status, before.Status)
		}
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil || len(ps) != 2 {
		t.Fatalf("participants: %v %v, want Bia's import and Duda", names(ps), err)
	}
}
