package salesapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// lotPrices are the prices of lotEvent's lots, in centavos.
const (
	lot1Price = 8990
	lot2Price = 10990
)

// lotEvent stores the sales tests' event priced by two lots closing by count: "1º lote" at
// R$ 89,90 for lot1 registrations, then "2º lote" at R$ 109,90 for lot2 (0: no count limit).
func lotEvent(t *testing.T, site *testSite, lot1, lot2 int) string {
	t.Helper()
	max2 := "null"
	if lot2 > 0 {
		max2 = fmt.Sprint(lot2)
	}
	return site.createEvent(t, `"tipoPreco": "kit", "lotes": []`, `"tipoPreco": "lotes", "lotes": [`+
		`{"nome": "1º lote", "valor": "89,90", "maxVagas": `+fmt.Sprint(lot1)+`, "dataLimite": ""},`+
		`{"nome": "2º lote", "valor": "109,90", "maxVagas": `+max2+`, "dataLimite": ""}]`)
}

// lotOrder is an order of testdata/order.json's athlete once per CPF given (digits).
func lotOrder(t *testing.T, cpfs ...string) string {
	t.Helper()
	var o struct{ Atletas []map[string]any }
	if err := json.Unmarshal([]byte(orderJSON(t, "")), &o); err != nil {
		t.Fatal(err)
	}
	atletas := make([]map[string]any, len(cpfs))
	for i, cpf := range cpfs {
		a := map[string]any{}
		for k, v := range o.Atletas[0] {
			a[k] = v
		}
		a["documento"] = map[string]string{"tipo": participant.CPF, "numero": cpf}
		delete(a, "kit")
		atletas[i] = a
	}
	b, err := json.Marshal(map[string]any{"atletas": atletas})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cpfOf is a valid CPF (digits) for buyer n of a test.
func cpfOf(n int) string { return participant.CompleteCPF(fmt.Sprint(300000000 + n*7919)) }

// buyerOf is buyer n of a test, each its own account.
func buyerOf(n int) *api.User {
	return &api.User{ID: fmt.Sprint("comprador-", n), Email: fmt.Sprintf("comprador%d@exemplo.com.br", n)}
}

// lotRaceStore runs before, once, just ahead of the next order's transaction: another buyer's
// order committing between the moment an order was quoted (or counted) and its transaction.
type lotRaceStore struct {
	store.Store
	before atomic.Pointer[func()]
}

func (s *lotRaceStore) CreateOrder(ctx context.Context, o store.NewOrder) (store.Order, error) {
	if f := s.before.Swap(nil); f != nil {
		(*f)()
	}
	return s.Store.CreateOrder(ctx, o)
}

// paidInFull pays o's Pix charge in the sandbox, as charged, and checks that the charge was the
// order's stored total: the order is paid by one payment of exactly its total.
func paidInFull(t *testing.T, w *pixWorld, o orderAnswer) {
	t.Helper()
	if rec := w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, ""); rec.Code != 200 {
		t.Fatalf("simulate %d %s", rec.Code, rec.Body)
	}
	stored, err := w.st.Order(t.Context(), o.ID)
	if err != nil || stored.Status != store.OrderPaid || len(stored.Pagamentos) != 1 || stored.Pagamentos[0].Valor != stored.Total ||
		stored.Total != o.Total {
		t.Fatalf("the charge was not the stored total %d: %+v %v", o.Total, stored, err)
	}
	w.sales.receipts.Wait() // the confirmation e-mail reads the store, closed after the test
}

