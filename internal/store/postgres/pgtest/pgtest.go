// Package pgtest gives tests a PostgreSQL database of their own: an empty schema in the
// database named by PELOTAO_TEST_POSTGRES_URL, dropped when the test ends.
//
// Outside CI a missing or unreachable database skips the test with the reason; with CI=true it
// fails, because CI always provides one (.ci/run starts it).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// URL returns PELOTAO_TEST_POSTGRES_URL, or skips (fails in CI) when it is not set.
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("PELOTAO_TEST_POSTGRES_URL")
	if url == "" {
		if inCI() {
			t.Fatal("PELOTAO_TEST_POSTGRES_URL is not set, and CI=true forbids skipping the PostgreSQL tests")
		}
		t.Skip("PostgreSQL tests skipped: PELOTAO_TEST_POSTGRES_URL is not set (.ci/run sets it)")
	}
	return url
}

// FreshSchema makes an empty schema for one test and returns a pool configuration confined to
// it, so the test sees a fresh database. Pools made from copies of it (cfg.Copy()) share the
// schema, as several instances of the site share one database.
func FreshSchema(t testing.TB) *pgxpool.Config {
	t.Helper()
	url := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		if inCI() {
			t.Fatalf("connecting to PELOTAO_TEST_POSTGRES_URL: %v", err)
		}
		t.Skipf("PostgreSQL tests skipped: cannot connect to PELOTAO_TEST_POSTGRES_URL: %v", err)
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

func inCI() bool { return os.Getenv("CI") == "true" }
