package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

func testOrders(t *testing.T, open Open) {
	t.Run("Race", func(t *testing.T) { OrderRace(t, open(t)) })
	t.Run("LotsByCount", func(t *testing.T) { testOrderLots(t, open(t)) })
	t.Run("CouponUses", func(t *testing.T) { testOrderCoupons(t, open(t)) })
	t.Run("PricedUnderTheLock", func(t *testing.T) { testOrderPricedUnderTheLock(t, open(t)) })
	t.Run("ExpiryFrees", func(t *testing.T) { testOrderExpiry(t, open(t)) })
	t.Run("OneDocumentPerEvent", func(t *testing.T) { testOrderDocuments(t, open(t)) })
	t.Run("OpenOrderLimit", func(t *testing.T) { testOrderLimit(t, open(t)) })
	t.Run("Idempotency", func(t *testing.T) { testOrderIdempotency(t, open(t)) })
	t.Run("RegistrationLimit", func(t *testing.T) { testRegistrationLimit(t, open(t)) })
	t.Run("RegistrationLimitRace", func(t *testing.T) { RegistrationLimitRace(t, open(t)) })
	t.Run("ConfirmOnce", func(t *testing.T) { testOrderConfirm(t, open(t)) })
	t.Run("LatePayment", func(t *testing.T) { testOrderLatePayment(t, open(t)) })
	t.Run("ListAndHistory", func(t *testing.T) { testOrderList(t, open(t)) })
	t.Run("ListFollowsChanges", func(t *testing.T) { s := open(t); OrderListAcrossInstances(t, s, s) })
	t.Run("Refunds", func(t *testing.T) { testOrderRefunds(t, open(t)) })
	t.Run("ChargeKeptOrDiscarded", func(t *testing.T) { testOrderCharge(t, open(t)) })
	t.Run("RefundLeavesParticipants", func(t *testing.T) { testRefundRemovesParticipants(t, open(t)) })
	t.Run("PaymentRecordedForReturn", func(t *testing.T) { testRecordPayment(t, open(t)) })
	t.Run("Finance", func(t *testing.T) { testFinance(t, open(t)) })
	t.Run("EditRegistration", func(t *testing.T) { testEditRegistration(t, open(t)) })
	t.Run("CreatedTogether", func(t *testing.T) { testOrdersCreatedTogether(t, open(t)) })
	t.Run("AthleteEmailCodeAndReceipt", func(t *testing.T) { testOrderLookups(t, open(t)) })
	t.Run("CancelRacesPayment", func(t *testing.T) { testCancelRacesPayment(t, open(t)) })
	t.Run("ImportThenPay", func(t *testing.T) { testImportThenPay(t, open(t)) })
	t.Run("RefusalReadAgain", func(t *testing.T) { testRefusalReadAgain(t, open(t)) })
	t.Run("ImportRacesPayment", func(t *testing.T) { testImportRacesPayment(t, open(t)) })
	t.Run("CancelRegistration", func(t *testing.T) { testCancelRegistration(t, open(t)) })
	t.Run("CancelRegistrationsRace", func(t *testing.T) { testCancelRegistrationsRace(t, open(t)) })
}

var docSeq atomic.Int64

// athlete is one priced registration with a fresh valid CPF.
func athlete(nome, percurso, lote string) store.NewRegistration {
	base := 200000000 + docSeq.Add(7919)
	return store.NewRegistration{DocTipo: participant.CPF, DocNumero: participant.CompleteCPF(fmt.Sprint(base)), Nome: nome,
		Percurso: percurso, Lote: lote, Categoria: "Geral", Camiseta: "M", Valor: 8990, Total: 8990,
		Atleta: []byte(`{"email":"` + strings.ToLower(strings.Fields(nome)[0]) + `@exemplo.com.br","sexo":"F","celular":"81999990000"}`)}
}

func newTxid() string {
	return strings.ToUpper(store.NewParticipantID() + store.NewParticipantID())[:30]
}

func order(eventID, buyer string, now time.Time, c store.Capacity, items ...store.NewRegistration) store.NewOrder {
	return store.NewOrder{EventID: eventID, BuyerID: buyer, Txid: newTxid(), Now: now, ExpiraEm: now.Add(30 * time.Minute),
		Vagas: c, Price: priced(items)}
}

// priced is the pricer of athletes priced already, whatever the counts: it tries the store's own
// checks, as a pricer that went wrong would.
func priced(items []store.NewRegistration) store.Pricer {
	return func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) { return items, nil }
}

// freeAthlete is athlete at no cost.
func freeAthlete(nome, percurso string) store.NewRegistration {
	a := athlete(nome, percurso, "")
	a.Valor, a.Total = 0, 0
	return a
}

