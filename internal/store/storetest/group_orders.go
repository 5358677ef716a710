package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testGroupOrders(t *testing.T, open Open) {
	t.Run("JoinInTheOrder", func(t *testing.T) { testGroupOrderJoins(t, open(t)) })
	t.Run("SizeLimitAndCoach", func(t *testing.T) { testGroupOrderLimits(t, open(t)) })
	t.Run("Race", func(t *testing.T) { GroupOrderRace(t, open(t)) })
	t.Run("SetAllOrNone", func(t *testing.T) { testGroupOrderSet(t, open(t)) })
}

// GRP-71, GRP-72: a set of orders (a coach's spreadsheet) is created whole, each order priced
// from the counts the ones before it took, or not at all: a document taken or a place missing
// in its last order leaves none of its orders, and the next order counts as if the set had never
// been tried.
func testGroupOrderSet(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID := orderEvent(t, s)
	g := mustGroup(t, s, newGroup(eventID, "Corre Boa Viagem", "coach"))
	now := time.Now()
	var seen []int
	seeing := func(o store.NewOrder) store.NewOrder {
		price := o.Price
		o.Price = func(taken store.Taken, c *store.Coupon) ([]store.NewRegistration, error) {
			seen = append(seen, taken.Evento, taken.Grupo)
			return price(taken, c)
		}
		return o
	}
	held := athlete("Ana Antes", "5 km", "")
	mustOrder(t, s, order(eventID, "b1", now, store.Capacity{}, held))
	set := func(last ...store.NewRegistration) []store.NewOrder {
		return []store.NewOrder{
			seeing(groupOrder(eventID, "coach", g.Codigo, 10, now, athlete("Bia Um", "5 km", ""), athlete("Caio Dois", "5 km", ""))),
			seeing(groupOrder(eventID, "coach", g.Codigo, 10, now, athlete("Duda Tres", "5 km", ""), athlete("Eli Quatro", "5 km", ""))),
			seeing(groupOrder(eventID, "coach", g.Codigo, 10, now, last...)),
		}
	}
	_, failed, err := s.CreateOrderSet(ctx, set(athlete("Fabi Cinco", "5 km", ""), held))
	var taken *store.AlreadyRegisteredError
	if !errors.As(err, &taken) || failed != 2 || taken.Index != 1 {
		t.Fatalf("a document held in the last order: %v at order %d, want AlreadyRegisteredError at order 2, athlete 1", err, failed)
	}
	five := 5
	sold := set(athlete("Gil Cinco", "5 km", ""), athlete("Hugo Seis", "5 km", ""))
	for i := range sold {
		sold[i].Vagas = store.Capacity{Evento: &five}
	}
	if _, failed, err = s.CreateOrderSet(ctx, sold); !errors.Is(err, store.ErrSoldOut) || failed != 2 {
		t.Fatalf("past the event's places in the last order: %v at order %d, want ErrSoldOut at order 2", err, failed)
	}
	if got, _ := s.TakenCounts(ctx, eventID, now); got.Evento != 1 {
		t.Fatalf("refused sets held registrations: %d held, want 1", got.Evento)
	}
	seen = nil
	made, _, err := s.CreateOrderSet(ctx, set(athlete("Iara Cinco", "5 km", "")))
	if err != nil || len(made) != 3 {
		t.Fatalf("the set: %v (%d orders)", err, len(made))
	}
	if want := []int{1, 0, 3, 2, 5, 4}; !slices.Equal(seen, want) {
		t.Errorf("the pricers saw (event, group) %v, want %v: each order counts the ones before it", seen, want)
	}
	for i, o := range made {
		if o.BuyerID != "coach" || o.Status != store.OrderAwaiting {
			t.Errorf("order %d: %+v", i, o)
		}
		if read, err := s.Order(ctx, o.ID); err != nil || read.Total != o.Total || len(read.Inscricoes) != len(o.Inscricoes) {
			t.Errorf("order %d read back %+v (%v), made %+v", i, read, err, o)
		}
	}
	if got, err := s.Group(ctx, g.ID, now); err != nil || got.Inscritos != 5 {
		t.Errorf("the group after the set: %+v %v; want 5", got, err)
	}
}

