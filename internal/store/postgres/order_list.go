package postgres

import (
	"context"

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
