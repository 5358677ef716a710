package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
)

// db is the store as store.DB for the areas written once for both databases (accounts, check-in,
// participants).
type db struct{ s *Store }

func (d db) Exec(ctx context.Context, q string, a ...any) (int64, error) {
	tag, err := d.s.pool.Exec(ctx, rebind(q), a...)
	if isUniqueViolation(err) {
		return 0, fmt.Errorf("%w: %v", store.ErrConflict, err)
	}
	return tag.RowsAffected(), err
}

func (d db) QueryRow(ctx context.Context, q string, a ...any) store.Scanner {
	return d.s.pool.QueryRow(ctx, rebind(q), a...)
}

func (d db) Query(ctx context.Context, q string, a ...any) (store.Rows, error) {
	return d.s.orderQuery(ctx, q, a...)
}

// InTx runs fn in a transaction as orderTx, the order engine's.
func (d db) InTx(ctx context.Context, fn func(store.Tx) error) error {
	return pgx.BeginFunc(ctx, d.s.pool, func(tx pgx.Tx) error { return fn(orderTx{tx}) })
}

// Lock implements store.Tx and sale.OrderTx with a transaction-scoped advisory lock on key.
func (t orderTx) Lock(ctx context.Context, key string) error {
	if _, err := t.tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key); err != nil {
		return fmt.Errorf("postgres: lock %s: %w", key, err)
	}
	return nil
}
