package main

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store/postgres/pgtest"
)

// `pelotao migrate` on PostgreSQL applies every migration and exits, serving nothing; running it
// again changes nothing.
func TestMigrateCommandOnPostgres(t *testing.T) {
	cfg := pgtest.FreshSchema(t)
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", cfg.ConnConfig.RuntimeParams["search_path"])
	u.RawQuery = q.Encode()

	migrate := func() string {
		cmd := exec.Command(binary, "migrate")
		cmd.Env = append(os.Environ(), "PELOTAO_DATABASE_URL="+u.String())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("pelotao migrate: %v\n%s", err, out)
		}
		return string(out)
	}
	if out := migrate(); !strings.Contains(out, "migrations applied") {
		t.Fatalf("output: %s", out)
	}
	migrate()

	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT version FROM schema_migrations ORDER BY version")
	if err != nil {
		t.Fatal(err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(versions) < 3 || versions[0] != "0001_init" || versions[2] != "0003_accounts" {
		t.Fatalf("applied: %v %v", versions, err)
	}
	var events int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM events").Scan(&events); err != nil || events != 0 {
		t.Fatalf("events table after migrate: %d %v", events, err)
	}
}
