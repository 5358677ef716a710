package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/store"
)

// REG-240, REG-241: one registration of a paid order of two is cancelled alone: it becomes
// cancelada with its refund recorded, its participant leaves the event (the roster names the
// removal once), its slots and document are free, the order stays pago; the other registration
// stays. It cannot be cancelled twice; the last confirmed registration is refused
// (ErrLastRegistration) and a refund larger than what is left writes nothing.
func testCancelRegistration(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	c := store.Capacity{Modalidades: map[string]int{"5 km": 2}, Lotes: map[string]int{"L1": 2}}
	o := paidOrder(t, s, eventID, "rc-1", now, c, athlete("Ana Fica", "5 km", "L1"), athlete("Bia Sai", "5 km", "L1"))
	ana, bia := o.Inscricoes[0], o.Inscricoes[1]
	_, cursor, err := s.Roster(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	by := store.Actor{UserID: "rc-1", Nome: "Rita Compradora", At: now}
	refund := store.Refund{ID: "DRC1", EndToEndID: o.Pagamentos[0].EndToEndID, Valor: bia.Total, Motivo: "A inscrição de Bia Sai foi cancelada."}
	got, err := s.CancelRegistration(ctx, bia.ID, []store.Refund{refund}, by)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != store.OrderPaid || got.Inscricoes[1].Status != store.RegistrationCanceled ||
		got.Inscricoes[0].Status != store.RegistrationConfirmed {
		t.Fatalf("after cancelling one registration: %+v", got)
	}
	if len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != bia.Total || got.Reembolsos[0].Status != store.RefundProcessing {
		t.Fatalf("the registration's refund: %+v", got.Reembolsos)
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil || len(ps) != 1 || ps[0].Inscricao != ana.ID {
		t.Fatalf("participants after cancelling Bia: %+v %v", ps, err)
	}
	delta, next, err := s.Roster(ctx, eventID, cursor)
	if err != nil || len(delta) != 1 || !delta[0].Removido || delta[0].ID != bia.ParticipantID {
		t.Fatalf("roster delta: %+v %v", delta, err)
	}
	taken, err := s.TakenCounts(ctx, eventID, now)
	if err != nil || taken.Evento != 1 || taken.Modalidades["5 km"] != 1 || taken.Lotes["L1"] != 1 {
		t.Fatalf("counts after cancelling one registration: %+v %v", taken, err)
	}
	h, err := s.OrderHistory(ctx, o.ID)
	if err != nil || h[len(h)-1].Tipo != store.OrderRegistrationCanceledEvent || !strings.Contains(string(h[len(h)-1].Detalhe), `"nome":"Bia Sai"`) {
		t.Fatalf("history: %+v %v", h, err)
	}

	if _, err := s.CancelRegistration(ctx, bia.ID, nil, by); !errors.Is(err, store.ErrNotPending) {
		t.Fatalf("cancelled twice: %v", err)
	}
	if _, err := s.CancelRegistration(ctx, ana.ID, nil, by); !errors.Is(err, store.ErrLastRegistration) {
		t.Fatalf("the last confirmed registration alone: %v", err)
	}
	if _, err := s.CancelRegistration(ctx, "nao-existe", nil, by); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown registration: %v", err)
	}
	unpaid := mustOrder(t, s, order(eventID, "rc-2", now, store.Capacity{}, athlete("Caio Espera", "10 km", ""), athlete("Duda Espera", "10 km", "")))
	if _, err := s.CancelRegistration(ctx, unpaid.Inscricoes[0].ID, nil, by); !errors.Is(err, store.ErrNotPending) {
		t.Fatalf("a registration of an unpaid order: %v", err)
	}
	// A slot of the modality and of the lot, and Bia's document, are free again.
	again := athlete("Bia Volta", "5 km", "L1")
	again.DocNumero = bia.DocNumero
	mustOrder(t, s, order(eventID, "rc-3", now, c, again))

	// A refund larger than its payment has left writes nothing: the registration stays confirmed.
	p := paidOrder(t, s, eventID, "rc-4", now, store.Capacity{}, athlete("Eva Dois", "10 km", ""), athlete("Fabi Dois", "10 km", ""))
	big := store.Refund{ID: "DRC2", EndToEndID: p.Pagamentos[0].EndToEndID, Valor: p.Total + 1, Motivo: "m"}
	if _, err := s.CancelRegistration(ctx, p.Inscricoes[0].ID, []store.Refund{big}, by); !errors.Is(err, store.ErrRefundTooLarge) {
		t.Fatalf("a refund too large: %v", err)
	}
	if p, err = s.Order(ctx, p.ID); err != nil || p.Inscricoes[0].Status != store.RegistrationConfirmed || len(p.Reembolsos) != 0 {
		t.Fatalf("after a refused cancellation: %+v %v", p, err)
	}

	// The rest refunded in full: the order ends reembolsado, and only Ana leaves now (Bia left before).
	if _, err := s.SetRefundStatus(ctx, "DRC1", store.RefundReturned, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "DRC3", EndToEndID: o.Pagamentos[0].EndToEndID, Valor: ana.Total, Motivo: "m"}, by); err != nil {
		t.Fatal(err)
	}
	if got, err = s.SetRefundStatus(ctx, "DRC3", store.RefundReturned, now); err != nil || got.Status != store.OrderRefunded {
		t.Fatalf("the rest refunded: %+v %v", got, err)
	}
	if delta, _, err = s.Roster(ctx, eventID, next); err != nil {
		t.Fatal(err)
	}
	removed := 0
	for _, d := range delta {
		if d.Removido {
			removed++
			if d.ID != ana.ParticipantID {
				t.Errorf("removed again: %+v", d)
			}
		}
	}
	if removed != 1 {
		t.Fatalf("removals after the full refund: %+v", delta)
	}
}

// REG-241: the two registrations of each of 30 paid orders cancelled at once: one is cancelled
// alone, the other is refused as the last (never both alone, leaving the order pago with none).
func testCancelRegistrationsRace(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	const n = 30
	made := make([]store.Order, n)
	for i := range made {
		made[i] = paidOrder(t, s, eventID, fmt.Sprint("rcr-", i), now, store.Capacity{},
			athlete("Ana Corre", "5 km", ""), athlete("Bia Corre", "5 km", ""))
	}
	errs := make([][2]error, n)
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i, o := range made {
		for j, r := range o.Inscricoes {
			ready.Add(1)
			done.Add(1)
			go func() {
				defer done.Done()
				ready.Done()
				<-gate
				refund := store.Refund{ID: "D" + r.ID, EndToEndID: o.Pagamentos[0].EndToEndID, Valor: r.Total, Motivo: "m"}
				_, errs[i][j] = s.CancelRegistration(ctx, r.ID, []store.Refund{refund}, store.Actor{UserID: o.BuyerID, At: now})
			}()
		}
	}
	ready.Wait()
	close(gate)
	done.Wait()
	for i, o := range made {
		won := 0
		for _, err := range errs[i] {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrLastRegistration):
				t.Fatalf("order %d: %v", i, err)
			}
		}
		got, err := s.Order(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if won != 1 || len(got.Reembolsos) != 1 || got.Status != store.OrderPaid {
			t.Fatalf("order %d: %d cancelled alone, %+v", i, won, got)
		}
	}
	if ps, _ := s.EventParticipants(ctx, eventID); len(ps) != n {
		t.Fatalf("%d participants, want one per order (%d)", len(ps), n)
	}
}
