package readmodel

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/textfold"
)

// OrderList is an event's orders in memory, with an index of every three bytes of their search
// texts: a page of the organizer's list, searched over 30,000 orders, is answered from it in
// well under a millisecond, where a database reads every order's text for the count alone.
//
// A list holds every change up to rev. It is never changed once made: a newer one replaces it,
// so readers need no lock.
type OrderList struct {
	rev    int64
	orders []*store.ListedOrder // oldest first, by (CriadoEm, ID): the page reads it backwards
	pos    map[string]int32     // order id → index in orders
	grams  map[gram][]int32     // three bytes → the indexes of the orders whose search text has them, ascending

	searches     sync.Map     // status and words → the orders found: see matching
	searchesKept atomic.Int32 // how many searches were kept
	pages        sync.Map     // a pageKey → its store.OrderPage, shared by whoever asks it again: see Page
	pagesKept    atomic.Int32 // how many pages were kept

	summed sync.Once     // sums and holds are made by the first Finance
	sums   store.Finance // the orders by stored status
	holds  []time.Time   // the ExpiraEm of the orders awaiting payment, sorted
}

// gram is three consecutive bytes of a search text.
type gram uint32

func gramAt(s string, i int) gram { return gram(s[i])<<16 | gram(s[i+1])<<8 | gram(s[i+2]) }

func olderOrder(a, b *store.ListedOrder) int {
	return cmp.Or(a.CriadoEm.Compare(b.CriadoEm), cmp.Compare(a.ID, b.ID))
}

// newOrderList makes the list of orders (in any order), holding every change up to rev.
func newOrderList(rev int64, orders []*store.ListedOrder) *OrderList {
	slices.SortFunc(orders, olderOrder)
	l := &OrderList{rev: rev, orders: orders, pos: make(map[string]int32, len(orders)), grams: map[gram][]int32{}}
	shared := map[string]string{}
	for i, o := range orders {
		shareStrings(o, shared)
		l.pos[o.ID] = int32(i)
		for j := 0; j+3 <= len(o.Busca); j++ {
			g := gramAt(o.Busca, j)
			// Indexes come in order, so an order's repeated gram is the list's last.
			if list := l.grams[g]; len(list) == 0 || list[len(list)-1] != int32(i) {
				l.grams[g] = append(list, int32(i))
			}
		}
	}
	return l
}

// shareStrings makes the strings o repeats from other orders (its event, statuses, modality,
// lot, category, shirt size) the ones already in shared. A list holds tens of thousands of
// orders that the garbage collector walks through at each of its cycles: each string made
// once is an object it need not visit again.
func shareStrings(o *store.ListedOrder, shared map[string]string) {
	share := func(s *string) {
		if v, ok := shared[*s]; ok {
			*s = v
		} else {
			shared[*s] = *s
		}
	}
	share(&o.EventID)
	share(&o.Status)
	for k := range o.Inscricoes {
		r := &o.Inscricoes[k]
		for _, s := range []*string{&r.DocTipo, &r.Percurso, &r.Lote, &r.Categoria, &r.Camiseta, &r.Status} {
			share(s)
		}
	}
}

// with is l after the changes in changed (rev being where they leave the event), or false when
// they cannot be laid on it and the whole list must be read again: an order created before the
// newest one l holds (another server's clock), or a search text that lost words. A changed order
// keeps its place and adds the grams of its text's new words (a payment adds the registration
// codes, an edit the new name); a new order goes last.
func (l *OrderList) with(rev int64, changed []store.ListedOrder) (*OrderList, bool) {
	next := &OrderList{rev: rev, orders: slices.Clone(l.orders), pos: l.pos, grams: l.grams}
	if len(changed) == 0 {
		return next, true
	}
	next.grams = maps.Clone(l.grams)
	newPos := false           // next.pos copied from l.pos
	cloned := map[gram]bool{} // lists copied for next, so free to change
	add := func(g gram, i int32) {
		list := next.grams[g]
		at, found := slices.BinarySearch(list, i)
		if found {
			return
		}
		if !cloned[g] {
			list, cloned[g] = slices.Clone(list), true
		}
		next.grams[g] = slices.Insert(list, at, i)
	}
	slices.SortFunc(changed, func(a, b store.ListedOrder) int { return olderOrder(&a, &b) })
	for k := range changed {
		o := &changed[k]
		i, ok := l.pos[o.ID]
		old := ""
		switch {
		case ok:
			old = next.orders[i].Busca
			if !strings.HasPrefix(o.Busca, old) {
				return nil, false
			}
			next.orders[i] = o
		case len(next.orders) > 0 && olderOrder(o, next.orders[len(next.orders)-1]) <= 0:
			return nil, false
		default:
			if !newPos {
				next.pos, newPos = maps.Clone(l.pos), true
			}
			i = int32(len(next.orders))
			next.orders = append(next.orders, o)
			next.pos[o.ID] = i
		}
		for j := max(0, len(old)-2); j+3 <= len(o.Busca); j++ {
			add(gramAt(o.Busca, j), i)
		}
	}
	return next, true
}

