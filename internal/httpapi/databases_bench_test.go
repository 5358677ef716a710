package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/config"
	"pelotao/internal/store"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/postgres/pgtest"
	"pelotao/internal/store/sqlite"
	"pelotao/internal/store/storetest"
)

// BenchmarkDatabases compares SQLite and PostgreSQL under the whole server (in-process, no
// network between client and server): the two main reads over 1,000 events, the session check
// every signed-in request makes, a sign-in with the production password hashing, and the
// organizer panel's read of the owner of the 1,000 events, one of them with 3,000 orders.
//
//	PELOTAO_TEST_POSTGRES_URL=… go test -run '^$' -bench Databases -benchtime 2s -count 3 ./internal/httpapi
func BenchmarkDatabases(b *testing.B) {
	open := map[string]func(b *testing.B) store.Store{
		"sqlite": func(b *testing.B) store.Store {
			st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			return st
		},
		"postgres": func(b *testing.B) store.Store {
			st, err := postgres.OpenConfig(context.Background(), pgtest.FreshSchema(b), 5*time.Second)
			if err != nil {
				b.Fatal(err)
			}
			return st
		},
	}
	for _, db := range []string{"sqlite", "postgres"} {
		b.Run(db, func(b *testing.B) {
			st := open[db](b)
			defer st.Close()
			cfg, err := config.Load(func(string) string { return "" })
			if err != nil {
				b.Fatal(err)
			}
			// Accounts left nil: the server makes the production service (argon2id DefaultParams).
			srv, err := New(Deps{Config: cfg, Store: st, UI: testUI, Log: slog.New(slog.DiscardHandler)})
			if err != nil {
				b.Fatal(err)
			}
			id := seedBenchEvents(b, st, cfg.Location)
			if _, err := srv.accounts.CreateUser(context.Background(), "bia@example.com", "bicicleta-azul", "Bia"); err != nil {
				b.Fatal(err)
			}
			login := func() *httptest.ResponseRecorder {
				r := httptest.NewRequest("POST", "/api/auth/login", strings.NewReader(`{"email":"bia@example.com","password":"bicicleta-azul"}`))
				r.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, r)
				if w.Code != http.StatusOK {
					b.Fatalf("login: %d %s", w.Code, w.Body)
				}
				return w
			}
			var session *http.Cookie
			for _, c := range login().Result().Cookies() {
				if strings.HasSuffix(c.Name, "pelotao_session") {
					session = c
				}
			}

			get := func(url string, cookies ...*http.Cookie) func(b *testing.B) {
				return func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						srv.lists.Clear() // the database answers the list, not the list cache
						r := httptest.NewRequest("GET", url, nil)
						for _, c := range cookies {
							r.AddCookie(c)
						}
						w := httptest.NewRecorder()
						srv.ServeHTTP(w, r)
						if w.Code != http.StatusOK {
							b.Fatalf("%s: %d", url, w.Code)
						}
					}
				}
			}
			b.Run("list", get("/api/events"))
			b.Run("get", get("/api/events/"+id))
			b.Run("session", get("/api/auth/session", session))
			b.Run("login", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					login()
				}
			})
			ctx := context.Background()
			if err := storetest.SeedOrders(ctx, st, id, 3000, func(i int) string { return fmt.Sprint("Atleta ", i) }, time.Now()); err != nil {
				b.Fatal(err)
			}
			b.Run("painel", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if events, err := st.Panel(ctx, "dono"); err != nil || len(events) != 1000 {
						b.Fatalf("panel: %d events, %v", len(events), err)
					}
				}
			})
		})
	}
}
