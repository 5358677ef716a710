package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"pelotao/internal/store"
	"pelotao/internal/store/storetest"
)

// testURL returns PELOTAO_TEST_POSTGRES_URL. Outside CI a missing database skips the test with
// the reason; with CI=true it fails, because CI always provides one.
func testURL(t *testing.T) string {
	t.Helper()
	url := os.Getenv("PELOTAO_TEST_POSTGRES_URL")
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PELOTAO_TEST_POSTGRES_URL is not set, and CI=true forbids skipping the PostgreSQL tests")
		}
		t.Skip("PostgreSQL tests skipped: PELOTAO_TEST_POSTGRES_URL is not set (.ci/run sets it)")
	}
	return url
}

// freshSchemaConfig makes an empty schema for one test and a pool configuration confined to it,
// so each test sees a fresh database. The schema is dropped when the test ends.
func freshSchemaConfig(t *testing.T) *pgxpool.Config {
	t.Helper()
	url := testURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		if os.Getenv("CI") != "true" {
			t.Skipf("PostgreSQL tests skipped: cannot connect to PELOTAO_TEST_POSTGRES_URL: %v", err)
		}
		t.Fatalf("connecting to PELOTAO_TEST_POSTGRES_URL: %v", err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), url)
		if err == nil {
			c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			c.Close(context.Background())
		}
	})
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema + ",public"
	cfg.MaxConns = 8
	return cfg
}

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := OpenConfig(context.Background(), freshSchemaConfig(t), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestMigrateFromEmptyIsIdempotent(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	first, err := s.Versions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) == 0 || first[0] != "0001_init" {
		t.Fatalf("versions: %v", first)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Versions(ctx); !slices.Equal(first, again) {
		t.Fatalf("second migrate changed versions: %v → %v", first, again)
	}
}

// Two instances starting at once must not both apply a migration: the advisory lock serialises them.
func TestConcurrentMigrations(t *testing.T) {
	cfg := freshSchemaConfig(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := OpenConfig(context.Background(), cfg.Copy(), 5*time.Second)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("concurrent start: %v", err)
		}
	}
}

func TestUnreachableDatabaseStopsWithClearError(t *testing.T) {
	_, err := Open(context.Background(), "postgres://nobody:x@127.0.0.1:1/none?sslmode=disable&connect_timeout=1", time.Second)
	if err == nil || !strings.Contains(err.Error(), "database unreachable") {
		t.Fatalf("want a clear 'database unreachable' error, got %v", err)
	}
}
