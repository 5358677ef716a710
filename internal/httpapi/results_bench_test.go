package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store/storetest"
)

// BenchmarkResultsAPI measures a page of 50 lines of a 30,000-line set, unfiltered, searched
// and filtered, in-process and at 50 concurrent clients over HTTP (p99 budget: 20 ms), and one
// athlete's answer.
func BenchmarkResultsAPI(b *testing.B) {
	app := newTestApp(b)
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.store, UI: testUI, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	e, err := event.Decode([]byte(validEventJSON("Maratona de São Paulo", "2026-04-12")))
	if err != nil {
		b.Fatal(err)
	}
	e.Normalize()
	e.OwnerID = "dono"
	e, err = app.store.CreateEvent(context.Background(), e)
	if err != nil {
		b.Fatal(err)
	}
	set, err := app.store.ReplaceResultSet(context.Background(), results.Set{EventID: e.ID, Percurso: "60 km", Status: results.Oficial},
		storetest.RaceResults(30_000))
	if err != nil {
		b.Fatal(err)
	}
	base := fmt.Sprintf("/api/events/%s/results/%s", e.ID, set.ID)
	urls := []struct{ name, url string }{
		{"page", base + "?limit=50"},
		{"search", base + "?limit=50&q=silva"},
		{"search-two-words", base + "?limit=50&q=ana+gon%C3%A7alves"},
		{"search-sexo-categoria", base + "?limit=50&q=ritmo&sexo=F&categoria=F3034"},
		{"athlete", base + "/athletes/12345"},
	}
	for _, u := range urls {
		b.Run(u.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, httptest.NewRequest("GET", u.url, nil))
				if w.Code != 200 {
					b.Fatalf("%s: %d %s", u.url, w.Code, w.Body)
				}
			}
		})
		b.Run(u.name+"-50-clients", func(b *testing.B) {
			p50, p99 := concurrentLatency(b, srv, u.url, 50)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}
