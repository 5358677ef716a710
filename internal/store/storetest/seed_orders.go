package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// seedPrice is the price of each seeded order, in centavos.
const seedPrice = 8990

// SeedOrders makes n orders of one athlete each for the event, as a large race's sale leaves them
// (for the benchmarks and make perf): each its own buyer and CPF, named nome(i), the 5 km and the
// 10 km by turns, in two lots, over the 60 days before now; four in five paid, the rest expired
// but the last, still held. Each goes through CreateOrder (or the store's OrderBatcher, which
// makes each order alike in fewer transactions), ConfirmOrder and ExpireOrders, so the rows are
// what the sale makes. Every hold lasts until the sweep after the payments: a store that
// keeps an event's counts between orders (SQLite's writer) keeps them while no hold ends and no
// other change comes between, so making 30,000 orders does not count the event 30,000 times.
func SeedOrders(ctx context.Context, s store.Store, eventID string, n int, nome func(i int) string, now time.Time) error {
	held := now.Add(30 * time.Minute)
	order := func(i int) store.NewOrder {
		at := now.Add(-60 * 24 * time.Hour / time.Duration(n) * time.Duration(n-i)) // (n-i)·60 days overflows a Duration
		percurso, lote := []string{"5 km", "10 km"}[i%2], []string{"1º lote", "2º lote"}[i*2/n]
		return store.NewOrder{EventID: eventID, BuyerID: fmt.Sprint("comprador-", i), Txid: fmt.Sprintf("seed%026d", i), Now: at,
			ExpiraEm: held, Price: priced([]store.NewRegistration{{DocTipo: participant.CPF,
				DocNumero: participant.CompleteCPF(fmt.Sprintf("%09d", 100_000_000+i)), Nome: nome(i), Percurso: percurso, Lote: lote,
				Categoria: "Geral", Camiseta: "M", Valor: seedPrice, Total: seedPrice, Atleta: []byte(`{}`)}})}
	}
	orders := make([]store.NewOrder, n-1)
	for i := range orders {
		orders[i] = order(i)
	}
	if err := createOrders(ctx, s, orders); err != nil {
		return err
	}
	for i, o := range orders {
		if i%5 == 4 {
			continue
		}
		p := store.Payment{EndToEndID: fmt.Sprintf("E00000000%023d", i), Txid: o.Txid, Valor: seedPrice, Horario: o.Now.Add(time.Minute)}
		if _, err := s.ConfirmOrder(ctx, p, store.Capacity{}); err != nil {
			return fmt.Errorf("seeding payment %s: %w", p.Txid, err)
		}
	}
	if _, err := s.ExpireOrders(ctx, held.Add(time.Minute)); err != nil {
		return fmt.Errorf("seeding the expiry: %w", err)
	}
	return createOrders(ctx, s, []store.NewOrder{order(n - 1)})
}

// createOrders creates orders through the store's OrderBatcher when it has one, else one by one.
func createOrders(ctx context.Context, s store.Store, orders []store.NewOrder) error {
	if b, ok := s.(store.OrderBatcher); ok {
		return b.CreateOrders(ctx, orders)
	}
	for i, o := range orders {
		if _, err := s.CreateOrder(ctx, o); err != nil {
			return fmt.Errorf("seeding order %d: %w", i, err)
		}
	}
	return nil
}

// REG-161: orders created together (createOrders: the store's OrderBatcher when it has one) are
// what CreateOrder makes one by one: held, priced, found by the list's search; the capacity
// counts carried from one to the next free a hold once it passes and refuse a slot taken by an
// earlier order of the same batch, which then keeps none of its orders.
func testOrdersCreatedTogether(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	c := store.Capacity{Modalidades: map[string]int{"5 km": 2, "21,1 km": 1}}
	mustOrder(t, s, order(eventID, "ct-0", now, c, athlete("Ana Antes", "5 km", "")))
	brief := order(eventID, "ct-1", now, c, athlete("Bia Breve", "21,1 km", ""))
	brief.ExpiraEm = now.Add(time.Minute)
	after := order(eventID, "ct-2", now.Add(2*time.Minute), c, athlete("Caio Depois", "21,1 km", ""))
	if err := createOrders(ctx, s, []store.NewOrder{order(eventID, "ct-3", now, c, athlete("Duda Junto", "5 km", "")), brief, after}); err != nil {
		t.Fatalf("three orders together, the 21,1 km slot free again once the first hold passed: %v", err)
	}
	page, err := s.EventOrders(ctx, store.OrderQuery{EventID: eventID})
	if err != nil || page.Total != 4 {
		t.Fatalf("orders after the batch: %d %v", page.Total, err)
	}
	for _, o := range page.Orders {
		if o.Status != store.OrderAwaiting || o.Total != 8990 || len(o.Inscricoes) != 1 || o.Inscricoes[0].Status != store.RegistrationPending {
			t.Errorf("an order made together: %+v", o)
		}
	}
	if found, _ := s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: "duda junto"}); found.Total != 1 || found.Orders[0].BuyerID != "ct-3" {
		t.Errorf("search for an order made together: %+v", found)
	}
	late := now.Add(3 * time.Minute)
	err = createOrders(ctx, s, []store.NewOrder{order(eventID, "ct-4", late, c, athlete("Eva Cabe", "10 km", "")),
		order(eventID, "ct-5", late, c, athlete("Fabi Sobra", "5 km", ""))})
	if !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("a third 5 km order: %v, want sold out", err)
	}
	want := 5 // one by one, the 10 km order made before the refused one stays
	if _, ok := s.(store.OrderBatcher); ok {
		want = 4
	}
	if page, _ := s.EventOrders(ctx, store.OrderQuery{EventID: eventID}); page.Total != want {
		t.Errorf("%d orders after the refused batch, want %d", page.Total, want)
	}
}