func orderEvent(t *testing.T, s store.Store) string {
	t.Helper()
	return create(t, s, sampleEvent("Corrida das Inscrições", event.NewDate(2026, time.December, 6), "Recife", "PE")).ID
}

// mustOrder creates o; the order CreateOrder answers must be the order the store reads (it is
// built as it is written, not read back).
func mustOrder(t *testing.T, s store.Store, o store.NewOrder) store.Order {
	t.Helper()
	got, err := s.CreateOrder(context.Background(), o)
	if err != nil {
		t.Fatalf("create order: %v", err)
	}
	read, err := s.Order(context.Background(), got.ID)
	if err != nil {
		t.Fatalf("order %s: %v", got.ID, err)
	}
	if !reflect.DeepEqual(got, read) {
		t.Fatalf("CreateOrder answered\n%+v\nthe store reads\n%+v", got, read)
	}
	return got
}

func slots(n int) *int { return &n }

// OrderRace has 50 buyers race for the 10 slots of a modality on the given stores (several
// instances of one database take turns): exactly 10 orders are made, the others are sold out
// naming the modality (REG-40).
func OrderRace(t *testing.T, stores ...store.Store) {
	eventID := orderEvent(t, stores[0])
	c := store.Capacity{Modalidades: map[string]int{"5 km": 10}}
	now := time.Now()
	var made, soldOut atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := stores[i%len(stores)]
			_, err := s.CreateOrder(context.Background(), order(eventID, fmt.Sprint("buyer-", i), now, c, athlete("Ana Corredora", "5 km", "")))
			var so *store.SoldOutError
			switch {
			case err == nil:
				made.Add(1)
			case errors.As(err, &so) && so.Limit == store.LimitModality && so.Name == "5 km":
				soldOut.Add(1)
			default:
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	if made.Load() != 10 || soldOut.Load() != 40 {
		t.Fatalf("made %d orders and %d sold out; want 10 and 40", made.Load(), soldOut.Load())
	}
	page, err := stores[0].EventOrders(context.Background(), store.OrderQuery{EventID: eventID, Status: store.OrderAwaiting})
	if err != nil || page.Total != 10 {
		t.Fatalf("the event holds %d orders (%v), want 10", page.Total, err)
	}
}

// REG-40: a lot closes by its count, the event by its slots; an order spanning the limit is refused whole.
func testOrderLots(t *testing.T, s store.Store) {
	eventID := orderEvent(t, s)
	now := time.Now()
	c := store.Capacity{Evento: slots(4), Lotes: map[string]int{"1º lote": 2}}
	mustOrder(t, s, order(eventID, "b1", now, c, athlete("Ana A", "5 km", "1º lote"), athlete("Bia B", "5 km", "1º lote")))
	_, err := s.CreateOrder(context.Background(), order(eventID, "b2", now, c, athlete("Caio C", "5 km", "1º lote")))
	var so *store.SoldOutError
	if !errors.As(err, &so) || so.Limit != store.LimitLot || so.Name != "1º lote" {
		t.Fatalf("a third registration in a lot of 2: %v, want sold out naming the lot", err)
	}
	mustOrder(t, s, order(eventID, "b2", now, c, athlete("Caio C", "5 km", "2º lote")))
	_, err = s.CreateOrder(context.Background(), order(eventID, "b3", now, c, athlete("Davi D", "Caminhada", "2º lote"), athlete("Eva E", "Caminhada", "2º lote")))
	if !errors.As(err, &so) || so.Limit != store.LimitEvent {
		t.Fatalf("5 registrations for 4 slots: %v, want the event sold out", err)
	}
	if page, _ := s.EventOrders(context.Background(), store.OrderQuery{EventID: eventID}); page.Total != 2 {
		t.Fatalf("a refused order was kept: %d orders", page.Total)
	}
}

// REG-68, REG-69: the store prices each order from the counts and the coupon uses as they stand
// under the event's lock: 12 buyers racing with a pricer that takes lot 1 while it has room get
// exactly its 4 slots, the others lot 2, none refused; each pricer saw the coupon's uses of the
// orders before it, and the error a pricer answers comes back as it is.
func testOrderPricedUnderTheLock(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	if err := s.SaveCoupon(ctx, store.Coupon{EventID: eventID, Codigo: "LOTE", Tipo: store.CouponFixed, Valor: 100, Ativo: true}); err != nil {
		t.Fatal(err)
	}
	c := store.Capacity{Lotes: map[string]int{"1º lote": 4}}
	now := time.Now()
	var seen sync.Map // coupon uses each pricer saw → true
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			o := order(eventID, fmt.Sprint("lot-", i), now, c)
			o.Cupom = "lote"
			o.Price = func(taken store.Taken, coupon *store.Coupon) ([]store.NewRegistration, error) {
				if coupon == nil || coupon.Codigo != "LOTE" {
					return nil, fmt.Errorf("coupon %+v, want LOTE", coupon)
				}
				seen.Store(coupon.Usos, true)
				a := athlete("Ana Lote", "5 km", "1º lote")
				if taken.Lotes["1º lote"] >= 4 {
					a.Lote, a.Valor = "2º lote", 10990
				}
				a.UsaCupom, a.Desconto, a.Total = true, 100, a.Valor-100
				return []store.NewRegistration{a}, nil
			}
			if _, err := s.CreateOrder(ctx, o); err != nil {
				t.Errorf("buyer %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	taken, err := s.TakenCounts(ctx, eventID, now)
	if err != nil || taken.Lotes["1º lote"] != 4 || taken.Lotes["2º lote"] != 8 {
		t.Fatalf("lots taken %+v (%v), want 4 in 1º lote and 8 in 2º lote", taken.Lotes, err)
	}
	for usos := range 12 {
		if _, ok := seen.Load(usos); !ok {
			t.Fatalf("no pricer saw the coupon with %d uses: the counts were not read under the lock", usos)
		}
	}
	refused := errors.New("refused by the pricer")
	o := order(eventID, "lot-refused", now, c)
	o.Price = func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) { return nil, refused }
	if _, err := s.CreateOrder(ctx, o); err != refused {
		t.Fatalf("the pricer's error: %v", err)
	}
}

// REG-41: coupon uses are taken with the capacity, never more than maxUsos under a race; a paused
// coupon takes none.
func testOrderCoupons(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	three := 3
	if err := s.SaveCoupon(ctx, store.Coupon{EventID: eventID, Codigo: "Amigos10", Tipo: store.CouponPercent, Valor: 1000,
		MaxUsos: &three, Ativo: true, Modalidades: []string{"5 km"}}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	var made atomic.Int64
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := athlete("Ana Cupom", "5 km", "")
			a.UsaCupom, a.Desconto, a.Total = true, 899, 8091
			o := order(eventID, fmt.Sprint("c-", i), now, store.Capacity{}, a)
			o.Cupom = " amigos10 "
			_, err := s.CreateOrder(ctx, o)
			switch {
			case err == nil:
				made.Add(1)
			case !errors.Is(err, store.ErrCouponUsedUp):
				t.Errorf("unexpected error: %v", err)
			}
		}()
	}
	wg.Wait()
	cs, err := s.Coupons(ctx, eventID)
	if err != nil || len(cs) != 1 {
		t.Fatalf("coupons: %v %v", cs, err)
	}
	if made.Load() != 3 || cs[0].Usos != 3 || cs[0].Codigo != "Amigos10" || cs[0].Valor != 1000 || cs[0].Modalidades[0] != "5 km" {
		t.Fatalf("%d orders took the coupon, usos %d (%+v); want 3", made.Load(), cs[0].Usos, cs[0])
	}
	cs[0].Ativo, cs[0].MaxUsos = false, nil
	if err := s.SaveCoupon(ctx, cs[0]); err != nil {
		t.Fatal(err)
	}
	a := athlete("Bia Pausa", "5 km", "")
	a.UsaCupom = true
	o := order(eventID, "c-paused", now, store.Capacity{}, a)
	o.Cupom = "AMIGOS10"
	if _, err := s.CreateOrder(ctx, o); !errors.Is(err, store.ErrCouponUsedUp) {
		t.Fatalf("a paused coupon: %v", err)
	}
	if err := s.DeleteCoupon(ctx, eventID, "amigos10"); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("deleting a used coupon: %v", err)
	}
}

