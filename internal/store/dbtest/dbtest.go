// Package dbtest opens the real databases for the tests of the packages that serve a store:
// a SQLite file, and PostgreSQL in a fresh schema (pgtest).
package dbtest

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/postgres/pgtest"
	"pelotao/internal/store/sqlite"
)

// OpenSQLite opens the database file at path, closed when the test ends.
func OpenSQLite(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// OnBothDatabases runs test on a fresh SQLite file and on a fresh PostgreSQL schema.
func OnBothDatabases(t *testing.T, test func(t *testing.T, st store.Store)) {
	t.Run("sqlite", func(t *testing.T) { test(t, OpenSQLite(t, filepath.Join(t.TempDir(), "c.db"))) })
	t.Run("postgres", func(t *testing.T) {
		st, err := postgres.OpenConfig(context.Background(), pgtest.FreshSchema(t), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		test(t, st)
	})
}
