package sqlite

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/store"
)

// timeLayout stores timestamps as fixed-width UTC text, so comparing the text compares the times.
const timeLayout = "2006-01-02T15:04:05.000000Z"

func unixMilli(t time.Time) int64     { return t.UnixMilli() }
func fromUnixMilli(v int64) time.Time { return time.UnixMilli(v).UTC() }

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) { return time.Parse(timeLayout, s) }

// storedTime is a time as SQLite keeps it: unix milliseconds (INTEGER columns) or timeLayout
// (TEXT columns).
func storedTime(src any) (time.Time, error) {
	switch v := src.(type) {
	case int64:
		return fromUnixMilli(v), nil
	case string:
		return parseTime(v)
	case []byte:
		return parseTime(string(v))
	case time.Time:
		return v.UTC(), nil
	}
	return time.Time{}, fmt.Errorf("sqlite: %T is not a stored time", src)
}

// timeDest reads a stored time into *t.
type timeDest struct{ t *time.Time }

func (d timeDest) Scan(src any) (err error) {
	*d.t, err = storedTime(src)
	return err
}

// nullTimeDest reads a stored time or NULL (nil) into *t.
type nullTimeDest struct{ t **time.Time }

func (d nullTimeDest) Scan(src any) error {
	if src == nil {
		*d.t = nil
		return nil
	}
	t, err := storedTime(src)
	*d.t = &t
	return err
}

// timeDests replaces, in place, the *time.Time and **time.Time destinations of the scanners in
// package store with ones that read SQLite's stored times.
func timeDests(dest []any) []any {
	for i, d := range dest {
		switch t := d.(type) {
		case *time.Time:
			dest[i] = timeDest{t}
		case **time.Time:
			dest[i] = nullTimeDest{t}
		}
	}
	return dest
}

// timeRows is a query's rows as store.Rows, reading SQLite's stored times.
// (*sql.Rows of a transaction, *readRows of the read pool).
type timeRows struct{ sqlRows }

type sqlRows interface {
	store.Scanner
	Next() bool
	Err() error
	Close() error
}

func (r timeRows) Scan(dest ...any) error { return r.sqlRows.Scan(timeDests(dest)...) }
func (r timeRows) Close()                 { r.sqlRows.Close() }

// timeRow is a query's one row as a store.Scanner, reading SQLite's stored times.
type timeRow struct{ store.Scanner }

func (r timeRow) Scan(dest ...any) error { return r.Scanner.Scan(timeDests(dest)...) }

// query runs a read query for the readers in package store.
func (s *Store) query(ctx context.Context, query string, args ...any) (store.Rows, error) {
	rows, err := s.read.rows(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return timeRows{rows}, nil
}