// groupOrder is order with the group of codigo, at most max registrations.
func groupOrder(eventID, buyer, codigo string, max int, now time.Time, items ...store.NewRegistration) store.NewOrder {
	o := order(eventID, buyer, now, store.Capacity{}, items...)
	o.Grupo = &store.OrderGroup{Codigo: codigo, Max: max}
	return o
}

// GRP-17, GRP-21: every registration of an order with a group joins it in the order's own
// transaction, its group tier's percent kept and read back; the pricer is handed the group's
// registrations held or confirmed before the order. A code of no group of the event (another
// event's included) holds nothing.
func testGroupOrderJoins(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID, other := orderEvent(t, s), orderEvent(t, s)
	g := mustGroup(t, s, newGroup(eventID, "Assessoria Pé Quente", "coach"))
	elsewhere := mustGroup(t, s, newGroup(other, "Equipe de Fora", "coach"))
	now := time.Now()
	first := mustOrder(t, s, groupOrder(eventID, "b1", g.Codigo, 200, now, athlete("Ana Grupo", "5 km", ""), athlete("Bia Grupo", "5 km", "")))
	var seen []int
	second := groupOrder(eventID, "b2", g.Codigo, 200, now)
	discounted := athlete("Caio Grupo", "10 km", "")
	discounted.Desconto, discounted.Total, discounted.DescontoGrupo = 899, 8091, 10
	second.Price = func(taken store.Taken, _ *store.Coupon) ([]store.NewRegistration, error) {
		seen = append(seen, taken.Grupo)
		return []store.NewRegistration{discounted}, nil
	}
	made := mustOrder(t, s, second)
	if !slices.Equal(seen, []int{2}) {
		t.Errorf("the pricer saw the group's count %v, want [2]", seen)
	}
	if made.Inscricoes[0].DescontoGrupo != 10 {
		t.Errorf("the group tier kept: %+v", made.Inscricoes[0])
	}
	if got, err := s.Group(ctx, g.ID, now); err != nil || got.Inscritos != 3 {
		t.Fatalf("the group after its orders: %+v %v; want 3 held", got, err)
	}
	members, err := s.GroupMembers(ctx, g.ID, now)
	if err != nil || len(members) != 3 || members[0].OrderID != first.ID || members[2].OrderID != made.ID {
		t.Errorf("members %+v %v", members, err)
	}
	plain := mustOrder(t, s, order(eventID, "b3", now, store.Capacity{}, athlete("Duda Sem Grupo", "5 km", "")))
	if plain.Inscricoes[0].DescontoGrupo != 0 {
		t.Errorf("an order without a group: %+v", plain.Inscricoes[0])
	}
	for name, codigo := range map[string]string{"unknown": "ZZZZZZZZ", "another event's": elsewhere.Codigo} {
		_, err := s.CreateOrder(ctx, groupOrder(eventID, "b4", codigo, 200, now, athlete("Eli Perdida", "5 km", "")))
		if !errors.Is(err, store.ErrGroupUnknown) {
			t.Errorf("%s code: %v, want ErrGroupUnknown", name, err)
		}
	}
	if taken, _ := s.TakenCounts(ctx, eventID, now); taken.Evento != 4 {
		t.Errorf("refused orders held registrations: %d held, want 4", taken.Evento)
	}

	// GRP-23: a group's sales are its confirmed registrations.
	if sales, err := s.GroupSales(ctx, eventID); err != nil || len(sales) != 0 {
		t.Errorf("sales while held: %+v %v", sales, err)
	}
	if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E12345678202612071200gruposale01", Txid: made.Txid, Valor: made.Total,
		Horario: now}, store.Capacity{}); err != nil {
		t.Fatal(err)
	}
	if sales, err := s.GroupSales(ctx, eventID); err != nil || len(sales) != 1 ||
		sales[0] != (store.GroupSale{Nome: "Assessoria Pé Quente", Inscricoes: 1, Total: 8091}) {
		t.Errorf("sales once paid: %+v %v", sales, err)
	}
}

