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
// 10 km by turns, in two lots, over the 60 days before now; four in five paid, the rest held or
// expired. Each goes through CreateOrder and ConfirmOrder, so the rows are what the sale makes.
func SeedOrders(ctx context.Context, s store.Store, eventID string, n int, nome func(i int) string, now time.Time) error {
	for i := range n {
		at := now.Add(-time.Duration(n-i) * 60 * 24 * time.Hour / time.Duration(n))
		percurso, lote := []string{"5 km", "10 km"}[i%2], []string{"1º lote", "2º lote"}[i*2/n]
		o := store.NewOrder{EventID: eventID, BuyerID: fmt.Sprint("comprador-", i), Txid: fmt.Sprintf("seed%026d", i), Now: at,
			ExpiraEm: at.Add(30 * time.Minute), Price: priced([]store.NewRegistration{{DocTipo: participant.CPF,
				DocNumero: participant.CompleteCPF(fmt.Sprintf("%09d", 100_000_000+i)), Nome: nome(i), Percurso: percurso, Lote: lote,
				Categoria: "Geral", Camiseta: "M", Valor: 8990, Total: 8990, Atleta: []byte(`{}`)}})}
		if i == n-1 {
			o.ExpiraEm = now.Add(30 * time.Minute) // one still held
		}
		made, err := s.CreateOrder(ctx, o)
		if err != nil {
			return fmt.Errorf("seeding order %d: %w", i, err)
		}
		if i%5 == 4 {
			continue
		}
		p := store.Payment{EndToEndID: fmt.Sprintf("E00000000%023d", i), Txid: made.Txid, Valor: made.Total, Horario: at.Add(time.Minute)}
		if _, err := s.ConfirmOrder(ctx, p, store.Capacity{}); err != nil {
			return fmt.Errorf("seeding payment %d: %w", i, err)
		}
	}
	return nil
}
