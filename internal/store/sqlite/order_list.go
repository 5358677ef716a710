package sqlite

import (
	"context"
	"strings"
	"time"

	"pelotao/internal/store"
)

// EventOrders implements store.OrderStore from the event's orders kept in memory: the rev where
// they stand is read again after each write of this process (fresh), and the list reads only
// what changed since it.
func (s *Store) EventOrders(ctx context.Context, q store.OrderQuery) (store.OrderPage, error) {
	at, err := s.orderRevs.get(q.EventID, func() (store.OrderRev, error) { return s.OrderRev(ctx, q.EventID) })
	if err != nil {
		return store.OrderPage{}, err
	}
	return s.orderLists.Page(ctx, q, at, s.OrdersChangedAfter)
}

// EventFinance implements store.OrderStore from the event's orders kept in memory, as
// EventOrders.
func (s *Store) EventFinance(ctx context.Context, eventID string, now time.Time) (store.Finance, error) {
	at, err := s.orderRevs.get(eventID, func() (store.OrderRev, error) { return s.OrderRev(ctx, eventID) })
	if err != nil {
		return store.Finance{}, err
	}
	return s.orderLists.Finance(ctx, eventID, now, at, s.OrdersChangedAfter)
}

// Buyers implements store.OrderStore, kept between writes (fresh) as a request's own rows are:
// the clients reading one page of the orders list ask for the same accounts.
func (s *Store) Buyers(ctx context.Context, ids []string) (map[string]store.Buyer, error) {
	return s.buyers.get(strings.Join(ids, " "), func() (map[string]store.Buyer, error) { return s.OrderReader.Buyers(ctx, ids) })
}