// REG-42: an expired hold is free at once, before the sweeper; the sweeper marks it expirado and
// names its charge to remove; its coupon use comes back.
func testOrderExpiry(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	if err := s.SaveCoupon(ctx, store.Coupon{EventID: eventID, Codigo: "UM", Tipo: store.CouponFixed, Valor: 500, MaxUsos: slots(1), Ativo: true}); err != nil {
		t.Fatal(err)
	}
	c := store.Capacity{Modalidades: map[string]int{"21,1 km": 1}}
	t0 := time.Now()
	withCoupon := func(buyer string, now time.Time) store.NewOrder {
		a := athlete("Ana Expira", "21,1 km", "")
		a.UsaCupom = true
		o := order(eventID, buyer, now, c, a)
		o.Cupom = "um"
		return o
	}
	first := mustOrder(t, s, withCoupon("e1", t0))
	if _, err := s.CreateOrder(ctx, withCoupon("e2", t0.Add(29*time.Minute))); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("while held: %v, want sold out", err)
	}
	later := t0.Add(31 * time.Minute)
	second := mustOrder(t, s, withCoupon("e2", later))
	charges, err := s.ExpireOrders(ctx, later)
	if err != nil || len(charges) != 1 || charges[0] != (store.Charges{Txid: first.Txid}) {
		t.Fatalf("expired %v (%v), want [%s]", charges, err, first.Txid)
	}
	got, err := s.Order(ctx, first.ID)
	if err != nil || got.Status != store.OrderExpired || got.Inscricoes[0].Status != store.RegistrationCanceled {
		t.Fatalf("after expiry: %+v %v", got, err)
	}
	if charges, _ := s.ExpireOrders(ctx, later); len(charges) != 0 {
		t.Fatalf("expired again: %v", charges)
	}
	if got, _ := s.Order(ctx, second.ID); got.Status != store.OrderAwaiting {
		t.Fatalf("the live hold expired: %s", got.Status)
	}
}

