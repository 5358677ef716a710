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
	e, err := event.Decode([]byte(eventtest.JSON("Corrida das Contas", time.Now().AddDate(0, 3, 0).Format("2006-01-02"))))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = "organizadora"
	if e, err = store.CreateSlugEvent(ctx, here, e); err != nil {
		t.Fatal(err)
	}
	modality := e.Modalidades[0].Nome
	n := 0
	order := func(s *Store) (store.Order, error) {
		n++
		it := store.NewRegistration{DocTipo: participant.CPF, DocNumero: participant.CompleteCPF(fmt.Sprintf("%09d", 300000000+n*7919)),
			Nome: fmt.Sprint("Atleta ", n), Percurso: modality, Categoria: "Geral", Camiseta: "M", Valor: 5000, Total: 5000, Atleta: []byte(`{}`)}
		now := time.Now()
		return s.CreateOrder(ctx, store.NewOrder{EventID: e.ID, BuyerID: fmt.Sprint("comprador-", n), Txid: fmt.Sprintf("TXCONTAS%024d", n),
			Now: now, ExpiraEm: now.Add(time.Hour), Capacity: store.Capacity{Modalities: map[string]int{modality: 3}},
			Price: func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
				return []store.NewRegistration{it}, nil
			}})
	}
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
