package postgres

import (
	"context"
	"time"

	"pelotao/internal/store"
)

// EventOrders implements store.OrderStore from the event's orders kept in memory: each call reads
// where they stand (one row, so another server's writes are seen at once), and the list reads
// only what changed since it.
func (s *Store) EventOrders(ctx context.Context, q store.OrderQuery) (store.OrderPage, error) {
	at, err := s.OrderRev(ctx, q.EventID)
	if err != nil {
		return store.OrderPage{}, err
	}
	return s.orderLists.Page(ctx, q, at, s.OrdersChangedAfter)
}

// EventFinance implements store.OrderStore from the event's orders kept in memory, as
// EventOrders.
func (s *Store) EventFinance(ctx context.Context, eventID string, now time.Time) (store.Finance, error) {
	at, err := s.OrderRev(ctx, eventID)
	if err != nil {
		return store.Finance{}, err
	}
	return s.orderLists.Finance(ctx, eventID, now, at, s.OrdersChangedAfter)
}