// REG-43: a document holds one registration per event, confirmed or held, whether sold here or
// imported, and an order cannot name it twice.
func testOrderDocuments(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	a := athlete("Ana Dupla", "5 km", "")
	mustOrder(t, s, order(eventID, "d1", now, store.Capacity{}, a))
	again := a
	again.Percurso = "Caminhada"
	_, err := s.CreateOrder(ctx, order(eventID, "d2", now, store.Capacity{}, athlete("Bia", "5 km", ""), again))
	var ar *store.AlreadyRegisteredError
	if !errors.As(err, &ar) || ar.Index != 1 {
		t.Fatalf("the same document in another order: %v", err)
	}
	b := athlete("Bia Duas Vezes", "5 km", "")
	if _, err := s.CreateOrder(ctx, order(eventID, "d2", now, store.Capacity{}, b, b)); !errors.As(err, &ar) || ar.Index != 1 {
		t.Fatalf("the same document twice in an order: %v", err)
	}
	imported := person("Caio Importado", "123456780", "5 km", 0)
	importAll(t, s, eventID, imported)
	c := athlete("Caio Importado", "5 km", "")
	c.DocNumero = imported.Documento.Numero
	if _, err := s.CreateOrder(ctx, order(eventID, "d3", now, store.Capacity{}, c)); !errors.Is(err, store.ErrAlreadyRegistered) {
		t.Fatalf("an imported participant's document: %v", err)
	}
	other := orderEvent(t, s)
	mustOrder(t, s, order(other, "d1", now, store.Capacity{}, a)) // another event is another registration
}

// REG-44: an account has at most NewOrder.MaxOpenOrders (limits.pedidosAbertosMax, 3) orders
// awaiting payment at once.
func testOrderLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	limited := func(eventID string, a store.NewRegistration) store.NewOrder {
		o := order(eventID, "limit", now, store.Capacity{}, a)
		o.PedidosAbertosMax = 3
		return o
	}
	var first store.Order
	for i := range 3 {
		o := mustOrder(t, s, limited(eventID, athlete("Ana Limite", "5 km", "")))
		if i == 0 {
			first = o
		}
	}
	if _, err := s.CreateOrder(ctx, limited(orderEvent(t, s), athlete("Bia", "5 km", ""))); !errors.Is(err, store.ErrOrderLimit) {
		t.Fatalf("a 4th open order: %v", err)
	}
	got, err := s.CancelOrder(ctx, first.ID, store.Actor{UserID: "limit", Nome: "Ana", At: now})
	if err != nil || got.Status != store.OrderCanceled || got.Inscricoes[0].Status != store.RegistrationCanceled {
		t.Fatalf("cancel: %+v %v", got, err)
	}
	if _, err := s.CancelOrder(ctx, first.ID, store.Actor{At: now}); !errors.Is(err, store.ErrNotPending) {
		t.Fatalf("cancelling twice: %v", err)
	}
	mustOrder(t, s, limited(eventID, athlete("Caio", "5 km", "")))
}

