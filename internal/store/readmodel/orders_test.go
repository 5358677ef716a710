package readmodel

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/textfold"
)

// orderDB is an event's orders as a database holds them: each change takes the next rev, as the
// triggers of migration 0017 give it; it answers OrderChanges and counts the full reads.
type orderDB struct {
	orders    map[string]store.ListedOrder
	revs      map[string]int64
	at        store.OrderRev
	fullReads int
}

func newOrderDB() *orderDB {
	return &orderDB{orders: map[string]store.ListedOrder{}, revs: map[string]int64{}}
}

func (db *orderDB) put(o store.ListedOrder) {
	db.at.Rev++
	db.orders[o.ID], db.revs[o.ID] = o, db.at.Rev
}

func (db *orderDB) remove(id string) {
	db.at.Rev++
	db.at.Removido = db.at.Rev
	delete(db.orders, id)
}

func (db *orderDB) changes(_ context.Context, _ string, since int64) ([]store.ListedOrder, error) {
	if since == 0 {
		db.fullReads++
	}
	var out []store.ListedOrder
	for id, o := range db.orders {
		if db.revs[id] > since {
			out = append(out, o)
		}
	}
	return out, nil
}

// want is q's page as a plain reading of every order answers it.
func (db *orderDB) want(q store.OrderQuery) (ids []string, total int) {
	var all []store.ListedOrder
	words := textfold.Words(q.Q)
	for _, o := range db.orders {
		if (q.Status == "" || o.Status == q.Status) && textfold.Matches(o.Busca, words) {
			all = append(all, o)
		}
	}
	slices.SortFunc(all, func(a, b store.ListedOrder) int {
		return cmp.Or(b.CriadoEm.Compare(a.CriadoEm), cmp.Compare(b.ID, a.ID))
	})
	offset, _ := strconv.Atoi(q.Cursor)
	for _, o := range all[min(offset, len(all)):min(offset+q.Limit, len(all))] {
		ids = append(ids, o.ID)
	}
	return ids, len(all)
}

var (
	orderStart = time.Date(2030, 5, 1, 12, 0, 0, 0, time.UTC)
	firstNames = []string{"Ana", "Bruno", "Carla", "Davi", "Érica"}
	lastNames  = []string{"Silva", "Souza", "Silveira", "Lima", "Conceição"}
)

func listedOrder(i int) store.ListedOrder {
	id := fmt.Sprintf("%024x", i*7919)
	nome := firstNames[i%5] + " " + lastNames[i/5%5]
	return store.ListedOrder{Order: store.Order{ID: id, EventID: "e", Status: store.OrderAwaiting,
		CriadoEm: orderStart.Add(time.Duration(i) * time.Minute)}, Busca: id + " " + textfold.Fold(nome) + " " + fmt.Sprintf("%011d", 10_000_000_000+i)}
}

var orderQueries = []store.OrderQuery{
	{}, {Q: "silva"}, {Q: "silv"}, {Q: "SÍLVA ana"}, {Q: "conceicao"}, {Q: "ri"}, {Q: "a"}, {Q: "zzz"},
	{Q: "0000000012"}, {Q: "pago"}, {Status: store.OrderPaid}, {Q: "silva", Status: store.OrderPaid},
	{Q: "silva", Cursor: "7"}, {Q: "li", Limit: 3, Cursor: "3"}, {Q: "2bxq"},
}

// check compares every query's page from the kept list with a plain reading of db, twice: made,
// then as the list kept it.
func check(t *testing.T, c *OrderLists, db *orderDB, when string) {
	t.Helper()
	l, err := c.get(context.Background(), "e", db.at, db.changes)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range slices.Concat(orderQueries, orderQueries) {
		if q.Limit == 0 {
			q.Limit = store.DefaultParticipantLimit
		}
		page, err := l.Page(q)
		if err != nil {
			t.Fatal(err)
		}
		ids, total := db.want(q)
		var got []string
		for _, o := range page.Orders {
			got = append(got, o.ID)
		}
		offset, _ := strconv.Atoi(q.Cursor)
		wantNext := ""
		if offset+len(ids) < total {
			wantNext = strconv.Itoa(offset + len(ids))
		}
		if page.Total != total || !slices.Equal(got, ids) || page.NextCursor != wantNext {
			t.Fatalf("%s, %+v: %d orders %v next %q; want %d %v next %q", when, q, page.Total, got, page.NextCursor, total, ids, wantNext)
		}
	}
}

// REG-48: the list kept in memory answers every search, filter and page as a reading of every
// order would, after each kind of change, reading again in full only what it cannot lay on the
// list it holds.
func TestOrderListFollowsTheDatabase(t *testing.T) {
	db, c := newOrderDB(), &OrderLists{}
	for i := range 300 {
		db.put(listedOrder(i))
	}
	check(t, c, db, "first read")
	step := func(when string, wantFull bool, change func()) {
		t.Helper()
		before := db.fullReads
		change()
		check(t, c, db, when)
		if full := db.fullReads > before; full != wantFull {
			t.Fatalf("%s: read in full %v, want %v", when, full, wantFull)
		}
	}
	step("orders paid", false, func() {
		for i := 0; i < 300; i += 3 {
			o := db.orders[listedOrder(i).ID]
			o.Status, o.Busca = store.OrderPaid, o.Busca+" "+fmt.Sprintf("2bxq%04d", i)
			db.put(o)
		}
	})
	step("a new order", false, func() { db.put(listedOrder(300)) })
	step("a name edited", false, func() {
		o := db.orders[listedOrder(4).ID]
		o.Busca += " " + textfold.Fold("Davi Conceição")
		db.put(o)
	})
	step("expired", false, func() {
		o := db.orders[listedOrder(5).ID]
		o.Status = store.OrderExpired
		db.put(o)
	})
	step("nothing changed", false, func() {})
	step("an order made before the newest", true, func() {
		o := listedOrder(301)
		o.CriadoEm = orderStart.Add(-time.Hour)
		db.put(o)
	})
	step("a text that lost words", true, func() {
		o := db.orders[listedOrder(7).ID]
		o.Busca = o.ID
		db.put(o)
	})
	step("an order deleted", true, func() { db.remove(listedOrder(9).ID) })
	step("every order deleted", true, func() {
		for id := range db.orders {
			db.remove(id)
		}
	})
}

