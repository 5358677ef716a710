package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// statements is a batch's sale.OrderTx that keeps each statement run through it, with its
// arguments (the batch's counts, counted once a batch, aside).
type statements struct {
	orderTx
	run []statement
}

type statement struct {
	sql  string
	args []any
}

func (s *statements) keep(q string, a []any) {
	s.run = append(s.run, statement{q, append([]any(nil), a...)})
}

func (s *statements) Exec(ctx context.Context, q string, a ...any) (int64, error) {
	s.keep(q, a)
	return s.orderTx.Exec(ctx, q, a...)
}

func (s *statements) QueryRow(ctx context.Context, q string, a ...any) store.Scanner {
	s.keep(q, a)
	return s.orderTx.QueryRow(ctx, q, a...)
}

func (s *statements) Query(ctx context.Context, q string, a ...any) (store.Rows, error) {
	s.keep(q, a)
	return s.orderTx.Query(ctx, q, a...)
}

// An order's creation reads the buyer's orders, not the event's: at a registration opening the
// event has thousands, and its limits (REG-44, REG-192) are each buyer's. Without statistics
// SQLite took the index by event for the buyer's registrations in the event, and read every
// order of the event on each order (docs/budgets.md, "Registration").
func TestOrderCreationReadsNoOrdersByEvent(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	e := countedEvent(t, s)
	order := orderMaker(ctx, e, 100)
	for range 3 { // orders of the event to leave aside
		if _, err := order(s); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	o := store.NewOrder{EventID: e.ID, BuyerID: "comprador-novo", IdempotencyKey: "chave-1", IdempotencyHash: "h", Txid: "TXPLANO",
		Now: now, ExpiraEm: now.Add(time.Hour), PedidosAbertosMax: 3, InscricoesPorContaMax: 10,
		Sender: &store.SenderSlot{Scope: store.ScopeOrder, IP: "198.51.100.7", Limit: store.SenderLimit{Max: 10, Window: time.Hour}},
		Price: func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
			return []store.NewRegistration{{DocTipo: "cpf", DocNumero: "52998224725", Nome: "Ana", Percurso: e.Modalidades[0].Nome,
				Categoria: "Geral", Camiseta: "M", Valor: 5000, Total: 5000, Atleta: []byte(`{}`)}}, nil
		}}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	counts := &batchCounts{kept: map[string]sale.KeptTaken{}}
	counts.begin()
	kept := &statements{orderTx: orderTx{tx: tx, stmts: map[string]*sql.Stmt{}, counts: counts}}
	if _, refused, err := sale.CreateOrderTx(ctx, kept, o); err != nil || refused != nil {
		t.Fatal(err, refused)
	}
	for _, st := range kept.run {
		rows, err := tx.QueryContext(ctx, "EXPLAIN QUERY PLAN "+st.sql, args(st.args)...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		for _, step := range plan {
			if strings.Contains(step, "orders_by_rev") || strings.HasPrefix(step, "SCAN o") || strings.HasPrefix(step, "SCAN orders") {
				t.Errorf("%s\nreads the event's orders: %s", strings.Join(strings.Fields(st.sql), " "), strings.Join(plan, "; "))
			}
		}
	}
	if len(kept.run) < 8 {
		t.Fatalf("only %d statements kept", len(kept.run))
	}
}
