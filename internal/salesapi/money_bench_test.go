package salesapi

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/postgres/pgtest"
	"pelotao/internal/store/storetest"
)

// soldOut is the size of the sale the finance tab is made for (docs/budgets.md, "Registration").
const soldOut = 30_000

// onBothDatabasesB runs bench on a SQLite file and, when PostgreSQL is configured, on a fresh
// schema, each holding an event of ana's with soldOut orders (a tenth of them Silvas). The
// orders are made once per database, outside the sub-benchmark that the framework runs again
// for each b.N.
func onBothDatabasesB(b *testing.B, bench func(b *testing.B, site *testSite, eventID string)) {
	seeded := func(st store.Store) (*testSite, string) {
		site := newTestSite(b, st, nil)
		eventID := site.createEvent(b)
		nome := func(i int) string {
			return fmt.Sprintf("%s %s", []string{"Ana", "Bruno", "Carla", "Davi"}[i%4],
				[]string{"Silva", "Souza", "Santos", "Lima", "Costa", "Alves", "Rocha", "Dias", "Melo", "Reis"}[i%10])
		}
		start := time.Now()
		if err := storetest.SeedOrders(context.Background(), st, eventID, soldOut, nome, time.Now()); err != nil {
			b.Fatal(err)
		}
		b.Logf("%d orders seeded in %s", soldOut, time.Since(start).Round(time.Second))
		return site, eventID
	}
	site, eventID := seeded(dbtest.OpenSQLite(b, filepath.Join(memoryDir(b), "bench.db")))
	b.Run("sqlite", func(b *testing.B) { bench(b, site, eventID) })
	cfg := pgtest.FreshSchema(b)
	// A commit need not wait for its WAL to reach the disk: the sale's commits (each of its
	// 24,000 payments one) are what make the rows, not what is measured.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	st, err := postgres.OpenConfig(context.Background(), cfg, 5*time.Second)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	site, eventID = seeded(st)
	b.Run("postgres", func(b *testing.B) { bench(b, site, eventID) })
}

// memoryDir is a temporary folder in memory (/dev/shm) when the system has one: SQLite then
// makes the sale's 60,000 commits without waiting for the disk each time.
func memoryDir(b *testing.B) string {
	dir, err := os.MkdirTemp("/dev/shm", "pelotao-bench-")
	if err != nil {
		return b.TempDir()
	}
	b.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// measure sends GET path as ana from clients concurrent clients until the benchmark ends, and
// reports the answers' p50 and p99 (the budgets are of p99).
//
// Each request first yields (runtime.Gosched), and its time counts from before: it waits its
// turn behind the requests already waiting, as one arriving over the network does, and that
// wait is part of its answer's time. Clients that never yielded would each run requests for the
// scheduler's whole time slice (10 ms), and a request cut at a slice's end would wait for the
// other clients' slices, hundreds of milliseconds with 50 of them: a stall no client of a
// server sees, its connection's goroutine waiting for the network between requests.
func measure(b *testing.B, site *testSite, path string, clients int) {
	var mu sync.Mutex
	var took []time.Duration
	b.SetParallelism(max(1, clients/runtime.GOMAXPROCS(0))) // RunParallel runs parallelism × GOMAXPROCS clients
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			start := time.Now()
			runtime.Gosched()
			rec := site.Call("GET", path, "", apitest.As(&ana))
			mine = append(mine, time.Since(start))
			if rec.Code != http.StatusOK {
				b.Errorf("GET %s: %d %s", path, rec.Code, rec.Body)
				return
			}
		}
		mu.Lock()
		took = append(took, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	slices.Sort(took)
	if len(took) > 0 {
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	}
}

// BenchmarkFinance30000 is GET /api/events/{id}/financeiro on an event with 30,000 orders; the
// budget is 100 ms p99 (docs/budgets.md).
func BenchmarkFinance30000(b *testing.B) {
	onBothDatabasesB(b, func(b *testing.B, site *testSite, eventID string) {
		measure(b, site, "/api/events/"+eventID+"/financeiro", 1)
	})
}

// BenchmarkOrdersSearch30000 is a searched page of the orders list (q=silva, 50 a page) of an
// event with 30,000 orders at 50 concurrent clients; the budget is 20 ms p99 (docs/budgets.md).
func BenchmarkOrdersSearch30000(b *testing.B) {
	onBothDatabasesB(b, func(b *testing.B, site *testSite, eventID string) {
		measure(b, site, "/api/events/"+eventID+"/pedidos?limit=50&q=silva", 50)
	})
}
