package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testSenderSlots(t *testing.T, open Open) {
	t.Run("LimitPerSender", func(t *testing.T) { testSenderSlotLimit(t, open(t)) })
	t.Run("Release", func(t *testing.T) { testSenderSlotRelease(t, open(t)) })
	t.Run("LimitHoldsUnderConcurrency", func(t *testing.T) { testSenderSlotConcurrentLimit(t, open(t)) })
	t.Run("TakenByTheOrder", func(t *testing.T) { testOrderTakesSenderSlot(t, open(t)) })
}

func testSenderSlotLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.SenderLimit{Max: 2, Window: time.Hour}
	t0 := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	steps := []struct {
		name    string
		scope   store.SenderScope
		ip      string
		at      time.Duration
		limited bool
	}{
		{"first", store.ScopeSignup, "198.51.100.1", 0, false},
		{"second within the hour", store.ScopeSignup, "198.51.100.1", 10 * time.Minute, false},
		{"third within the hour", store.ScopeSignup, "198.51.100.1", 20 * time.Minute, true},
		{"another sender meanwhile", store.ScopeSignup, "198.51.100.2", 20 * time.Minute, false},
		{"IPv6 sender", store.ScopeSignup, "2001:db8::1", 21 * time.Minute, false},
		{"another scope has its own budget", "outro", "198.51.100.1", 22 * time.Minute, false},
		{"after the first left the window", store.ScopeSignup, "198.51.100.1", 61 * time.Minute, false},
		{"but the second is still in it", store.ScopeSignup, "198.51.100.1", 62 * time.Minute, true},
	}
	for _, st := range steps {
		id, err := s.TakeSenderSlot(ctx, st.scope, st.ip, t0.Add(st.at), limit)
		if st.limited && !errors.Is(err, store.ErrTooManyFromSender) {
			t.Errorf("%s: got %d, %v, want ErrTooManyFromSender", st.name, id, err)
		}
		if !st.limited && (err != nil || id == 0) {
			t.Errorf("%s: %d, %v", st.name, id, err)
		}
	}
	// Plan interests are counted apart: a full sign-up budget leaves them alone.
	if _, err := s.AddPlanInterest(ctx, interest("Bia", "Iniciante", t0.Add(62*time.Minute)), "198.51.100.1", limit); err != nil {
		t.Errorf("plan interest from a sender out of sign-up slots: %v", err)
	}
}

func testSenderSlotRelease(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.SenderLimit{Max: 1, Window: time.Hour}
	at := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	id, err := s.TakeSenderSlot(ctx, store.ScopeSignup, "192.0.2.10", at, limit)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeSenderSlot(ctx, store.ScopeSignup, "192.0.2.10", at, limit); !errors.Is(err, store.ErrTooManyFromSender) {
		t.Fatalf("second slot: %v", err)
	}
	if err := s.ReleaseSenderSlot(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseSenderSlot(ctx, id); err != nil {
		t.Errorf("releasing twice: %v", err)
	}
	if _, err := s.TakeSenderSlot(ctx, store.ScopeSignup, "192.0.2.10", at, limit); err != nil {
		t.Errorf("after release: %v", err)
	}
}

// N parallel takes from one address: exactly the limit get a slot, on any database.
func testSenderSlotConcurrentLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	limit := store.SenderLimit{Max: 3, Window: time.Hour}
	now := time.Now()
	const tries = 12
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.TakeSenderSlot(ctx, store.ScopeSignup, "192.0.2.55", now, limit)
		}()
	}
	wg.Wait()
	taken := 0
	for _, err := range errs {
		switch {
		case err == nil:
			taken++
		case !errors.Is(err, store.ErrTooManyFromSender):
			t.Errorf("unexpected error: %v", err)
		}
	}
	if taken != limit.Max {
		t.Errorf("%d of %d concurrent takes got a slot, want exactly %d", taken, tries, limit.Max)
	}
}

// REG-300, REG-321: an order takes its address's slot in its own transaction, from the budget
// the address's other requests share: an order refused (sold out) keeps its slot and nothing
// else, and past the limit the order is refused ErrTooManyFromSender with nothing written.
func testOrderTakesSenderSlot(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	slot := &store.SenderSlot{Scope: store.ScopeOrder, IP: "203.0.113.9", Limit: store.SenderLimit{Max: 3, Window: time.Hour}}
	full := store.Capacity{Modalidades: map[string]int{"5 km": 1}}
	fromSender := func(buyer string, a store.NewRegistration) store.NewOrder {
		o := order(eventID, buyer, now, full, a)
		o.Sender = slot
		return o
	}
	mustOrder(t, s, fromSender("slot-1", athlete("Ana Slot", "5 km", "")))
	if _, err := s.CreateOrder(ctx, fromSender("slot-2", athlete("Bia Slot", "5 km", ""))); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("an order past the modality's slots: %v", err)
	}
	if held, err := s.OrdersOfBuyer(ctx, "slot-2"); err != nil || len(held) != 0 {
		t.Fatalf("the sold-out order was kept: %+v %v", held, err)
	}
	mustOrder(t, s, fromSender("slot-3", athlete("Caio Slot", "10 km", "")))
	if got, err := s.CreateOrder(ctx, fromSender("slot-4", athlete("Davi Slot", "10 km", ""))); !errors.Is(err, store.ErrTooManyFromSender) {
		t.Fatalf("a third order from the address: %+v %v", got, err)
	}
	if held, err := s.OrdersOfBuyer(ctx, "slot-4"); err != nil || len(held) != 0 {
		t.Fatalf("the refused order was kept: %+v %v", held, err)
	}
	if _, err := s.TakeSenderSlot(ctx, store.ScopeOrder, slot.IP, now, slot.Limit); !errors.Is(err, store.ErrTooManyFromSender) {
		t.Errorf("the orders' slots are not the address's: %v", err)
	}
	if _, err := s.TakeSenderSlot(ctx, store.ScopeQuote, slot.IP, now, slot.Limit); err != nil {
		t.Errorf("another scope: %v", err)
	}
}
