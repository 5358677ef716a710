package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"pelotao/internal/store/postgres/pgtest"
)

// freshPostgres returns a PELOTAO_DATABASE_URL for a fresh database of the test's own, and the
// pool configuration that reaches it.
func freshPostgres(t *testing.T) (string, *pgxpool.Config) {
	t.Helper()
	cfg := pgtest.FreshSchema(t)
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", cfg.ConnConfig.RuntimeParams["search_path"])
	u.RawQuery = q.Encode()
	return u.String(), cfg
}

// `pelotao migrate` on PostgreSQL applies every migration and exits, serving nothing; running it
// again changes nothing.
func TestMigrateCommandOnPostgres(t *testing.T) {
	dbURL, cfg := freshPostgres(t)
	migrate := func() string {
		cmd := exec.Command(binary, "migrate")
		cmd.Env = append(os.Environ(), "PELOTAO_DATABASE_URL="+dbURL)
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

// Two real `pelotao serve` processes on one PostgreSQL database: an account made through one
// signs in through the other, and the session cookie of one is valid on the other.
func TestTwoProcessesOnOnePostgresDatabase(t *testing.T) {
	dbURL, _ := freshPostgres(t)
	a := start(t, t.TempDir(), "PELOTAO_DATABASE_URL="+dbURL)
	b := start(t, t.TempDir(), "PELOTAO_DATABASE_URL="+dbURL)

	post := func(p *process, path, body string, cookies ...*http.Cookie) *http.Response {
		r, err := http.NewRequest("POST", p.base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Content-Type", "application/json")
		for _, c := range cookies {
			r.AddCookie(c)
		}
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := post(a, "/api/auth/signup", `{"email":"lia@example.com","password":"trilha-da-serra","displayName":"Lia"}`); res.StatusCode != http.StatusCreated {
		t.Fatalf("signup on a: %d", res.StatusCode)
	}
	res := post(b, "/api/auth/login", `{"email":"lia@example.com","password":"trilha-da-serra"}`)
	if res.StatusCode != http.StatusOK || len(res.Cookies()) == 0 {
		t.Fatalf("login on b: %d", res.StatusCode)
	}
	r, _ := http.NewRequest("GET", a.base+"/api/auth/session", nil)
	r.AddCookie(res.Cookies()[0])
	got, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Body.Close()
	body, _ := io.ReadAll(got.Body)
	if !strings.Contains(string(body), `"email":"lia@example.com"`) {
		t.Fatalf("session made on b, read on a: %s", body)
	}
}