// REG-45, REG-191: a retried request with the same Idempotency-Key and body answers the first
// order and holds nothing more; the key is the buyer's in one event (on another it makes another
// order), and the key again with another body is refused.
func testOrderIdempotency(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	o := order(eventID, "idem", now, store.Capacity{Modalidades: map[string]int{"5 km": 1}}, athlete("Ana Repete", "5 km", ""))
	o.IdempotencyKey, o.IdempotencyHash = "chave-1", "hash-do-pedido"
	first := mustOrder(t, s, o)
	o.Txid = newTxid() // a retry makes a new txid before asking the store
	again := mustOrder(t, s, o)
	if again.ID != first.ID || again.Txid != first.Txid {
		t.Fatalf("retry made order %s (%s), want %s", again.ID, again.Txid, first.ID)
	}
	other := order(eventID, "idem-2", now, o.Vagas, athlete("Bia", "5 km", ""))
	other.IdempotencyKey, other.IdempotencyHash = "chave-1", "hash-do-pedido" // another buyer's key is theirs
	if _, err := s.CreateOrder(ctx, other); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("another buyer with the same key: %v, want sold out (the slot is held once)", err)
	}

	changed := o
	changed.Txid, changed.IdempotencyHash = newTxid(), "outro-hash"
	if _, err := s.CreateOrder(ctx, changed); !errors.Is(err, store.ErrIdempotencyKeyReused) {
		t.Fatalf("the key again with another body: %v", err)
	}
	elsewhere := o
	elsewhere.EventID, elsewhere.Txid, elsewhere.Price = orderEvent(t, s), newTxid(), priced([]store.NewRegistration{athlete("Ana Repete", "5 km", "")})
	made := mustOrder(t, s, elsewhere)
	if made.ID == first.ID || made.EventID != elsewhere.EventID {
		t.Fatalf("the key on another event answered %s of %s, want a new order of %s", made.ID, made.EventID, elsewhere.EventID)
	}
	for ev, want := range map[string]string{eventID: first.ID, elsewhere.EventID: made.ID} {
		if got, err := s.OrderByIdempotencyKey(ctx, "idem", ev, "chave-1"); err != nil || got.ID != want {
			t.Fatalf("the key in event %s: %s %v, want %s", ev, got.ID, err, want)
		}
	}
}

// REG-192: one account holds or has confirmed at most NewOrder.MaxRegistrations registrations in
// an event, free ones included; the refusal says how many it has. Cancelled registrations give
// their room back; another event, or another account, has its own count.
func testRegistrationLimit(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	capped := func(eventID, buyer string, items ...store.NewRegistration) store.NewOrder {
		o := order(eventID, buyer, now, store.Capacity{}, items...)
		o.InscricoesPorContaMax = 3
		return o
	}
	free := mustOrder(t, s, capped(eventID, "cap", freeAthlete("Ana Gratis", "5 km"))) // confirmed at once
	if free.Status != store.OrderPaid {
		t.Fatalf("free order: %s", free.Status)
	}
	held := mustOrder(t, s, capped(eventID, "cap", athlete("Bia Reserva", "5 km", "")))
	_, err := s.CreateOrder(ctx, capped(eventID, "cap", athlete("Caio Um", "5 km", ""), athlete("Duda Dois", "5 km", "")))
	var limit *store.RegistrationLimitError
	if !errors.As(err, &limit) || !errors.Is(err, store.ErrRegistrationLimit) || limit.Held != 2 || limit.Max != 3 {
		t.Fatalf("a 4th registration: %v", err)
	}
	mustOrder(t, s, capped(eventID, "cap", athlete("Caio Um", "5 km", "")))
	if _, err := s.CreateOrder(ctx, capped(eventID, "cap", freeAthlete("Eva Gratis", "5 km"))); !errors.Is(err, store.ErrRegistrationLimit) {
		t.Fatalf("a free 4th registration: %v", err)
	}
	if _, err := s.CancelOrder(ctx, held.ID, store.Actor{UserID: "cap", At: now}); err != nil {
		t.Fatal(err)
	}
	mustOrder(t, s, capped(eventID, "cap", freeAthlete("Eva Gratis", "5 km")))
	mustOrder(t, s, capped(orderEvent(t, s), "cap", athlete("Fabi Outro Evento", "5 km", "")))
	mustOrder(t, s, capped(eventID, "cap-2", athlete("Gil Outra Conta", "5 km", "")))
}

