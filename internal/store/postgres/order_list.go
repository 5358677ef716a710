package postgres

import (
	"context"
	"strings"
	"time"

	"pelotao/internal/store"
)

// EventOrders implements store.OrderStore from the event's orders kept in memory: each call reads
// where they stand (one row, so another server's writes are seen at once; the read shared by
// the calls asking together, joined), and the list reads only what changed since it.
func (s *Store) EventOrders(ctx context.Context, q store.OrderQuery) (store.OrderPage, error) {
	at, err := s.orderRev(ctx, q.EventID)
	if err != nil {
		return store.OrderPage{}, err
	}
	return s.orderLists.Page(ctx, q, at, s.OrdersChangedAfter)
}

// EventFinance implements store.OrderStore from the event's orders kept in memory, as
// EventOrders.
func (s *Store) EventFinance(ctx context.Context, eventID string, now time.Time) (store.Finance, error) {
	at, err := s.orderRev(ctx, eventID)
	if err != nil {
		return store.Finance{}, err
	}
	return s.orderLists.Finance(ctx, eventID, now, at, s.OrdersChangedAfter)
}

func (s *Store) orderRev(ctx context.Context, eventID string) (store.OrderRev, error) {
	return s.orderRevs.get(eventID, func() (store.OrderRev, error) { return s.OrderRev(ctx, eventID) })
}

// Buyers implements store.OrderStore, its read shared by the calls asking together (joined):
// the clients reading one page of the orders list ask for the same accounts.
func (s *Store) Buyers(ctx context.Context, ids []string) (map[string]store.Buyer, error) {
	return s.buyers.get(strings.Join(ids, " "), func() (map[string]store.Buyer, error) { return s.OrderReader.Buyers(ctx, ids) })
}
