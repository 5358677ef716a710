package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

// benchApp is a server over 1,000 full events spread over two years around today.
func benchApp(b *testing.B) (*testApp, string) {
	b.Helper()
	app := newTestApp(b)
	// The access log would measure the terminal; production writes it to a pipe.
	srv, err := New(Deps{Config: app.srv.cfg, Store: app.store, UI: testUI, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	app.srv, app.Client = srv, apitest.Client{Handler: srv}
	return app, seedBenchEvents(b, app.store, app.srv.cfg.Location)
}

// seedBenchEvents stores 1,000 full events spread over two years around today in loc, and
// returns the id of one of them.
func seedBenchEvents(b *testing.B, st store.EventStore, loc *time.Location) string {
	b.Helper()
	today := event.Today(loc, time.Now())
	var id string
	for i := range 1000 {
		e, err := event.Decode([]byte(validEventJSON(fmt.Sprintf("Evento %04d de São Paulo", i), today.AddDays(i-500).String())))
		if err != nil {
			b.Fatal(err)
		}
		e.Normalize()
		e.OwnerID = "dono"
		created, err := st.CreateEvent(context.Background(), e)
		if err != nil {
			b.Fatal(err)
		}
		id = created.ID
	}
	return id
}

// BenchmarkEventsAPI measures GET /api/events and GET /api/events/{id} in-process (ns/op,
// allocs/op), then the latency percentiles of 50 concurrent clients over real HTTP.
func BenchmarkEventsAPI(b *testing.B) {
	app, id := benchApp(b)
	urls := map[string]string{
		"list":          "/api/events",
		"list-500":      "/api/events?limit=500",
		"list-upcoming": "/api/events?when=upcoming&q=sao+paulo",
		"get":           "/api/events/" + id,
	}
	for _, name := range []string{"list", "list-500", "list-upcoming", "get"} {
		url := urls[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				app.srv.ServeHTTP(w, httptest.NewRequest("GET", url, nil))
				if w.Code != 200 {
					b.Fatalf("%s: %d", url, w.Code)
				}
			}
		})
		b.Run(name+"-50-clients", func(b *testing.B) {
			p50, p99 := concurrentLatency(b, app.srv, url, 50)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		})
	}
}

// concurrentLatency sends b.N requests over HTTP from `clients` clients at once, and returns
// the 50th and 99th percentile of the request times; ns/op is then wall time per request.
func concurrentLatency(b *testing.B, h http.Handler, url string, clients int) (p50, p99 time.Duration) {
	return concurrentLatencyAs(b, h, url, clients, nil)
}

// concurrentLatencyAs is concurrentLatency with a session cookie on every request (nil: none).
func concurrentLatencyAs(b *testing.B, h http.Handler, url string, clients int, cookie *http.Cookie) (p50, p99 time.Duration) {
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	times := make([]time.Duration, b.N)
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	for range clients {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				req, _ := http.NewRequest("GET", srv.URL+url, nil)
				if cookie != nil {
					req.AddCookie(cookie)
				}
				start := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Errorf("%s: %d", url, resp.StatusCode)
				}
				times[i] = time.Since(start)
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(times)
	return times[len(times)/2], times[len(times)*99/100]
}
