package sqlite

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"pelotao/internal/store"
	"pelotao/internal/store/storetest"
)

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "pelotao.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStoreMeetsTheConformanceSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestSummaryMigration(t *testing.T) {
	s := openTemp(t)
	storetest.SummaryMigration(t, s, func(ctx context.Context) error {
		if _, err := s.write.ExecContext(ctx, `UPDATE events SET summary = substr(summary, 1, instr(summary, ',"resultados":') - 1) || '}'`); err != nil {
			return err
		}
		if _, err := s.write.ExecContext(ctx, "DELETE FROM schema_migrations WHERE version = '0027_summary_results'"); err != nil {
			return err
		}
		return s.Migrate(ctx)
	})
}

func TestMigrateFromEmptyIsIdempotent(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	first, err := s.Versions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) == 0 || first[0] != "0001_init" {
		t.Fatalf("versions after open: %v", first)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	again, _ := s.Versions(ctx)
	if !slices.Equal(first, again) {
		t.Fatalf("second migrate changed versions: %v → %v", first, again)
	}
}

func TestStoreRunsInWALWithForeignKeys(t *testing.T) {
	s := openTemp(t)
	var mode string
	var fk int
	if err := s.write.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v", mode, err)
	}
	if err := s.read.row(context.Background(), "PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys = %d, %v", fk, err)
	}
}

// The writer keeps its temporary files in memory (2: MEMORY): each order of a batch runs in a
// savepoint, whose journal of the pages it changes was otherwise a file past 64 KB, written a
// page per system call on every order (docs/budgets.md, "Registration").
func TestWriterKeepsSavepointJournalsInMemory(t *testing.T) {
	s := openTemp(t)
	var store int
	if err := s.write.QueryRow("PRAGMA temp_store").Scan(&store); err != nil || store != 2 {
		t.Fatalf("temp_store = %d, %v", store, err)
	}
}

// The read connections are open and idle once Open returns: the first requests after a start
// find them made.
func TestOpenOpensTheReadConnections(t *testing.T) {
	s := openTemp(t)
	stats := s.read.db.Stats()
	if stats.OpenConnections != cap(s.read.turns) || stats.Idle != cap(s.read.turns) {
		t.Fatalf("after Open: %d read connections open, %d idle; want all %d", stats.OpenConnections, stats.Idle, cap(s.read.turns))
	}
}

func TestPingFailsWhenClosed(t *testing.T) {
	s := openTemp(t)
	s.Close()
	if err := s.Ping(context.Background()); err == nil {
		t.Fatal("ping on a closed store succeeded")
	}
}

func TestPathFromURL(t *testing.T) {
	for in, want := range map[string]string{"sqlite:data/pelotao.db": "data/pelotao.db", "sqlite:///tmp/x.db": "/tmp/x.db"} {
		if got := PathFromURL(in); got != want {
			t.Errorf("PathFromURL(%q) = %q, want %q", in, got, want)
		}
	}
}
