package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/event/eventtest"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// The counts a batch keeps never outlive a write they did not see: another process's order on
// the same file (PRAGMA data_version), and a cancellation here (any order transaction but a
// creation), are counted before the next order (REG-40).
func TestKeptCountsSeeEveryOtherWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pelotao.db")
	ctx := context.Background()
	open := func() *Store {
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	here, other := open(), open()
	e := countedEvent(t, here)
	order := orderMaker(ctx, e, 3)
	first, err := order(here)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := order(here); err != nil {
		t.Fatal(err)
	}
	if _, err := order(other); err != nil { // the third slot, taken by another process
		t.Fatal(err)
	}
	if _, err := order(here); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("a fourth order after another process took the third slot: %v, want sold out", err)
	}
	if _, err := here.CancelOrder(ctx, first.ID, store.Actor{UserID: "comprador-1", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := order(here); err != nil {
		t.Fatalf("the slot a cancellation freed: %v", err)
	}
	if _, err := order(here); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("an order past the slots again: %v, want sold out", err)
	}
}

// countedEvent is an event created in s.
func countedEvent(t *testing.T, s *Store) event.Event {
	t.Helper()
	e, err := event.Decode([]byte(eventtest.JSON("Corrida das Contas", time.Now().AddDate(0, 3, 0).Format("2006-01-02"))))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = "organizadora"
	if e, err = store.CreateSlugEvent(context.Background(), s, e); err != nil {
		t.Fatal(err)
	}
	return e
}

// orderMaker makes one order after another in e's first modality, which has slots, each with
// a new buyer and document; a sender, when given, takes its slot with the order.
func orderMaker(ctx context.Context, e event.Event, slots int) func(s *Store, sender ...store.SenderSlot) (store.Order, error) {
	modality := e.Modalidades[0].Nome
	n := 0
	return func(s *Store, sender ...store.SenderSlot) (store.Order, error) {
		n++
		it := store.NewRegistration{DocTipo: participant.CPF, DocNumero: participant.CompleteCPF(fmt.Sprintf("%09d", 300000000+n*7919)),
			Nome: fmt.Sprint("Atleta ", n), Percurso: modality, Categoria: "Geral", Camiseta: "M", Valor: 5000, Total: 5000, Atleta: []byte(`{}`)}
		now := time.Now()
		o := store.NewOrder{EventID: e.ID, BuyerID: fmt.Sprint("comprador-", n), Txid: fmt.Sprintf("TXCONTAS%024d", n),
			Now: now, ExpiraEm: now.Add(time.Hour), Vagas: store.Capacity{Modalidades: map[string]int{modality: slots}},
			Price: func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
				return []store.NewRegistration{it}, nil
			}}
		for _, sl := range sender {
			o.Sender = &sl
		}
		return s.CreateOrder(ctx, o)
	}
}

// REG-300: an order takes its address's slot in its own transaction, and a slot taken on its
// own (a sign-up, a quote) is a transaction of the order writer's that changes no count: neither
// drops the event's counts the order batches keep, which every order would then count again.
func TestSenderSlotsKeepTheCounts(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	order := orderMaker(ctx, countedEvent(t, s), 100)
	slot := store.SenderSlot{Scope: store.ScopeOrder, IP: "198.51.100.20", Limit: store.SenderLimit{Max: 10, Window: time.Hour}}
	if _, err := order(s, slot); err != nil {
		t.Fatal(err)
	}
	kept := func(after string) {
		t.Helper()
		if s.batches.kept == nil || s.batches.written != s.writes.Load() {
			t.Errorf("after %s the counts are dropped (kept %v, written %d, writes %d)", after, s.batches.kept != nil,
				s.batches.written, s.writes.Load())
		}
	}
	kept("an order with its slot")
	if _, err := order(s, slot); err != nil {
		t.Fatal(err)
	}
	kept("the next order")
	if _, err := s.TakeSenderSlot(ctx, store.ScopeQuote, slot.IP, time.Now(), slot.Limit); err != nil {
		t.Fatal(err)
	}
	kept("a quote's slot")
}