// Len is the number of orders in the list.
func (l *OrderList) Len() int { return len(l.orders) }

// Page answers q: the orders, newest first, with q.Status (any when empty) whose search text
// holds every word of q.Q (anywhere: "silv" finds "silva"), after its cursor (an offset). A page
// asked again is the one made the first time, its orders shared (store.OrderStore.EventOrders):
// copying 50 orders for each request was half of what the searched list allocated under load.
func (l *OrderList) Page(q store.OrderQuery) (store.OrderPage, error) {
	limit := store.PageLimit(q.Limit)
	offset := 0
	if q.Cursor != "" {
		n, err := strconv.Atoi(q.Cursor)
		if err != nil || n < 0 {
			return store.OrderPage{}, store.ErrBadCursor
		}
		offset = n
	}
	words := textfold.Words(q.Q)
	key := pageKey{search: searchKey(q.Status, words), offset: offset, limit: limit}
	if page, ok := l.pages.Load(key); ok {
		return page.(store.OrderPage), nil
	}
	var page store.OrderPage
	if len(words) == 0 && q.Status == "" { // every order: only the page is read
		page.Total = len(l.orders)
		page.Orders = make([]store.Order, 0, max(0, min(limit, len(l.orders)-offset)))
		for i := len(l.orders) - 1 - offset; i >= 0 && len(page.Orders) < limit; i-- {
			page.Orders = append(page.Orders, l.orders[i].Order)
		}
	} else {
		found := l.matching(key.search, q.Status, words)
		page.Total = len(found)
		found = found[min(offset, len(found)):min(offset+limit, len(found))]
		page.Orders = make([]store.Order, len(found))
		for k, i := range found {
			page.Orders[k] = l.orders[i].Order
		}
	}
	if offset+len(page.Orders) < page.Total {
		page.NextCursor = strconv.Itoa(offset + len(page.Orders))
	}
	if l.pagesKept.Add(1) <= maxPagesKept {
		l.pages.Store(key, page)
	}
	return page, nil
}

// pageKey names a page of a list: its search (searchKey) and where it starts and ends.
type pageKey struct {
	search        string
	offset, limit int
}

// maxPagesKept bounds the pages a list keeps: 64 pages of 50 orders are about 1 MB.
const maxPagesKept = 64

// Finance is the event's money as the list holds it at now (store.OrderStore.EventFinance): a
// hold passed at now counts as expired. What does not depend on now is summed once per list.
func (l *OrderList) Finance(now time.Time) store.Finance {
	l.summed.Do(l.sum)
	f := l.sums
	f.Pedidos = maps.Clone(l.sums.Pedidos)
	passed := sort.Search(len(l.holds), func(i int) bool { return l.holds[i].After(now) })
	f.Pedidos[store.OrderAwaiting] -= passed
	f.Pedidos[store.OrderExpired] += passed
	return f
}

// sum adds up the list's money, its orders by status and its confirmed registrations by lot,
// modality and hour paid, and sorts the ends of the orders awaiting payment (holds).
func (l *OrderList) sum() {
	f := store.Finance{Pedidos: map[string]int{}, PorMetodo: map[string]store.MethodMoney{}}
	type group struct {
		lote, percurso string
		hora           int64 // hours since the Unix epoch
	}
	sold := map[group]*store.SoldGroup{}
	for _, o := range l.orders {
		f.Pedidos[o.Status]++
		if o.Status == store.OrderAwaiting {
			l.holds = append(l.holds, o.ExpiraEm)
		}
		for _, metodo := range []string{store.PaymentPix, store.PaymentCard} {
			m := store.MoneyOf(o.Order, metodo)
			f.Recebido += m.Recebido
			f.Reembolsado += m.Reembolsado
			f.ReembolsoEmProcessamento += m.EmProcessamento
			f.PorMetodo[metodo] = f.PorMetodo[metodo].Add(m)
		}
		if o.PagoEm == nil {
			continue
		}
		hora := o.PagoEm.Unix() / 3600
		for _, r := range o.Inscricoes {
			if r.Status != store.RegistrationConfirmed {
				continue
			}
			k := group{r.Lote, r.Percurso, hora}
			g := sold[k]
			if g == nil {
				g = &store.SoldGroup{Lote: r.Lote, Percurso: r.Percurso, Hora: time.Unix(hora*3600, 0).UTC()}
				sold[k] = g
			}
			g.Inscricoes++
			g.Total += r.Total
		}
	}
	slices.SortFunc(l.holds, time.Time.Compare)
	f.Vendas = make([]store.SoldGroup, 0, len(sold))
	for _, g := range sold {
		f.Vendas = append(f.Vendas, *g)
	}
	l.sums = f
}