func TestOrderListBadCursor(t *testing.T) {
	l := newOrderList(1, []*store.ListedOrder{{Order: store.Order{ID: "a"}, Busca: "a ana"}})
	for _, cursor := range []string{"x", "-1"} {
		if _, err := l.Page(store.OrderQuery{Cursor: cursor}); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("cursor %q: %v", cursor, err)
		}
	}
}

// REG-102: the figures of a list count a hold as expired from the moment it passes (the same
// list read later), the money received and returned, and the confirmed registrations by lot,
// modality and hour paid.
func TestOrderListFinance(t *testing.T) {
	paidAt := orderStart.Add(90 * time.Minute)
	reg := func(lote, percurso, status string) store.Registration {
		return store.Registration{Lote: lote, Percurso: percurso, Status: status, Total: 8990}
	}
	orders := []*store.ListedOrder{
		{Order: store.Order{ID: "a", Status: store.OrderPaid, PagoEm: &paidAt,
			Inscricoes: []store.Registration{reg("1º lote", "5 km", store.RegistrationConfirmed), reg("", "10 km", store.RegistrationConfirmed)},
			Pagamentos: []store.Payment{{Metodo: store.PaymentPix, Valor: 17980}},
			Reembolsos: []store.Refund{{Metodo: store.PaymentPix, Valor: 1000, Status: store.RefundReturned},
				{Metodo: store.PaymentPix, Valor: 500, Status: store.RefundProcessing}}}},
		{Order: store.Order{ID: "b", Status: store.OrderRefunded, PagoEm: &paidAt,
			Inscricoes: []store.Registration{reg("1º lote", "5 km", store.RegistrationCanceled)},
			Pagamentos: []store.Payment{{Metodo: store.PaymentCard, Valor: 8990}},
			Cartoes:    []store.CardPayment{{Valor: 8990, Taxas: 449, AprovadoEm: &paidAt}, {Valor: 8990, Taxas: 1}},
			Reembolsos: []store.Refund{{Metodo: store.PaymentCard, Valor: 8990, Status: store.RefundReturned}}}},
		{Order: store.Order{ID: "c", Status: store.OrderAwaiting, ExpiraEm: orderStart.Add(10 * time.Minute),
			Inscricoes: []store.Registration{reg("1º lote", "5 km", store.RegistrationPending)}}},
		{Order: store.Order{ID: "d", Status: store.OrderAwaiting, ExpiraEm: orderStart.Add(20 * time.Minute)}},
		{Order: store.Order{ID: "e", Status: store.OrderCanceled}},
	}
	l := newOrderList(1, orders)
	for _, c := range []struct {
		at                time.Duration
		awaiting, expired int
	}{{0, 2, 0}, {10 * time.Minute, 1, 1}, {time.Hour, 0, 2}, {0, 2, 0}} {
		f := l.Finance(orderStart.Add(c.at))
		if f.Pedidos[store.OrderAwaiting] != c.awaiting || f.Pedidos[store.OrderExpired] != c.expired ||
			f.Pedidos[store.OrderPaid] != 1 || f.Pedidos[store.OrderRefunded] != 1 || f.Pedidos[store.OrderCanceled] != 1 {
			t.Errorf("at start+%s: orders %v, want %d awaiting and %d expired", c.at, f.Pedidos, c.awaiting, c.expired)
		}
		if f.Recebido != 17980+8990 || f.Reembolsado != 1000+8990 {
			t.Errorf("received %d, refunded %d", f.Recebido, f.Reembolsado)
		}
		// CARD-27: by method; a card's fees are those of its payments approved.
		if f.PorMetodo[store.PaymentPix] != (store.MethodMoney{Recebido: 17980, Reembolsado: 1000, EmProcessamento: 500}) ||
			f.PorMetodo[store.PaymentCard] != (store.MethodMoney{Recebido: 8990, Reembolsado: 8990, Taxas: 449}) {
			t.Errorf("by method %+v", f.PorMetodo)
		}
		hour := orderStart.Add(time.Hour) // 13:30 UTC falls in the hour from 13:00
		slices.SortFunc(f.Vendas, func(a, b store.SoldGroup) int { return cmp.Compare(a.Percurso, b.Percurso) })
		if want := []store.SoldGroup{{Percurso: "10 km", Hora: hour, Inscricoes: 1, Total: 8990},
			{Lote: "1º lote", Percurso: "5 km", Hora: hour, Inscricoes: 1, Total: 8990}}; !slices.Equal(f.Vendas, want) {
			t.Errorf("sold %+v, want %+v", f.Vendas, want)
		}
	}
}