// RegistrationLimitRace has one account send 20 orders of one free athlete each at once to an
// event whose cap per account is 10, on the given stores (several instances of one database
// take turns): exactly 10 are made, the others refused with ErrRegistrationLimit (REG-192).
func RegistrationLimitRace(t *testing.T, stores ...store.Store) {
	eventID := orderEvent(t, stores[0])
	now := time.Now()
	var made atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := order(eventID, "acumulador", now, store.Capacity{}, freeAthlete(fmt.Sprint("Atleta Gerado ", i), "5 km"))
			o.InscricoesPorContaMax = 10
			_, err := stores[i%len(stores)].CreateOrder(context.Background(), o)
			switch {
			case err == nil:
				made.Add(1)
			case !errors.Is(err, store.ErrRegistrationLimit):
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	if made.Load() != 10 {
		t.Fatalf("%d orders made, want 10", made.Load())
	}
	ps, err := stores[0].EventParticipants(context.Background(), eventID)
	if err != nil || len(ps) != 10 {
		t.Fatalf("%d participants (%v), want 10", len(ps), err)
	}
}

// REG-46: a payment confirms its order once: each registration gets a 10-symbol code and becomes a
// participant (origem pelotao, code, category, the registration's id, a bib of its range); the same
// endToEndId again changes nothing. A free order is confirmed at once.
func testOrderConfirm(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	if err := s.SetParticipantSettings(ctx, eventID, participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "5 km", Inicio: 100, Fim: 199}}}); err != nil {
		t.Fatal(err)
	}
	importAll(t, s, eventID, person("Zeca Importado", "111222333", "5 km", 100))
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "pay", now, store.Capacity{}, athlete("Ana Paga", "5 km", ""), athlete("Bia Paga", "Caminhada", "")))
	pay := store.Payment{EndToEndID: "E12345678202611261200abcdefghijk", Txid: o.Txid, Valor: o.Total, Horario: now}
	paid, err := s.ConfirmOrder(ctx, pay, store.Capacity{})
	if err != nil || paid.Status != store.OrderPaid || paid.PagoEm == nil || len(paid.Pagamentos) != 1 {
		t.Fatalf("confirm: %+v %v", paid, err)
	}
	ps, err := s.EventParticipants(ctx, eventID)
	if err != nil || len(ps) != 3 {
		t.Fatalf("participants: %d %v", len(ps), err)
	}
	byName := map[string]participant.Participant{}
	for _, p := range ps {
		byName[p.Nome] = p
	}
	for _, r := range paid.Inscricoes {
		p := byName[r.Nome]
		if r.Status != store.RegistrationConfirmed || len(r.Codigo) != 10 || strings.Trim(r.Codigo, "23456789ABCDEFGHJKLMNPQRSTUVWXYZ") != "" {
			t.Errorf("registration %+v", r)
		}
		if p.Origem != participant.OrigemPelotao || p.Codigo != r.Codigo || p.Categoria != "Geral" || p.Inscricao != r.ID ||
			p.ID != r.ParticipantID || !p.Pago || p.Email == "" {
			t.Errorf("participant of %s: %+v", r.Nome, p)
		}
	}
	if bib := byName["Ana Paga"].NumeroPeito; bib == nil || *bib != 101 {
		t.Errorf("bib %v, want 101 (after the imported 100)", bib)
	}
	if byName["Bia Paga"].NumeroPeito != nil || byName["Zeca Importado"].Origem != participant.OrigemImportacao {
		t.Errorf("a modality without a range got a bib, or the import's origin is wrong: %+v", byName)
	}
	again, err := s.ConfirmOrder(ctx, pay, store.Capacity{})
	if err != nil || again.Inscricoes[0].Codigo != paid.Inscricoes[0].Codigo || len(again.Pagamentos) != 1 {
		t.Fatalf("the same payment again: %+v %v", again, err)
	}
	if ps, _ := s.EventParticipants(ctx, eventID); len(ps) != 3 {
		t.Fatalf("the same payment again made participants: %d", len(ps))
	}
	if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E2", Txid: "NOPE", Valor: 1, Horario: now}, store.Capacity{}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown txid: %v", err)
	}
	second, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-other", Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{})
	if !errors.Is(err, store.ErrNotPending) || len(second.Pagamentos) != 2 {
		t.Fatalf("a second payment of a paid order: %v, %d payments (kept for its refund)", err, len(second.Pagamentos))
	}
	got := mustOrder(t, s, order(eventID, "free", now, store.Capacity{}, freeAthlete("Caio Gratis", "Caminhada")))
	if got.Status != store.OrderPaid || got.Inscricoes[0].Codigo == "" || got.Txid != "" {
		t.Fatalf("a free order: %+v", got)
	}
}

// REG-47: a payment after the hold passed confirms if the registrations still fit, and otherwise
// is recorded (for its refund) and confirms nothing.
func testOrderLatePayment(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"21,1 km": 1}}
	past := time.Now().Add(-time.Hour)
	late := mustOrder(t, s, order(eventID, "late-1", past, c, athlete("Ana Atrasada", "21,1 km", "")))
	if _, err := s.ExpireOrders(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	got, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-late-1", Txid: late.Txid, Valor: late.Total, Horario: time.Now()}, c)
	if err != nil || got.Status != store.OrderPaid || got.Inscricoes[0].Codigo == "" {
		t.Fatalf("a late payment with room: %+v %v", got, err)
	}
	lost := mustOrder(t, s, order(eventID, "late-2", past, store.Capacity{}, athlete("Bia Atrasada", "21,1 km", "")))
	got, err = s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-late-2", Txid: lost.Txid, Valor: lost.Total, Horario: time.Now()}, c)
	if !errors.Is(err, store.ErrSoldOut) || got.Status != store.OrderAwaiting || len(got.Pagamentos) != 1 {
		t.Fatalf("a late payment without room: %+v %v", got, err)
	}
	if ps, _ := s.EventParticipants(ctx, eventID); len(ps) != 1 {
		t.Fatalf("participants %d, want 1", len(ps))
	}
}

