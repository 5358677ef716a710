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
// planned with the event's held documents leaves that row out, saying why (REG-181); one planned
// before the order refuses itself while the CPF is held (REG-303), and lands once the hold
// passed, making the order's late Pix refused with the document named, recorded for its return,
// the order expirado — never a payment rolled back or the athlete twice in the event (REG-180).
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
	// Pix comes after: while Ana's order holds her CPF it refuses itself whole (REG-303), and her
	// Pix confirms her order; sent again without Ana, it lands, and Bia's late Pix is refused.
	late := mustOrder(t, s, order(eventID, "held-3", now.Add(-time.Hour), store.Capacity{}, bia))
	if _, err := s.ExpireOrders(ctx, now); err != nil {
		t.Fatal(err)
	}
	anaFile, biaFile := fromFile, person("Bia da Planilha", "000000000", "10 km", 0)
	biaFile.Documento = participant.Documento{Tipo: bia.DocTipo, Numero: bia.DocNumero}
	both := participant.Plan{Add: []participant.Row{{Line: 2, P: anaFile}, {Line: 3, P: biaFile}}}
	if err := s.ApplyImport(ctx, eventID, both, importer); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an import of a held CPF planned before its order: %v, want ErrConflict", err)
	}
	importAll(t, s, eventID, biaFile)
	paid, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-" + held.ID, Txid: held.Txid, Valor: held.Total, Horario: now}, store.Capacity{})
	if err != nil || paid.Status != store.OrderPaid {
		t.Fatalf("Ana's Pix, her CPF never imported: %v %s", err, paid.Status)
	}
	got, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-" + late.ID, Txid: late.Txid, Valor: late.Total, Horario: now}, store.Capacity{})
	var taken *store.AlreadyRegisteredError
	if !errors.As(err, &taken) || taken.Index != 0 || got.Status != store.OrderExpired || len(got.Pagamentos) != 1 ||
		got.Inscricoes[0].Status != store.RegistrationCanceled || got.Inscricoes[0].Codigo != "" {
		t.Fatalf("Bia's late Pix after the import: %v, %s %+v", err, got.Status, got.Inscricoes)
	}
	again, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-" + late.ID, Txid: late.Txid, Valor: late.Total, Horario: now}, store.Capacity{})
	if !errors.As(err, &taken) || taken.Index != 0 || again.Status != store.OrderExpired || len(again.Pagamentos) != 1 {
		t.Fatalf("the same Pix read again: %v %s", err, again.Status)
	}
	h, err := s.OrderHistory(ctx, late.ID)
	if err != nil || h[len(h)-1].Tipo != store.OrderReturnedEvent || !strings.Contains(string(h[len(h)-1].Detalhe), sale.DocumentTakenNote) {
		t.Fatalf("history: %+v %v", h, err)
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[participant.Documento]bool{}
	for _, p := range ps {
		if seen[p.Documento] || (p.Origem == participant.OrigemPelotao) != (p.Documento.Numero == ana.DocNumero) {
			t.Fatalf("participants: %v (each document once, Ana sold)", names(ps))
		}
		seen[p.Documento] = true
	}
	if len(ps) != 3 {
		t.Fatalf("participants: %v, want Duda and Bia from the files, Ana sold", names(ps))
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
	// Late, so that Bia's CPF can be imported; in another modality: the same athlete.
	two := mustOrder(t, s, order(eventID, "again-1", now.Add(-time.Hour), store.Capacity{}, ana, bia))
	biaFile := person("Bia da Planilha", "000000000", "10 km", 0)
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

// testImportRacesPayment races, for each of 200 orders (ten at a time; half of them paid late,
// their hold passed), the order's Pix and an import planned before the order that adds its
// athlete's CPF in another modality, where the participants' unique index does not look. Each CPF
// ends once in the event: the Pix first, the order paid and the import refused (ErrConflict: its
// row is sold now; sent again, its plan reports it); the import first, the order held, the import
// refused all the same (its row is held); the import first, the hold passed, the athlete imported
// and the Pix refused, recorded for its return, the order expirado (REG-180, REG-181, REG-303).
func testImportRacesPayment(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	const n, together = 200, 10
	made := make([]store.Order, n)
	plans := make([]participant.Plan, n)
	for i := range made {
		created := now
		if i%2 == 1 {
			created = now.Add(-time.Hour) // its hold passed: a late Pix
		}
		a := athlete("Ana Corrida", "5 km", "")
		made[i] = mustOrder(t, s, order(eventID, fmt.Sprint("import-racer-", i), created, store.Capacity{}, a))
		row := person(fmt.Sprint("Ana da Planilha ", i), "000000000", "10 km", 0)
		row.Documento = participant.Documento{Tipo: a.DocTipo, Numero: a.DocNumero}
		plans[i] = participant.Plan{Add: []participant.Row{{Line: 2, P: row}}}
	}
	importErr, confirmErr := make([]error, n), make([]error, n)
	for from := 0; from < n; from += together {
		var done sync.WaitGroup
		gate := make(chan struct{})
		for i := from; i < from+together; i++ {
			done.Go(func() {
				<-gate
				importErr[i] = s.ApplyImport(ctx, eventID, plans[i], store.Actor{UserID: "dona", Nome: "Dona", At: time.Now()})
			})
			done.Go(func() {
				<-gate
				o := made[i]
				_, confirmErr[i] = s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-import-race-" + o.ID, Txid: o.Txid, Valor: o.Total, Horario: now},
					store.Capacity{})
			})
		}
		close(gate)
		done.Wait()
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	byNumber := map[string][]participant.Participant{}
	for _, p := range ps {
		byNumber[p.Documento.Numero] = append(byNumber[p.Documento.Numero], p)
	}
	outcomes := map[string]int{}
	for i, o := range made {
		got := mustGet(t, s, o.ID)
		there := byNumber[o.Inscricoes[0].DocNumero]
		var taken *store.AlreadyRegisteredError
		switch {
		case len(there) != 1:
			t.Errorf("order %d (%s; import %v, Pix %v): its CPF %d times in the event", i, got.Status, importErr[i], confirmErr[i], len(there))
		case got.Status == store.OrderPaid && confirmErr[i] == nil && errors.Is(importErr[i], store.ErrConflict) &&
			there[0].Origem == participant.OrigemPelotao:
			outcomes["pago, importação recusada"]++
		case got.Status == store.OrderExpired && errors.As(confirmErr[i], &taken) && importErr[i] == nil && len(got.Pagamentos) == 1 &&
			got.Inscricoes[0].Status == store.RegistrationCanceled && there[0].Origem != participant.OrigemPelotao:
			outcomes["importado, Pix recusado"]++
		default:
			t.Errorf("order %d ended %s: import %v, Pix %v, participant %s", i, got.Status, importErr[i], confirmErr[i], there[0].Origem)
		}
	}
	t.Logf("%v", outcomes)
}