// searchKey names a search of a list: the status and the words asked for.
func searchKey(status string, words []string) string {
	return status + "\x00" + strings.Join(words, " ")
}

// matching is the orders, newest first, with status (any when empty) whose search text holds
// every word (key their searchKey). The list keeps the answers of its first maxSearchesKept
// searches: the clients paging through one search, or searching alike at once, find it made.
func (l *OrderList) matching(key, status string, words []string) []int32 {
	if found, ok := l.searches.Load(key); ok {
		return found.([]int32)
	}
	found := []int32{}
	each := func(i int32) {
		o := l.orders[i]
		if (status == "" || o.Status == status) && textfold.Matches(o.Busca, words) {
			found = append(found, i)
		}
	}
	if candidates, ok := l.candidates(words); ok {
		for k := len(candidates) - 1; k >= 0; k-- {
			each(candidates[k])
		}
	} else {
		for i := len(l.orders) - 1; i >= 0; i-- {
			each(int32(i))
		}
	}
	if l.searchesKept.Add(1) <= maxSearchesKept {
		l.searches.Store(key, found)
	}
	return found
}

// maxSearchesKept bounds the searches a list keeps: 32 of 30,000 orders are at most 4 MB.
const maxSearchesKept = 32

// candidates is the shortest list of orders having one of the grams of words, which every
// order matching them is on; false when no word is three bytes long, and every order is one.
func (l *OrderList) candidates(words []string) ([]int32, bool) {
	var best []int32
	found := false
	for _, w := range words {
		for j := 0; j+3 <= len(w); j++ {
			list := l.grams[gramAt(w, j)]
			if !found || len(list) < len(best) {
				best, found = list, true
			}
		}
	}
	return best, found
}

// OrderLists keeps the order lists of the events listed lately, of at most maxListedOrders
// orders in all (a 30,000-order list takes about 35 MB).
type OrderLists struct {
	kept    lately[*OrderList]
	loading sync.Mutex // one load at a time: fifty clients arriving together load it once
}

const maxListedOrders = 200_000

// OrderChanges reads an event's orders changed after rev since (every one for 0).
type OrderChanges func(ctx context.Context, eventID string, since int64) ([]store.ListedOrder, error)

// Page answers q from the event's list holding every change up to at (OrderLists.get).
func (c *OrderLists) Page(ctx context.Context, q store.OrderQuery, at store.OrderRev, changes OrderChanges) (store.OrderPage, error) {
	l, err := c.get(ctx, q.EventID, at, changes)
	if err != nil {
		return store.OrderPage{}, err
	}
	return l.Page(q)
}

// Finance answers store.OrderStore.EventFinance from the event's list holding every change up
// to at (OrderLists.get).
func (c *OrderLists) Finance(ctx context.Context, eventID string, now time.Time, at store.OrderRev, changes OrderChanges) (store.Finance, error) {
	l, err := c.get(ctx, eventID, at, changes)
	if err != nil {
		return store.Finance{}, err
	}
	return l.Finance(now), nil
}

// get returns eventID's order list holding every change up to at (where the event's orders
// stand in the database), reading from the database only the orders changed since the list
// kept — all of them when one was deleted since.
func (c *OrderLists) get(ctx context.Context, eventID string, at store.OrderRev, changes OrderChanges) (*OrderList, error) {
	if at.Rev == 0 { // no orders (or the event was deleted)
		c.kept.drop(eventID)
		return newOrderList(0, nil), nil
	}
	if l, ok := c.kept.get(eventID); ok && l.rev >= at.Rev {
		return l, nil
	}
	c.loading.Lock()
	defer c.loading.Unlock()
	l, ok := c.kept.get(eventID)
	if ok && l.rev >= at.Rev { // loaded while this one waited
		return l, nil
	}
	if ok && at.Removido <= l.rev {
		changed, err := changes(ctx, eventID, l.rev)
		if err != nil {
			return nil, err
		}
		if next, ok := l.with(at.Rev, changed); ok {
			c.kept.keep(eventID, next, maxListedOrders)
			return next, nil
		}
	}
	all, err := changes(ctx, eventID, 0)
	if err != nil {
		return nil, err
	}
	orders := make([]*store.ListedOrder, len(all))
	for i := range all {
		orders[i] = &all[i]
	}
	l = newOrderList(at.Rev, orders)
	c.kept.keep(eventID, l, maxListedOrders)
	return l, nil
}
