package postgres

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/store"
	"pelotao/internal/store/postgres/pgtest"
	"pelotao/internal/store/storetest"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := OpenConfig(context.Background(), pgtest.FreshSchema(t), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStoreMeetsTheConformanceSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// Two instances on one database never sell one slot twice: the race of the conformance suite, its
// buyers split between them (REG-40).
func TestOrderRaceAcrossInstances(t *testing.T) {
	storetest.OrderRace(t, twoInstances(t)...)
}

// Two instances on one database never let one account pass its cap of registrations in an event
// (REG-192): its 20 concurrent orders split between them, 10 are made.
func TestRegistrationLimitAcrossInstances(t *testing.T) {
	storetest.RegistrationLimitRace(t, twoInstances(t)...)
}

// GRP-2: two instances creating a group of one folded name at once make one.
func TestGroupRaceAcrossInstances(t *testing.T) {
	storetest.GroupRace(t, twoInstances(t)...)
}

// GRP-21: two instances pricing racing orders of one group each count it in turn.
func TestGroupOrderRaceAcrossInstances(t *testing.T) {
	storetest.GroupOrderRace(t, twoInstances(t)...)
}

// twoInstances opens two stores on one fresh database, as two servers share it.
func twoInstances(t *testing.T) []store.Store {
	cfg := pgtest.FreshSchema(t)
	stores := make([]store.Store, 2)
	for i := range stores {
		s, err := OpenConfig(context.Background(), cfg.Copy(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	return stores
}

// The orders list one instance keeps in memory shows at once what another instance changed
// (REG-160).
func TestOrderListAcrossInstances(t *testing.T) {
	stores := twoInstances(t)
	storetest.OrderListAcrossInstances(t, stores[0], stores[1])
}

func TestSummaryMigration(t *testing.T) {
	s := openTemp(t)
	storetest.SummaryMigration(t, s, func(ctx context.Context) error {
		if _, err := s.pool.Exec(ctx, `UPDATE events SET summary = substr(summary, 1, strpos(summary, ',"resultados":') - 1) || '}'`); err != nil {
			return err
		}
		if _, err := s.pool.Exec(ctx, "DELETE FROM schema_migrations WHERE version = '0027_summary_results'"); err != nil {
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
		t.Fatalf("versions: %v", first)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Versions(ctx); !slices.Equal(first, again) {
		t.Fatalf("second migrate changed versions: %v → %v", first, again)
	}
}

// Two instances starting at once on a fresh database both start, and the migrations are applied
// once: the test holds the migration lock until both are waiting for it, so they really race.
func TestConcurrentStartsApplyMigrationsOnce(t *testing.T) {
	cfg := pgtest.FreshSchema(t)
	cfg.ConnConfig.RuntimeParams["application_name"] = "pelotao-test-" + t.Name()
	ctx := context.Background()
	holder, err := pgx.ConnectConfig(ctx, cfg.ConnConfig.Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close(ctx)
	if _, err := holder.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLock); err != nil {
		t.Fatal(err)
	}

	stores := make([]*Store, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = OpenConfig(ctx, cfg.Copy(), 5*time.Second)
		}()
	}
	started := make(chan struct{})
	go func() { wg.Wait(); close(started) }()
	for waiting := 0; waiting < len(stores); {
		select {
		case <-started:
			t.Fatalf("the instances started without waiting for the migration lock: %v", errs)
		default:
		}
		if err := holder.QueryRow(ctx, `SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid)
			WHERE l.locktype = 'advisory' AND NOT l.granted AND a.application_name = $1`,
			cfg.ConnConfig.RuntimeParams["application_name"]).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := holder.Exec(ctx, "SELECT pg_advisory_unlock($1)", migrationLock); err != nil {
		t.Fatal(err)
	}
	<-started
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d did not start: %v", i, err)
		}
		defer stores[i].Close()
	}

	var want []string
	names, _ := fs.Glob(migrations, "migrations/*.sql")
	for _, n := range names {
		want = append(want, strings.TrimSuffix(strings.TrimPrefix(n, "migrations/"), ".sql"))
	}
	for i, s := range stores {
		if got, err := s.Versions(ctx); err != nil || !slices.Equal(got, want) {
			t.Fatalf("instance %d sees migrations %v (%v), want %v", i, got, err, want)
		}
	}
	var createdAt int
	if err := holder.QueryRow(ctx, "SELECT count(*) FROM app_meta WHERE key = 'created_at'").Scan(&createdAt); err != nil || createdAt != 1 {
		t.Fatalf("0001_init ran %d times (%v)", createdAt, err)
	}
}

func TestUnreachableDatabaseStopsWithClearError(t *testing.T) {
	_, err := Open(context.Background(), "postgres://nobody:x@127.0.0.1:1/none?sslmode=disable&connect_timeout=1", time.Second)
	if err == nil || !strings.Contains(err.Error(), "database unreachable") {
		t.Fatalf("want a clear 'database unreachable' error, got %v", err)
	}
}
