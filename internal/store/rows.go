package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Scanner is one row to read: *sql.Row, *sql.Rows, pgx.Row and pgx.Rows all are. The scanners
// here read time columns into *time.Time and **time.Time (NULL: nil); a driver that stores times
// in another form (SQLite: unix milliseconds or text) hands them a Scanner that converts.
type Scanner interface {
	Scan(dest ...any) error
}

// Rows is a query's answer, read row by row: pgx.Rows is one; SQLite wraps *sql.Rows.
type Rows interface {
	Scanner
	Next() bool
	Err() error
	Close()
}

// Query runs a read query: a driver's, for the readers written once here.
type Query func(ctx context.Context, sql string, args ...any) (Rows, error)

// Collect reads every row with scan; none is an empty list.
func Collect[T any](rows Rows, scan func(Scanner) (T, error)) ([]T, error) {
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// QueryAll runs sql with query and reads every row with scan; what starts its errors
// ("postgres: listing staff").
func QueryAll[T any](ctx context.Context, query Query, what string, scan func(Scanner) (T, error), sql string, args ...any) ([]T, error) {
	rows, err := query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	out, err := Collect(rows, scan)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// ScanOne reads the row of a query that selects one with scan: no row is ErrNotFound; what
// starts the other errors.
func ScanOne[T any](row Scanner, what string, scan func(Scanner) (T, error)) (T, error) {
	v, err := scan(row)
	if err != nil {
		var zero T
		if IsNoRows(err) {
			return zero, ErrNotFound
		}
		return zero, fmt.Errorf("%s: %w", what, err)
	}
	return v, nil
}

// IsNoRows reports whether err is a driver's "no row" (pgx.ErrNoRows wraps sql.ErrNoRows).
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}

// WithKey is a row whose first column, a key (an order's id, an event's), goes to *ID before the
// columns its reader scans.
type WithKey struct {
	Scanner
	ID *string
}

func (w WithKey) Scan(dest ...any) error {
	return w.Scanner.Scan(append([]any{w.ID}, dest...)...)
}
