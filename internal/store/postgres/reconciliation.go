package postgres

import (
	"context"
	"time"

	"pelotao/internal/store"
)

// ClaimReconciliation implements store.ReconciliationStore; the insert's conflict is the lock.
func (s *Store) ClaimReconciliation(ctx context.Context, day string, now, staleBefore time.Time) (bool, error) {
	var won bool
	err := s.inOrderTx(ctx, nil, func(tx store.OrderTx) (err error) {
		won, err = store.ClaimReconciliationTx(ctx, tx, day, now, staleBefore)
		return err
	})
	return won, err
}

// SaveReconciliation implements store.ReconciliationStore.
func (s *Store) SaveReconciliation(ctx context.Context, r store.Reconciliation) error {
	return s.inOrderTx(ctx, nil, func(tx store.OrderTx) error { return store.SaveReconciliationTx(ctx, tx, r) })
}