// REG-48: the organizer's list of orders searches names, documents and codes, filters by status,
// pages; each order keeps its history.
func testOrderList(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	var ids []string
	for i, nome := range []string{"Ana Souza", "Bia Lima", "Caio Souza"} {
		o := mustOrder(t, s, order(eventID, fmt.Sprint("l-", i), now.Add(time.Duration(i)*time.Second), store.Capacity{}, athlete(nome, "5 km", "")))
		ids = append(ids, o.ID)
	}
	paid, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-list", Txid: mustGet(t, s, ids[1]).Txid, Valor: 8990, Horario: now}, store.Capacity{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: "souza", Limit: 1})
	if err != nil || page.Total != 2 || len(page.Orders) != 1 || page.Orders[0].ID != ids[2] || page.NextCursor == "" {
		t.Fatalf("search souza: %+v %v", page, err)
	}
	page, err = s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: "souza", Limit: 1, Cursor: page.NextCursor})
	if err != nil || len(page.Orders) != 1 || page.Orders[0].ID != ids[0] || page.NextCursor != "" {
		t.Fatalf("second page: %+v %v", page, err)
	}
	for _, q := range []string{strings.ToLower(paid.Inscricoes[0].Codigo), paid.Inscricoes[0].DocNumero} {
		if page, _ := s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: q}); page.Total != 1 || page.Orders[0].ID != ids[1] {
			t.Errorf("search %q: %+v", q, page)
		}
	}
	if page, _ := s.EventOrders(ctx, store.OrderQuery{EventID: eventID, Status: store.OrderPaid}); page.Total != 1 {
		t.Errorf("status pago: %d", page.Total)
	}
	if mine, err := s.OrdersOfBuyer(ctx, "l-1"); err != nil || len(mine) != 1 || mine[0].ID != ids[1] {
		t.Errorf("the buyer's orders: %+v %v", mine, err)
	}
	open, err := s.OrdersAwaitingPayment(ctx, now.Add(2*time.Second), now.Add(-24*time.Hour))
	if err != nil || len(open) != 2 || open[0].ID != ids[0] || open[1].ID != ids[2] {
		t.Errorf("awaiting payment: %d %v", len(open), err)
	}
	if older, err := s.OrdersAwaitingPayment(ctx, now.Add(time.Second), now.Add(-24*time.Hour)); err != nil || len(older) != 1 || older[0].ID != ids[0] {
		t.Errorf("awaiting payment, created by a second after the first: %d %v", len(older), err)
	}
	h, err := s.OrderHistory(ctx, ids[1])
	if err != nil || len(h) != 2 || h[0].Tipo != store.OrderCreated || h[1].Tipo != store.OrderPaidEvent {
		t.Fatalf("history: %+v %v", h, err)
	}
	if _, err := s.Order(ctx, "nenhum"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown order: %v", err)
	}
}

