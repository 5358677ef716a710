package sqlite

import (
	"context"
	"database/sql"

	"pelotao/internal/store"
)

// db is the store as store.DB for the areas written once for both databases (accounts, check-in,
// participants): reads through the read pool, writes through the single writer, which already
// makes every write transaction take its turn.
type db struct{ s *Store }

// Exec runs one statement in a transaction of its own: SQLite commits a lone statement as one anyway.
func (d db) Exec(ctx context.Context, q string, a ...any) (n int64, err error) {
	err = d.InTx(ctx, func(tx store.Tx) (err error) {
		n, err = tx.Exec(ctx, q, a...)
		return err
	})
	return n, err
}

func (d db) QueryRow(ctx context.Context, q string, a ...any) store.Scanner {
	return timeRow{d.s.read.hotRow(ctx, q, args(a)...)}
}

func (d db) Query(ctx context.Context, q string, a ...any) (store.Rows, error) {
	return d.s.orderQuery(ctx, q, a...)
}

// InTx runs fn in a transaction of the writer, as orderTx: the order engine's statements, each
// prepared once in the transaction.
func (d db) InTx(ctx context.Context, fn func(store.Tx) error) error {
	tx, err := d.s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(orderTx{tx: tx, stmts: map[string]*sql.Stmt{}}); err != nil {
		return err
	}
	return tx.Commit()
}

// Lock implements store.Tx and sale.OrderTx: the single writer already serialises every write transaction.
func (orderTx) Lock(context.Context, string) error { return nil }