// GRP-18, GRP-19: an order that would take its group past its limit is refused whole, saying
// the group's count; a coach's orders for the group count against the group's limit, not the
// per-account cap, which still binds anyone else and the coach's orders without it.
func testGroupOrderLimits(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID := orderEvent(t, s)
	g := mustGroup(t, s, newGroup(eventID, "Corre Olinda", "coach"))
	now := time.Now()
	mustOrder(t, s, groupOrder(eventID, "b1", g.Codigo, 4, now, athlete("Ana Um", "5 km", ""), athlete("Bia Dois", "5 km", "")))
	_, err := s.CreateOrder(ctx, groupOrder(eventID, "b2", g.Codigo, 4, now,
		athlete("Caio Tres", "5 km", ""), athlete("Duda Quatro", "5 km", ""), athlete("Eli Cinco", "5 km", "")))
	var full *store.GroupFullError
	if !errors.As(err, &full) || !errors.Is(err, store.ErrGroupFull) || *full != (store.GroupFullError{Nome: "Corre Olinda", Held: 2, Max: 4}) {
		t.Fatalf("past the group's limit: %v, want a GroupFullError of 2 held, 4 at most", err)
	}
	if got, _ := s.Group(ctx, g.ID, now); got.Inscritos != 2 {
		t.Errorf("the refused order joined: %+v", got)
	}

	big := mustGroup(t, s, newGroup(eventID, "Corre Recife", "coach"))
	capped := func(o store.NewOrder) store.NewOrder { o.InscricoesPorContaMax = 2; return o }
	mustOrder(t, s, capped(groupOrder(eventID, "coach", big.Codigo, 200, now,
		athlete("Fabi Coach", "5 km", ""), athlete("Gil Coach", "5 km", ""), athlete("Hugo Coach", "5 km", ""))))
	mustOrder(t, s, capped(order(eventID, "coach", now, store.Capacity{}, athlete("Iara Propria", "5 km", ""), athlete("Joao Proprio", "5 km", ""))))
	_, err = s.CreateOrder(ctx, capped(groupOrder(eventID, "b3", big.Codigo, 200, now,
		athlete("Kaio Um", "5 km", ""), athlete("Lia Dois", "5 km", ""), athlete("Mel Tres", "5 km", ""))))
	var limit *store.RegistrationLimitError
	if !errors.As(err, &limit) || limit.Max != 2 {
		t.Errorf("an athlete who is not its coach past the cap with a group: %v, want RegistrationLimitError", err)
	}
	_, err = s.CreateOrder(ctx, capped(order(eventID, "coach", now, store.Capacity{}, athlete("Nina Mais", "5 km", ""))))
	if !errors.As(err, &limit) || limit.Held != 2 {
		t.Errorf("the coach's own orders past the cap: %v, want RegistrationLimitError of 2 held", err)
	}
}

// GroupOrderRace has eight buyers order one athlete each for one group at once on the given
// stores (several instances of one database take turns): each order is priced from a count of
// the group no other order saw, 0 to 7, so that two racing orders never both miss a tier (GRP-21).
func GroupOrderRace(t *testing.T, stores ...store.Store) {
	ctx := context.Background()
	mustCreateUser(t, stores[0], "coach", "coach@exemplo.com.br")
	eventID := orderEvent(t, stores[0])
	g := mustGroup(t, stores[0], newGroup(eventID, "Corre Junto", "coach"))
	const n = 8
	seen := make([]int, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := groupOrder(eventID, fmt.Sprint("buyer-", i), g.Codigo, 200, time.Now())
			items := []store.NewRegistration{athlete(fmt.Sprint("Atleta ", i), "5 km", "")}
			o.Price = func(taken store.Taken, _ *store.Coupon) ([]store.NewRegistration, error) {
				seen[i] = taken.Grupo // a retried transaction prices again: the last count is the one kept
				return items, nil
			}
			_, errs[i] = stores[i%len(stores)].CreateOrder(ctx, o)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("order %d: %v", i, err)
		}
	}
	slices.Sort(seen)
	if !slices.Equal(seen, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("the counts the orders were priced from: %v, want each of 0 to 7 once", seen)
	}
	if got, err := stores[0].Group(ctx, g.ID, time.Now()); err != nil || got.Inscritos != n {
		t.Errorf("the group after the race: %+v %v", got, err)
	}
}
