package store

import (
	"context"
	"time"
)

// Statements runs SQL as the code written once for both databases writes it (the packages under
// internal/store that implement an area's store, and the order engine): ? parameters (a driver
// rewrites them to its own), times as time.Time both ways (NullTime for a nullable one), and a
// unique violation as ErrConflict.
type Statements interface {
	Exec(ctx context.Context, sql string, args ...any) (int64, error) // the rows it changed
	QueryRow(ctx context.Context, sql string, args ...any) Scanner
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
}

// Tx is a write transaction of DB.InTx.
type Tx interface {
	Statements
	// NextRevs takes n values of the participants' change counter (see ParticipantStore).
	NextRevs(ctx context.Context, n int) (int64, error)
	// Lock makes the transactions that lock the same key take turns until they end, across every
	// instance on the database (SQLite's single writer already does).
	Lock(ctx context.Context, key string) error
}

// DB is a database as the code written once for both uses it: its statements outside a
// transaction (a read, or one write committed at once), and write transactions.
type DB interface {
	Statements
	// InTx runs fn in a write transaction, committed when fn returns nil.
	InTx(ctx context.Context, fn func(Tx) error) error
}

// NullTime is t as a parameter of Statements: NULL for the zero time.
func NullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}