func mustGet(t *testing.T, s store.Store, id string) store.Order {
	t.Helper()
	o, err := s.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// REG-49: refunds never return more than their payment received (a retried id is the same refund, a
// refund NAO_REALIZADO gives its amount back); a paid order refunded in full (DEVOLVIDO) is
// reembolsado and frees its slots.
func testOrderRefunds(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"5 km": 1}}
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "r1", now, c, athlete("Ana Reembolso", "5 km", "")))
	e2e := "E-refund-1"
	if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: e2e, Txid: o.Txid, Valor: o.Total, Horario: now}, c); err != nil {
		t.Fatal(err)
	}
	by := store.Actor{UserID: "dono-1", Nome: "Dona", At: now}
	refund := func(id string, valor money.Centavos) error {
		_, err := s.AddRefund(ctx, o.ID, store.Refund{ID: id, EndToEndID: e2e, Valor: valor, Motivo: "pedido do atleta"}, by)
		return err
	}
	if err := refund("D1", 4000); err != nil {
		t.Fatal(err)
	}
	if err := refund("D1", 4000); err != nil { // a retry
		t.Fatal(err)
	}
	if h, err := s.OrderHistory(ctx, o.ID); err != nil || len(h) == 0 || h[len(h)-1].Tipo != store.OrderRefundEvent ||
		!strings.Contains(string(h[len(h)-1].Detalhe), `"por":"Dona"`) || !strings.Contains(string(h[len(h)-1].Detalhe), `"valor":4000`) {
		t.Fatalf("the refund's history names who asked, and its valor in centavos: %+v %v", h, err)
	}
	if err := refund("D2", o.Total-3999); !errors.Is(err, store.ErrRefundTooLarge) {
		t.Fatalf("refunding more than received: %v", err)
	}
	if _, err := s.SetRefundStatus(ctx, "D1", store.RefundFailed, now); err != nil {
		t.Fatal(err)
	}
	if err := refund("D2", o.Total); err != nil {
		t.Fatalf("the whole amount after a failed refund: %v", err)
	}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "D3", EndToEndID: "E-none", Valor: 1}, by); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refund of no payment: %v", err)
	}
	if _, err := s.CreateOrder(ctx, order(eventID, "r2", now, c, athlete("Bia", "5 km", ""))); !errors.Is(err, store.ErrSoldOut) {
		t.Fatalf("before the refund is done: %v, want sold out", err)
	}
	got, err := s.SetRefundStatus(ctx, "D2", store.RefundReturned, now)
	if err != nil || got.Status != store.OrderRefunded || got.Inscricoes[0].Status != store.RegistrationCanceled || len(got.Reembolsos) != 2 {
		t.Fatalf("refunded in full: %+v %v", got, err)
	}
	mustOrder(t, s, order(eventID, "r2", now, c, athlete("Bia", "5 km", "")))
	if _, err := s.SetRefundStatus(ctx, "nenhum", store.RefundReturned, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown refund: %v", err)
	}
}

// REG-50: the charge's copy-and-paste code and location are kept on the order; an order whose charge
// could not be made is discarded and leaves no hold.
func testOrderCharge(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"5 km": 1}}
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "p1", now, c, athlete("Ana Pix", "5 km", "")))
	if err := s.SetOrderPix(ctx, o.ID, "00020101021226...6304ABCD", "pix.exemplo.com.br/qr/v2/abc"); err != nil {
		t.Fatal(err)
	}
	if got := mustGet(t, s, o.ID); got.CopiaECola != "00020101021226...6304ABCD" || got.Location != "pix.exemplo.com.br/qr/v2/abc" {
		t.Fatalf("charge kept: %+v", got)
	}
	failed := mustOrder(t, s, order(eventID, "p2", now, store.Capacity{}, athlete("Bia Sem PSP", "21,1 km", "")))
	if err := s.DiscardOrder(ctx, failed.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Order(ctx, failed.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a discarded order remains: %v", err)
	}
	if err := s.DiscardOrder(ctx, failed.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("discarding twice: %v", err)
	}
	if _, err := s.CancelOrder(ctx, o.ID, store.Actor{UserID: "p1", At: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOrderPix(ctx, o.ID, "x", "y"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a cancelled order's charge: %v", err)
	}
	mustOrder(t, s, order(eventID, "p3", now, c, athlete("Caio", "5 km", ""))) // the cancelled hold is free
}

// REG-83, REG-84, REG-82: a confirmed registration is found by its athlete's e-mail (in any case)
// and by its code; the receipt of a paid order is claimed once, that of an unpaid order never.
func testOrderLookups(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "buyer-lookups", now, store.Capacity{}, athlete("Clara Lookup", "5 km", "")))
	if got, err := s.OrdersOfAthleteEmail(ctx, "clara@exemplo.com.br"); err != nil || len(got) != 0 {
		t.Fatalf("unpaid order by athlete e-mail: %d %v, want none", len(got), err)
	}
	if ok, err := s.ClaimOrderReceipt(ctx, o.ID, now); ok || err != nil {
		t.Fatalf("claim of an unpaid order: %v %v", ok, err)
	}
	paid, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-lookup", Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.OrdersOfAthleteEmail(ctx, "CLARA@Exemplo.com.br")
	if err != nil || len(got) != 1 || got[0].ID != o.ID {
		t.Fatalf("by athlete e-mail: %+v %v", got, err)
	}
	byCode, err := s.OrderOfCode(ctx, paid.Inscricoes[0].Codigo)
	if err != nil || byCode.ID != o.ID {
		t.Fatalf("by code: %+v %v", byCode, err)
	}
	if _, err := s.OrderOfCode(ctx, "NAOEXISTE1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown code: %v", err)
	}
	var claimed atomic.Int64
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			ok, err := s.ClaimOrderReceipt(ctx, o.ID, now)
			if err != nil {
				t.Error(err)
			}
			if ok {
				claimed.Add(1)
			}
		})
	}
	wg.Wait()
	if claimed.Load() != 1 {
		t.Fatalf("receipt claimed %d times, want once", claimed.Load())
	}
}