// REG-68: lot 1's last slot is taken between the buyer's quote and the order's transaction; the
// order holds lot 2 at lot 2's price (not esgotado), and its charge is that price.
func TestOrderGetsTheNextLotWhenItsLotFills(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		race := &lotRaceStore{Store: st}
		w := newPixWorld(t, race, nil)
		w.eventID = lotEvent(t, w.testSite, 1, 0)
		body := lotOrder(t, cpfOf(1))
		quote := w.Call("POST", "/api/events/"+w.eventID+"/inscricao/cotacao", body, apitest.As(&bruno))
		if quote.Code != 200 || !strings.Contains(quote.Body.String(), `"lote":"1º lote"`) || !strings.Contains(quote.Body.String(), `"total":89.9`) {
			t.Fatalf("quote: %d %s", quote.Code, quote.Body)
		}
		other := func() {
			o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", lotOrder(t, cpfOf(2)), apitest.As(&carla)), http.StatusCreated)
			if o.Inscricoes[0].Lote != "1º lote" {
				t.Errorf("the other buyer got %q, want the last slot of 1º lote", o.Inscricoes[0].Lote)
			}
		}
		race.before.Store(&other)
		o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&bruno)), http.StatusCreated)
		if race.before.Load() != nil {
			t.Fatal("the other buyer's order was not made")
		}
		if it := o.Inscricoes[0]; it.Lote != "2º lote" || it.Valor != lot2Price || it.Total != lot2Price || o.Total != lot2Price {
			t.Fatalf("order after lot 1 filled: total %d, %+v; want 2º lote at %d", o.Total, it, lot2Price)
		}
		paidInFull(t, w, o)
	})
}

// REG-69, REG-40: 20 buyers race across two lots of 5 and 10 slots: exactly 5 hold lot 1 at its
// price, 10 lot 2 at its price, and the 5 left read esgotado (every lot full by count).
func TestBuyersRaceAcrossALotBoundary(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newPixWorld(t, st, nil)
		w.eventID = lotEvent(t, w.testSite, 5, 10)
		var mu sync.Mutex
		byLot := map[string]int{}
		var soldOut atomic.Int64
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				rec := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", lotOrder(t, cpfOf(i)), apitest.As(buyerOf(i)))
				if rec.Code == http.StatusConflict && strings.Contains(rec.Body.String(), `"esgotado"`) {
					soldOut.Add(1)
					return
				}
				var o orderAnswer
				if err := json.Unmarshal(rec.Body.Bytes(), &o); rec.Code != http.StatusCreated || err != nil {
					t.Errorf("buyer %d: %d %s", i, rec.Code, rec.Body)
					return
				}
				want := map[string]int{"1º lote": lot1Price, "2º lote": lot2Price}[o.Inscricoes[0].Lote]
				if o.Total != money.Centavos(want) || o.Inscricoes[0].Valor != money.Centavos(want) || o.Pix == nil {
					t.Errorf("buyer %d holds %q at %d (charge %v), want %d", i, o.Inscricoes[0].Lote, o.Total, o.Pix != nil, want)
				}
				mu.Lock()
				byLot[o.Inscricoes[0].Lote]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if byLot["1º lote"] != 5 || byLot["2º lote"] != 10 || len(byLot) != 2 || soldOut.Load() != 5 {
			t.Fatalf("orders by lot %v, %d sold out; want 5 in 1º lote, 10 in 2º lote, 5 sold out", byLot, soldOut.Load())
		}
		taken, err := st.TakenCounts(t.Context(), w.eventID, time.Now())
		if err != nil || taken.Lotes["1º lote"] != 5 || taken.Lotes["2º lote"] != 10 || taken.Evento != 15 {
			t.Fatalf("the store holds %+v (%v)", taken, err)
		}
	})
}

// REG-69: an order larger than what lot 1 has left spans two lots, each athlete priced in turn,
// and is charged the sum.
func TestLargeOrderSpansTwoLots(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newPixWorld(t, st, nil)
		w.eventID = lotEvent(t, w.testSite, 2, 0)
		w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", lotOrder(t, cpfOf(1)), apitest.As(&carla)), http.StatusCreated)
		o := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", lotOrder(t, cpfOf(2), cpfOf(3), cpfOf(4)), apitest.As(&bruno)), http.StatusCreated)
		var lots []string
		for _, it := range o.Inscricoes {
			lots = append(lots, fmt.Sprint(it.Lote, " ", it.Total))
		}
		if got := strings.Join(lots, ", "); got != "1º lote 89.90, 2º lote 109.90, 2º lote 109.90" || o.Total != lot1Price+2*lot2Price {
			t.Fatalf("a 3-athlete order with 1 slot left in lot 1: %s, total %d", got, o.Total)
		}
		paidInFull(t, w, o)
	})
}
