package storetest

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// SeedOrders makes n orders of one athlete each for the event, as a large race's sale leaves them
// (for the benchmarks and make perf): each its own buyer and CPF, named nome(i), the 5 km and the
// 10 km by turns, in two lots, over the 60 days before now; four in five paid, the rest expired
// but the last, still held. Each goes through CreateOrder, ConfirmOrder and ExpireOrders, so the
// rows are what the sale makes. Every hold lasts until the sweep after the payments: a store that
// keeps an event's counts between orders (SQLite's writer) keeps them while no hold ends and no
// other change comes between, so making 30,000 orders does not count the event 30,000 times.
func SeedOrders(ctx context.Context, s store.Store, eventID string, n int, nome func(i int) string, now time.Time) error {
	held := now.Add(30 * time.Minute)
	var payments []store.Payment
	order := func(i int) (store.Order, error) {
		at := now.Add(-60 * 24 * time.Hour / time.Duration(n) * time.Duration(n-i)) // (n-i)·60 days overflows a Duration
		percurso, lote := []string{"5 km", "10 km"}[i%2], []string{"1º lote", "2º lote"}[i*2/n]
		made, err := s.CreateOrder(ctx, store.NewOrder{EventID: eventID, BuyerID: fmt.Sprint("comprador-", i), Txid: fmt.Sprintf("seed%026d", i), Now: at,
			ExpiraEm: held, Price: priced([]store.NewRegistration{{DocTipo: participant.CPF,
				DocNumero: participant.CompleteCPF(fmt.Sprintf("%09d", 100_000_000+i)), Nome: nome(i), Percurso: percurso, Lote: lote,
				Categoria: "Geral", Camiseta: "M", Valor: 8990, Total: 8990, Atleta: []byte(`{}`)}})})
		if err != nil {
			return made, fmt.Errorf("seeding order %d: %w", i, err)
		}
		if i%5 != 4 {
			payments = append(payments, store.Payment{EndToEndID: fmt.Sprintf("E00000000%023d", i), Txid: made.Txid, Valor: made.Total, Horario: at.Add(time.Minute)})
		}
		return made, nil
	}
	for i := range n - 1 {
		if _, err := order(i); err != nil {
			return err
		}
	}
	for _, p := range payments {
		if _, err := s.ConfirmOrder(ctx, p, store.Capacity{}); err != nil {
			return fmt.Errorf("seeding payment %s: %w", p.Txid, err)
		}
	}
	if _, err := s.ExpireOrders(ctx, held.Add(time.Minute)); err != nil {
		return fmt.Errorf("seeding the expiry: %w", err)
	}
	payments = nil
	_, err := order(n - 1)
	return err
}
