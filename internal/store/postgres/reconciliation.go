package postgres

import (
	"context"
	"time"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// ClaimReconciliation implements store.ReconciliationStore; the insert's conflict is the lock.
func (s *Store) ClaimReconciliation(ctx context.Context, day string, now, staleBefore time.Time) (bool, error) {
	var won bool
	err := s.inOrderTx(ctx, nil, func(tx sale.OrderTx) (err error) {
		won, err = sale.ClaimReconciliationTx(ctx, tx, day, now, staleBefore)
		return err
	})
	return won, err
}

// SaveReconciliation implements store.ReconciliationStore.
func (s *Store) SaveReconciliation(ctx context.Context, r store.Reconciliation) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.SaveReconciliationTx(ctx, tx, r) })
}
