package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

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
		listed := participantOf[o.Registrations[0].ID]
		switch got.Status {
		case store.OrderPaid:
			paid++
			if confirmErr[i] != nil || !errors.Is(cancelErr[i], store.ErrNotPending) || !listed || len(got.Payments) != 1 {
				t.Errorf("order %d paid: confirm %v, cancel %v, participant %v, %d payments", i, confirmErr[i], cancelErr[i], listed, len(got.Payments))
			}
		case store.OrderCanceled:
			canceled++
			if cancelErr[i] != nil || !errors.Is(confirmErr[i], store.ErrNotPending) || listed || len(got.Payments) != 1 {
				t.Errorf("order %d cancelled: cancel %v, confirm %v (want refused), participant %v, %d payments recorded (want 1, for its return)",
					i, cancelErr[i], confirmErr[i], listed, len(got.Payments))
				continue
			}
			back := store.Refund{ID: "D" + o.ID, EndToEndID: got.Payments[0].EndToEndID, Valor: got.Total, Motivo: "pedido cancelado",
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
